export { launchBrowser } from '../../scripts/lib/browser.mjs';

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

/** The part of a Playwright page {@link pageAtRest} uses. */
interface RestingPage {
  waitForLoadState(state: 'networkidle'): Promise<void>;
  evaluate<R>(fn: () => Promise<R>): Promise<R>;
  on(event: 'request', listener: () => void): unknown;
  off(event: 'request', listener: () => void): unknown;
}

/**
 * Resolves once the page has finished its work: the network is idle, every image it asked for has
 * loaded or failed, fonts are ready, the main thread has had an idle moment and painted twice, and none of
 * that started a new request. "Nothing was sent" assertions wait for this instead of a fixed time.
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
        await new Promise((done) => requestIdleCallback(done));
        for (let frame = 0; frame < 2; frame += 1) await new Promise((done) => requestAnimationFrame(done));
      });
    } finally {
      page.off('request', count);
    }
    if (started === 0) return;
  }
}
