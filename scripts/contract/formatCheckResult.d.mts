// Types of formatCheckResult.mjs for the TypeScript that imports it (tests).
import type { CheckResult } from './checkContracts.mjs';

export declare function formatCheckResult(result: CheckResult): string;
