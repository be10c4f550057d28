import type { Page } from 'playwright-core';
export { DESKTOP, launchBrowser } from '../../scripts/lib/browser.mjs';

/**
 * Runs a `beforeAll`'s starts together and throws the first failure only once
 * every start has settled. Each start assigns its own variable as it resolves,
 * so `afterAll` stops whatever did start (Promise.all would throw while a Prism
 * or server was still coming up, leaving it running and unassigned).
 */
export async function startAll(starts: readonly Promise<unknown>[]): Promise<void> {
  const failures = (await Promise.allSettled(starts)).flatMap((r) =>
    r.status === 'rejected' ? [r.reason as unknown] : [],
  );
  if (failures.length === 1) throw failures[0];
  if (failures.length > 1) throw new AggregateError(failures, failures.map(String).join('\n'));
}

/**
 * `work` on every item, at most `limit` at a time (a test's independent page visits, without
 * opening all of them at once on a small machine); resolves to the results in the items' order.
 * After a failure nothing new starts; the first failure is thrown once the started work has settled.
 */
export async function mapConcurrently<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index]!, index);
      } catch (error) {
        failed = true; // nothing new starts after a failure
        throw error;
      }
    }
  };
  const lanes = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, lane));
  const rejected = lanes.find((lane) => lane.status === 'rejected');
  if (rejected) throw rejected.reason;
  return results;
}

/** The part of a Playwright page {@link pageAtRest} uses. */
interface RestingPage {
  waitForLoadState(state: 'networkidle'): Promise<void>;
  evaluate<R>(fn: () => Promise<R>): Promise<R>;
  on(event: 'request', listener: () => void): unknown;
  off(event: 'request', listener: () => void): unknown;
}

/**
 * Resolves once the page has finished its work: the network is idle, every image it asked for has
 * loaded or failed, fonts are ready, the main thread has had nothing else to do and painted twice, and none of
 * that started a new request. "Nothing was sent" assertions wait for this instead of a fixed time.
 * A request already on its way when it is called is not waited for: Playwright's `networkidle` is
 * the navigation's, reached once; wait for that answer first. Nor is a timer the page is waiting on (React
 * throttles a Suspense boundary's reveal by 300 ms): what hydration brings is waited for where it is asserted.
 */
export async function pageAtRest(page: RestingPage): Promise<void> {
  for (;;) {
    let started = 0;
    const count = () => (started += 1);
    page.on('request', count);
    try {
      await page.waitForLoadState('networkidle');
      await page.evaluate(async () => {
        await document.fonts.ready;
        // A lazy image out of view never starts loading: only the ones the page asked for count.
        const pending = [...document.images].filter((img) => !img.complete && img.loading !== 'lazy');
        await Promise.all(
          pending.map(
            (img) =>
              new Promise((done) => {
                img.addEventListener('load', done, { once: true });
                img.addEventListener('error', done, { once: true });
              }),
          ),
        );
        // Not requestIdleCallback: after a pointer click with no move after it, Chromium grants no idle
        // period until the next input, on a main thread that does nothing at all (its CPU profile is all
        // idle). A background-priority task runs once no other task is waiting, which is the point here.
        await (
          globalThis as unknown as { scheduler: { postTask(fn: () => void, o: { priority: string }): Promise<void> } }
        ).scheduler.postTask(() => {}, { priority: 'background' });
        for (let frame = 0; frame < 2; frame += 1) await new Promise((done) => requestAnimationFrame(done));
      });
    } finally {
      page.off('request', count);
    }
    if (started === 0) return;
  }
}

/**
 * Resolves once the site's router listens for history navigations (a `popstate` listener on the
 * window: only the router has one). A prerendered page shows its heading long before it hydrates; a
 * history navigation made before then is not one a visitor can make (a click on a link is a full page
 * load until the page hydrates), so a test that simulates a client-side navigation waits for this.
 * Chromium only (it asks the DevTools protocol, which sees listeners without touching the page).
 */
export async function routerListening(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  try {
    for (;;) {
      const { result } = await cdp.send('Runtime.evaluate', { expression: 'window' });
      const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
      if (listeners.some((listener) => listener.type === 'popstate')) return;
      await page.waitForTimeout(50);
    }
  } finally {
    await cdp.detach();
  }
}
