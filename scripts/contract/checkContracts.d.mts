// Types of checkContracts.mjs for the TypeScript that imports it (tests).

export interface CheckedBreakingChange {
  operationId: string | undefined;
  method: string | undefined;
  path: string | undefined;
  description: string;
  acknowledged: boolean;
}

export interface CheckedApi {
  api: string;
  changelog: string;
  acknowledgement: { heading?: string; reason?: string };
  breaking: CheckedBreakingChange[];
  unusedTargets: string[];
}

export interface CheckResult {
  ok: boolean;
  base: string;
  commit?: string;
  skipped?: string;
  allowBreaking?: boolean;
  apis: CheckedApi[];
}

export declare function checkContracts(options?: {
  root?: string;
  base?: string;
  allowBreaking?: boolean;
  git?: string;
}): Promise<CheckResult>;
