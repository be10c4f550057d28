// @ts-check
// A page as a visitor's browser gets it, measured in Chromium: first and largest contentful paint,
// cumulative layout shift (the Web Vitals definition: the worst session window of shifts without
// recent input), total blocking time, render-blocking requests, every JavaScript file the visit
// downloaded and (on request) how much of it never ran during the load. Optionally as a phone on a slow
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
 * @property {Array<{ url: string; bytes: number; unusedBytes?: number }>} scripts
 *   Each file's bytes over the wire and, with `coverage`, the share of them that never ran (Lighthouse's
 *   estimate: the transferred size times the file's fraction of code not executed).
 * @property {number} jsBytes
 * @property {number} [unusedJsBytes] With `coverage`: the sum of the files' `unusedBytes`.
 * @property {number} tbt Total blocking time: each long task's time over 50 ms, from first contentful
 *   paint until the measurement ends (the page idle).
 * @property {number} longestTask
 * @property {string[]} renderBlocking The requests the browser held the first paint for (Resource Timing's
 *   `renderBlockingStatus`), by path.
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

/**
 * What the page records itself.
 * @typedef {Pick<PageVitals, 'fcp' | 'lcp' | 'lcpElement' | 'cls' | 'shifts'> & {
 *   longTasks: Array<{ at: number; duration: number }>;
 * }} InPage
 */

/**
 * The bytes of `source` no function or block ever ran, from V8's precise block coverage: ranges nest,
 * and an inner range's count overrides its function's, so applying them outer first leaves each
 * character with the count of the innermost range around it.
 * @param {string} source
 * @param {Array<{ ranges: Array<{ startOffset: number; endOffset: number; count: number }> }>} functions
 * @returns {number}
 */
function unexecutedBytes(source, functions) {
  const counts = new Uint32Array(source.length).fill(1);
  const ranges = functions.flatMap((f) => f.ranges);
  ranges.sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset);
  for (const r of ranges) counts.fill(r.count > 0 ? 1 : 0, r.startOffset, Math.min(r.endOffset, source.length));
  let unused = 0;
  for (const count of counts) if (count === 0) unused += 1;
  return unused;
}

/**
 * An init script (`page.addInitScript(observeVitals)`, before any of the page's scripts): records
 * paints, long tasks and layout shifts as they happen, for {@link measurePage} and for
 * {@link readShifts} on a page a test opened its own way.
 */
export function observeVitals() {
  /** @type {InPage} */
  const vitals = { fcp: -1, lcp: -1, lcpElement: '', cls: 0, shifts: [], longTasks: [] };
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
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) vitals.longTasks.push({ at: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  /** @type {{ __pageVitals?: unknown }} */ (globalThis).__pageVitals = vitals;
}

/**
 * The layout shifts a page with {@link observeVitals} has had so far: `cls` (the worst session
 * window, as CLS counts it) and each shift with its time, value and the elements that moved.
 * @param {{ evaluate<R>(fn: () => R): Promise<R> }} page
 * @returns {Promise<Pick<PageVitals, 'cls' | 'shifts'>>}
 */
export async function readShifts(page) {
  const { cls, shifts } = /** @type {InPage} */ (
    await page.evaluate(() => /** @type {{ __pageVitals?: unknown }} */ (globalThis).__pageVitals)
  );
  return { cls, shifts };
}

/**
 * Opens `url` in a fresh page of `context` as a first visit (no cache, no cookies), waits until the
 * network has been quiet and `settleMs` more have passed (late answers such as banners and widget
 * results land by then), and returns its vitals: `fcp`, `lcp` (ms), `lcpElement`, `cls`, `shifts`
 * (each with its time, value and the elements that moved), `scripts` (`{ url, bytes }` of every
 * JavaScript file downloaded, bytes as transferred), `jsBytes` (their sum), `status` and `html`
 * (the document as served). `throttle` is a network and CPU profile such as {@link SLOW_PHONE}
 * (the screen is the context's); defaults to none (full speed). `settleMs` defaults to 1500.
 * `coverage`: also measure how much of each script never ran during the load (`unusedBytes`,
 * `unusedJsBytes`; V8 block coverage slows the page, so off by default).
 * @param {BrowserContext} context
 * @param {string} url
 * @param {{ throttle?: ThrottleProfile; settleMs?: number; coverage?: boolean }} [options]
 * @returns {Promise<PageVitals>}
 */
export async function measurePage(context, url, { throttle, settleMs = 1500, coverage = false } = {}) {
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
      // Only when slowed: Chromium slows a page by spinning its main thread, a core's worth of CPU.
      if (throttle.cpuSlowdown > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle.cpuSlowdown });
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
    if (coverage) {
      await cdp.send('Profiler.enable');
      await cdp.send('Debugger.enable'); // for the scripts' sources
      await cdp.send('Profiler.startPreciseCoverage', { callCount: false, detailed: true });
    }
    const response = await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    const html = response ? await response.text() : '';
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    await page.waitForTimeout(settleMs);
    const { longTasks, ...vitals } = /** @type {InPage} */ (
      await page.evaluate(() => /** @type {{ __pageVitals?: unknown }} */ (globalThis).__pageVitals)
    );
    const renderBlocking = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => /** @type {{ renderBlockingStatus?: string }} */ (e).renderBlockingStatus === 'blocking')
        .map((e) => new URL(e.name).pathname),
    );
    // Long tasks before the first paint hold the paint itself (FCP says so); TBT counts those after it.
    const blocking = longTasks.filter((t) => t.at >= vitals.fcp);
    /** @type {Map<string, number>} */
    const unusedShare = new Map();
    if (coverage) {
      const { result } = /** @type {{ result: Array<{ scriptId: string; url: string; functions: any[] }> }} */ (
        await cdp.send('Profiler.takePreciseCoverage')
      );
      await cdp.send('Profiler.stopPreciseCoverage');
      for (const script of result) {
        if (!script.url.startsWith('http')) continue;
        const { scriptSource } = /** @type {{ scriptSource: string }} */ (
          await cdp.send('Debugger.getScriptSource', { scriptId: script.scriptId }).catch(() => ({ scriptSource: '' }))
        );
        if (scriptSource)
          unusedShare.set(script.url, unexecutedBytes(scriptSource, script.functions) / scriptSource.length);
      }
    }
    const files = [...scripts].map(([id, scriptUrl]) => {
      const bytes = sizes.get(id) ?? 0;
      const share = unusedShare.get(scriptUrl);
      return {
        url: new URL(scriptUrl).pathname,
        bytes,
        ...(coverage ? { unusedBytes: Math.round(bytes * (share ?? 0)) } : {}),
      };
    });
    return {
      ...vitals,
      status: response?.status() ?? 0,
      html,
      scripts: files,
      jsBytes: files.reduce((sum, f) => sum + f.bytes, 0),
      ...(coverage ? { unusedJsBytes: files.reduce((sum, f) => sum + (f.unusedBytes ?? 0), 0) } : {}),
      tbt: Math.round(blocking.reduce((sum, t) => sum + Math.max(0, t.duration - 50), 0)),
      longestTask: Math.round(Math.max(0, ...longTasks.map((t) => t.duration))),
      renderBlocking,
    };
  } finally {
    await cdp.detach().catch(() => {});
    await page.close();
  }
}
