/** Differences between generated/ and a fresh `npm run generate` (empty when identical). */
export declare function checkGenerated(): Promise<string[]>;
