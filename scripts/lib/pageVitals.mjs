// @ts-check
// A page as a visitor's browser gets it, measured in Chromium: first and largest contentful paint,
// cumulative layout shift (the Web Vitals definition: the worst session window of shifts without
// recent input), and every JavaScript file the visit downloaded. Optionally as a phone on a slow
// network sees it: DevTools-protocol network and CPU throttling and a phone's viewport. Shared by
// the site benchmark and the Chromium suite, so the figure the bench reports is the one tests hold.

/** @import { BrowserContext } from 'playwright-core' */

/**
 * A network, CPU and screen profile for {@link measurePage}.
 * @typedef {object} ThrottleProfile
 * @property {number} latencyMs
 * @property {number} downloadKbps
 * @property {number} uploadKbps
 * @property {number} cpuSlowdown
 * @property {{ viewport: { width: number; height: number }; deviceScaleFactor: number; isMobile: boolean; hasTouch: boolean }} device
 *   The screen: pass it to `launchBrowser({ device })`.
 */

/**
 * One layout shift: when, how much, and which elements moved.
 * @typedef {object} LayoutShift
 * @property {number} at
 * @property {number} value
 * @property {string[]} nodes
 */

/**
 * What {@link measurePage} reports of one first visit.
 * @typedef {object} PageVitals
 * @property {number} fcp
 * @property {number} lcp
 * @property {string} lcpElement
 * @property {number} cls
 * @property {LayoutShift[]} shifts
 * @property {number} status
 * @property {string} html
 * @property {Array<{ url: string; bytes: number }>} scripts
 * @property {number} jsBytes
 */

// The fields of the paint and layout-shift entries the DOM library does not declare.
/**
 * @typedef {PerformanceEntry & {
 *   element?: Node | null;
 *   hadRecentInput?: boolean;
 *   value: number;
 *   sources?: Array<{ node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }>;
 * }} VitalsEntry
 */

/**
 * A phone on a slow network: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, a 4× slower CPU
 * (the throttling Lighthouse's mobile run uses), and its screen, `device`: 412 × 823 CSS pixels,
 * portrait, touch (a mid-range Android phone). The screen belongs to the browser context: launch it
 * with `launchBrowser({ device: SLOW_PHONE.device })`.
 * @type {Readonly<ThrottleProfile>}
 */
export const SLOW_PHONE = Object.freeze({
  latencyMs: 150,
  downloadKbps: 1600,
  uploadKbps: 750,
  cpuSlowdown: 4,
  device: Object.freeze({
    viewport: Object.freeze({ width: 412, height: 823 }),
    deviceScaleFactor: 2.625,
    isMobile: true,
    hasTouch: true,
  }),
});

// Runs in the page before any of its scripts: records paints and layout shifts as they happen.
function observeVitals() {
  /** @type {Omit<PageVitals, 'status' | 'html' | 'scripts' | 'jsBytes'>} */
  const vitals = { fcp: -1, lcp: -1, lcpElement: '', cls: 0, shifts: [] };
  let window0 = 0;
  let windowStart = -1;
  let last = -1;
  /** @param {Node | null | undefined} node */
  const describe = (node) => {
    if (!node || node.nodeType !== 1) return node ? node.nodeName : '';
    const el = /** @type {Element} */ (node);
    return `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.classList.length ? `.${[...el.classList].join('.')}` : ''}`;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') vitals.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of /** @type {VitalsEntry[]} */ (list.getEntries())) {
      vitals.lcp = entry.startTime;
      vitals.lcpElement = describe(entry.element);
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of /** @type {VitalsEntry[]} */ (list.getEntries())) {
      if (entry.hadRecentInput) continue;
      // A session window ends after a 1 s gap or 5 s in all; CLS is the worst window.
      if (windowStart < 0 || entry.startTime - last > 1000 || entry.startTime - windowStart > 5000) {
        windowStart = entry.startTime;
        window0 = 0;
      }
      window0 += entry.value;
      last = entry.startTime;
      vitals.cls = Math.max(vitals.cls, window0);
      vitals.shifts.push({
        at: Math.round(entry.startTime),
        value: entry.value,
        nodes: (entry.sources ?? []).map(
          (s) =>
            `${describe(s.node)} y${Math.round(s.previousRect.y)}→${Math.round(s.currentRect.y)} h${Math.round(s.previousRect.height)}→${Math.round(s.currentRect.height)}`,
        ),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  /** @type {{ __pageVitals?: unknown }} */ (globalThis).__pageVitals = vitals;
}

/**
 * Opens `url` in a fresh page of `context` as a first visit (no cache, no cookies), waits until the
 * network has been quiet and `settleMs` more have passed (late answers such as banners and widget
 * results land by then), and returns its vitals: `fcp`, `lcp` (ms), `lcpElement`, `cls`, `shifts`
 * (each with its time, value and the elements that moved), `scripts` (`{ url, bytes }` of every
 * JavaScript file downloaded, bytes as transferred), `jsBytes` (their sum), `status` and `html`
 * (the document as served). `throttle` is a network and CPU profile such as {@link SLOW_PHONE}
 * (the screen is the context's); defaults to none (full speed). `settleMs` defaults to 1500.
 * @param {BrowserContext} context
 * @param {string} url
 * @param {{ throttle?: ThrottleProfile; settleMs?: number }} [options]
 * @returns {Promise<PageVitals>}
 */
export async function measurePage(context, url, { throttle, settleMs = 1500 } = {}) {
  await context.clearCookies();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  try {
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (throttle) {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: throttle.latencyMs,
        downloadThroughput: (throttle.downloadKbps * 1000) / 8,
        uploadThroughput: (throttle.uploadKbps * 1000) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle.cpuSlowdown });
    }
    // Bytes as they came over the wire, per request (headers included, as the network saw them).
    /** @type {Map<string, number>} */
    const sizes = new Map();
    /** @type {Map<string, string>} */
    const scripts = new Map();
    cdp.on(
      'Network.responseReceived',
      (/** @type {{ requestId: string; type: string; response: { url: string } }} */ { requestId, type, response }) => {
        if (type === 'Script') scripts.set(requestId, response.url);
      },
    );
    cdp.on(
      'Network.loadingFinished',
      (/** @type {{ requestId: string; encodedDataLength: number }} */ { requestId, encodedDataLength }) =>
        sizes.set(requestId, encodedDataLength),
    );
    await page.addInitScript(observeVitals);
    const response = await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const html = response ? await response.text() : '';
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    await page.waitForTimeout(settleMs);
    const vitals = /** @type {Omit<PageVitals, 'status' | 'html' | 'scripts' | 'jsBytes'>} */ (
      await page.evaluate(() => /** @type {{ __pageVitals?: unknown }} */ (globalThis).__pageVitals)
    );
    const files = [...scripts].map(([id, scriptUrl]) => ({
      url: new URL(scriptUrl).pathname,
      bytes: sizes.get(id) ?? 0,
    }));
    return {
      ...vitals,
      status: response?.status() ?? 0,
      html,
      scripts: files,
      jsBytes: files.reduce((sum, f) => sum + f.bytes, 0),
    };
  } finally {
    await cdp.detach().catch(() => {});
    await page.close();
  }
}
