// Types of matchOperation.mjs for the TypeScript that imports it (tests).

export declare function operationMatcher(
  doc: object,
): (method: string, pathname: string) => { operationId: string | undefined; method: string; path: string } | undefined;
