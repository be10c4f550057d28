// Types of loadContract.mjs for the TypeScript that imports it (tests).

export declare function hasExternalRefs(node: unknown): boolean;
export declare function parseContract(text: string, name: string): Record<string, unknown>;
export declare function loadContract(file: string, text?: string): Promise<Record<string, unknown>>;
