// Types of readAcknowledgement.mjs for the TypeScript that imports it (tests).

export interface BreakingTarget {
  method?: string;
  path?: string;
  operationId?: string;
  all?: boolean;
  text: string;
}

export declare function newestEntry(text: string | undefined): { heading: string; lines: string[] } | undefined;
export declare function breakingTargets(lines: string[]): BreakingTarget[];
export declare function readAcknowledgement(
  text: string | undefined,
  baseText: string | undefined,
):
  | { heading: string; targets: BreakingTarget[]; reason?: undefined }
  | { reason: string; heading?: undefined; targets?: undefined };
export declare function targetMatches(
  target: BreakingTarget,
  operation: { operationId?: string; method: string; path: string } | undefined,
): boolean;
