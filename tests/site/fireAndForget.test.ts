import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthClient, LOG_TIMEOUT_MS } from '../../src/auth/index.ts';
import { EVENT_TIMEOUT_MS, init } from '../../src/engagement/index.ts';
import { createSiteSearchClient } from '../../src/site/searchWidgets.tsx';
import { siteConfig } from '../../src/site/siteConfig.ts';
import { resetBrowser } from '../engagement/support.ts';
// Loaded on the queue's first use; loaded here, so loading it waits on no timer of the fake clock.
import '../../src/engagement/sendQueue.ts';

// Every request the site sends and nobody waits for (analytics events, search tracking, the session
// client's log entries) still has a deadline: against a service that accepts the connection and never
// answers, each such request held one of the browser's connections to its host (6 over HTTP/1.1)
// until the browser gave up, and a few of them stopped the page's own requests.

/** What a silent service gives a request: no answer, ever; the request ends only when its signal aborts. */
function silentService() {
  const sent: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn((input: string | URL | Request, init: RequestInit = {}) => {
    sent.push({ url: String(input), init });
    return new Promise<Response>((_resolve, reject) =>
      init.signal?.addEventListener('abort', () => reject(init.signal!.reason as Error)),
    );
  });
  /** Whether every request sent so far has been given up. */
  const allAborted = () => sent.length > 0 && sent.every((request) => request.init.signal?.aborted === true);
  return { fetch, sent, allAborted };
}

beforeEach(() => {
  resetBrowser();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('a fire-and-forget request is given up at its deadline', () => {
  it(`the events SDK's events (page views, clicks, queued events): within ${EVENT_TIMEOUT_MS} ms`, async () => {
    expect(EVENT_TIMEOUT_MS).toBeLessThanOrEqual(5_000);
    document.cookie = 'bid_ck=b-123; Path=/';
    const sdk = await init({ clientKey: 'ck', targetURL: 'https://engage.example.com', pointOfSale: 'ngc' });
    const service = silentService();
    vi.stubGlobal('fetch', service.fetch);
    void sdk.pageView({ channel: 'WEB', currency: 'GBP' });
    void sdk.event('CTA_CLICK', { channel: 'WEB', currency: 'GBP' }, { linkText: 'Go', linkUrl: '/go' });
    sdk.addToEventQueue('QUEUED', { channel: 'WEB', currency: 'GBP' });
    const queue = sdk.processEventQueue();
    for (let turn = 0; turn < 50 && service.sent.length < 3; turn += 1) await new Promise((r) => setImmediate(r));
    expect(service.sent.map((r) => r.init.keepalive)).toEqual([true, true, true]);
    await vi.advanceTimersByTimeAsync(EVENT_TIMEOUT_MS - 1);
    expect(service.sent.some((r) => r.init.signal?.aborted)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(service.allAborted()).toBe(true);
    await queue;
    expect(vi.getTimerCount()).toBe(0);
  });

  it(`the search layer's tracking events: within the site's search deadline (${siteConfig.deadlines.search} ms)`, async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const service = silentService();
    vi.stubGlobal('fetch', service.fetch);
    const client = createSiteSearchClient();
    const sent = client.calls.publishEvent({ name: 'widget', action: 'view', value: {}, client_time_ms: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(service.sent).toHaveLength(1);
    expect(service.sent[0]!.init.keepalive).toBe(true);
    await vi.advanceTimersByTimeAsync(siteConfig.deadlines.search);
    expect(service.allAborted()).toBe(true);
    expect(await sent).toBeNull();
  });

  it(`the session client's log entries: within ${LOG_TIMEOUT_MS} ms, by fetch (a beacon cannot be aborted)`, async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const sendBeacon = vi.fn(() => true);
    vi.stubGlobal('navigator', { sendBeacon });
    const service = silentService();
    // As the site configures it (no timeout of its own given to the logger): the session routes' deadline.
    const auth = createAuthClient({ fetch: service.fetch, timeoutMs: siteConfig.deadlines.auth, storage: null });
    auth.logger.error('CLIENT_FETCH_ERROR', { url: '/api/auth/session' });
    expect(sendBeacon).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(0);
    expect(service.sent.map((r) => r.url)).toEqual(['/api/auth/_log']);
    await vi.advanceTimersByTimeAsync(LOG_TIMEOUT_MS);
    expect(service.allAborted()).toBe(true);
  });
});
