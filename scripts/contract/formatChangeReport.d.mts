// Types of formatChangeReport.mjs for the TypeScript that imports it (tests).
import type { ApiChanges, ChangeReport } from './contractChanges.mjs';

export declare function summarizeApi(entry: ApiChanges): string;
export declare function formatChangeReport(report: ChangeReport, options?: { compact?: boolean }): string;
