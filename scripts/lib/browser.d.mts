import type { BrowserContext } from 'playwright-core';

export declare const CHROMIUM_ARGS: string[];
/** Launches headless Chromium with a fresh profile. */
export declare function launchBrowser(): Promise<{ context: BrowserContext; close(): Promise<void> }>;
