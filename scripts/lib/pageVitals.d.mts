import type { BrowserContext } from 'playwright-core';

/** A network, CPU and screen profile for {@link measurePage}. */
export interface ThrottleProfile {
  latencyMs: number;
  downloadKbps: number;
  uploadKbps: number;
  cpuSlowdown: number;
  /** The screen: pass it to `launchBrowser({ device })`. */
  device: {
    viewport: { width: number; height: number };
    deviceScaleFactor: number;
    isMobile: boolean;
    hasTouch: boolean;
  };
}

/** A phone on a slow network: 150 ms round trip, 1.6 Mbit/s down, 4× CPU slowdown, 412 × 823 screen. */
export declare const SLOW_PHONE: Readonly<ThrottleProfile>;

/** One layout shift: when, how much, and which elements moved. */
export interface LayoutShift {
  at: number;
  value: number;
  nodes: string[];
}

/** What {@link measurePage} reports of one first visit. */
export interface PageVitals {
  fcp: number;
  lcp: number;
  lcpElement: string;
  cls: number;
  shifts: LayoutShift[];
  status: number;
  html: string;
  scripts: Array<{ url: string; bytes: number }>;
  jsBytes: number;
}

/** Opens `url` as a first visit and measures it; see pageVitals.mjs. */
export declare function measurePage(
  context: BrowserContext,
  url: string,
  options?: { throttle?: ThrottleProfile; settleMs?: number },
): Promise<PageVitals>;
