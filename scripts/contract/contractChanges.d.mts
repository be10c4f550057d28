// Types of contractChanges.mjs for the TypeScript that imports it (tests).
import type { ChangeClass, ContractChange, OperationChanges } from './diffContracts.mjs';

export interface ApiChanges {
  api: string;
  status: 'unchanged' | 'changed' | 'added' | 'removed';
  operations: OperationChanges[];
  document: ContractChange[];
  counts: Record<ChangeClass | 'added' | 'removed' | 'changed', number>;
}

export interface ChangeReport {
  base: string;
  commit?: string;
  skipped?: string;
  apis: ApiChanges[];
}

export declare function contractChanges(options?: {
  root?: string;
  base?: string;
  apis?: string[];
  git?: string;
}): Promise<ChangeReport>;
