import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { init, type EngageSdk } from '../../src/engagement/index.ts';
import { resetBrowser } from './support.ts';

// E3: the reference clears its timer when the headers arrive, so a
// stalled body is never timed out, and a failure other than the abort leaves the timer
// to fire later. These tests use fetch stubs only (no sockets, whose own timers would
// also count), so `vi.getTimerCount()` sees exactly the SDK's timers.
const FLOW = { friendlyId: 'careers_hero_banner' };

/** A 200 whose headers arrive at once but whose JSON body never finishes, until aborted. */
function stalledBody(_url: string, request: RequestInit): Promise<Response> {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"variantId":'));
      request.signal?.addEventListener('abort', () => controller.error(request.signal?.reason));
    },
  });
  return Promise.resolve(new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }));
}

async function start(): Promise<EngageSdk> {
  document.cookie = 'bid_ck=b-123; Path=/';
  return init({ clientKey: 'ck', targetURL: 'https://engage.example.com', pointOfSale: 'ngc' });
}

beforeEach(() => {
  resetBrowser();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('E3: the timeout covers the body, and no timer outlives its call', () => {
  it('rejects with IE-0003 when the body has not arrived within the timeout', async () => {
    const sdk = await start();
    vi.stubGlobal('fetch', vi.fn(stalledBody));
    const outcome = sdk.personalize(FLOW, 300).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(299);
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ code: 'IE-0003' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('also reads a plain AbortError at the timeout as IE-0003 (browsers without abort reasons)', async () => {
    const sdk = await start();
    const oldBrowserFetch = (_url: string, request: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        request.signal?.addEventListener('abort', () =>
          reject(new DOMException('The user aborted a request.', 'AbortError')),
        ),
      );
    vi.stubGlobal('fetch', vi.fn(oldBrowserFetch));
    const outcome = sdk.personalize(FLOW, 100).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(100);
    expect(await outcome).toMatchObject({ code: 'IE-0003' });
  });

  it('clears the timer when the request fails for another reason (the reference leaves it to fire later)', async () => {
    const sdk = await start();
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(sdk.personalize(FLOW, 5000)).resolves.toBeNull();
    await expect(sdk.pageView()).resolves.toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('clears the timer once a whole answer has arrived', async () => {
    const sdk = await start();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"variantId":"careers_hero_b"}', { status: 200 })),
    );
    await expect(sdk.personalize(FLOW, 5000)).resolves.toEqual({ variantId: 'careers_hero_b' });
    await expect(sdk.event('CTA_CLICK')).resolves.toEqual({ variantId: 'careers_hero_b' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('without a timeout, a stalled answer resolves to null when the transport gives up (no IE-0003)', async () => {
    const sdk = await start();
    vi.stubGlobal('fetch', vi.fn(stalledBody));
    const outcome = sdk.personalize(FLOW);
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(outcome).resolves.toBeNull();
    expect(vi.getTimerCount()).toBe(0);
  });
});
