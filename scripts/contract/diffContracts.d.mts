// Types of diffContracts.mjs for the TypeScript that imports it (tests).

export type ChangeClass = 'breaking' | 'unclassified' | 'deprecated' | 'non-breaking' | 'annotation';
export declare const CLASSES: ChangeClass[];

/** One classified change, with the JSON pointer of what changed in the contract. */
export interface ContractChange {
  type: ChangeClass;
  action: 'add' | 'remove' | 'replace' | 'rename';
  description: string;
  pointer: string;
}

/** The changes of one operation (`METHOD path`). */
export interface OperationChanges {
  method: string;
  path: string;
  operationId: string | undefined;
  change: 'added' | 'removed' | 'changed';
  type: ChangeClass;
  changes: ContractChange[];
}

export interface ContractDiff {
  operations: OperationChanges[];
  document: ContractChange[];
}

export declare function diffContracts(before: object | undefined, after: object | undefined): ContractDiff;
