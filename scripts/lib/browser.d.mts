import type { BrowserContext } from 'playwright-core';

export declare const CHROMIUM_ARGS: string[];
/** Launches headless Chromium with a fresh profile; rejects at once when the executable is missing. */
export declare function launchBrowser(options?: {
  /** Defaults to `$CHROMIUM_PATH`, else `/usr/bin/chromium`. */
  executablePath?: string;
  /** How long Chromium may take to answer. Defaults to 30 000 ms. */
  launchTimeoutMs?: number;
  /** The screen to emulate. Defaults to a 1280 × 800 desktop window. */
  device?: {
    viewport: { width: number; height: number };
    deviceScaleFactor?: number;
    isMobile?: boolean;
    hasTouch?: boolean;
  };
}): Promise<{ context: BrowserContext; close(): Promise<void> }>;
