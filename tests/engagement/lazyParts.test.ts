import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isApiError } from '../../src/core/errors.ts';
import { EngageError, engageMessages, init, type EngageSdk } from '../../src/engagement/index.ts';
import { resetBrowser } from './support.ts';

// Parts of the SDK that load on first use (getGuestId; personalize, whose deadline across the
// loading tests/engagement/timeouts.test.ts covers) or once did (browser-id renaming, the error
// texts) must still answer as the SDK always did. Fetch stubs only: these are failure paths
// Prism cannot play.
const settings = { clientKey: 'ck', targetURL: 'https://engage.example.com', pointOfSale: 'ngc' };

async function start(): Promise<EngageSdk> {
  document.cookie = 'bid_ck=b-123; Path=/';
  return init(settings);
}

beforeEach(() => resetBrowser());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('getGuestId failures', () => {
  it('rejects with a TimeoutError after 60 s without an answer, and leaves no timer', async () => {
    const sdk = await start();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal(
      'fetch',
      (_url: string, request: RequestInit) =>
        new Promise((_resolve, reject) =>
          request.signal?.addEventListener('abort', () => reject(request.signal?.reason)),
        ),
    );
    const outcome = sdk.getGuestId().catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(await outcome).toMatchObject({ name: 'TimeoutError', message: 'Request timed out after 60000 ms' });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects with an ApiError carrying the status and the text of a non-JSON error answer', async () => {
    const sdk = await start();
    vi.stubGlobal(
      'fetch',
      async () => new Response('<h1>Bad gateway</h1>', { status: 502, statusText: 'Bad Gateway' }),
    );
    const error = await sdk.getGuestId().catch((e: unknown) => e);
    expect(isApiError(error)).toBe(true);
    expect(error).toMatchObject({
      status: 502,
      body: '<h1>Bad gateway</h1>',
      request: {
        method: 'GET',
        url: 'https://engage.example.com/v1.2/browser/b-123/show.json?client_key=***&api_token=***',
      },
    });
  });

  it("rejects with the answer's error_msg and moreInfo, but never the client key the answer repeats", async () => {
    const key = 'pqsNGC4v7yD1x0wTbq2LmE9aKjR3sWfH';
    document.cookie = `bid_${key}=b-123; Path=/`;
    const sdk = await init({ ...settings, clientKey: key });
    vi.stubGlobal('fetch', async () =>
      Response.json(
        { error_msg: `Unknown client_key ${key} (api_token=${key})`, moreInfo: 'https://docs.example/errors' },
        { status: 403 },
      ),
    );
    const error = (await sdk.getGuestId().catch((e: unknown) => e)) as Error;
    expect(error.message).toBe('Unknown client_key *** (api_token=***), for more info: https://docs.example/errors');
    document.cookie = `bid_${key}=; Max-Age=0; Path=/`;
  });

  it('counts its 60 s from the call, the loading of the part included', async () => {
    const sdk = await start();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let sent!: () => void;
    const fetched = new Promise<void>((resolve) => (sent = resolve));
    vi.stubGlobal('fetch', (_url: string, request: RequestInit) => {
      sent();
      return new Promise((_resolve, reject) =>
        request.signal?.addEventListener('abort', () => reject(request.signal?.reason)),
      );
    });
    const outcome = sdk.getGuestId().then(
      () => 'answered',
      (error: unknown) => error,
    );
    // A part that loads slowly: 59.999 s pass before its request leaves.
    vi.advanceTimersByTime(59_999);
    await fetched;
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ name: 'TimeoutError', message: 'Request timed out after 60000 ms' });
  });

  it('rethrows a network failure unchanged', async () => {
    const sdk = await start();
    const failure = new TypeError('Failed to fetch');
    vi.stubGlobal('fetch', () => Promise.reject(failure));
    await expect(sdk.getGuestId()).rejects.toBe(failure);
  });
});

describe('getGuestId answers', () => {
  it('resolves to customer.ref, asked for with the browser id and the client key as client_key and api_token', async () => {
    document.cookie = 'bid_ck+1=b-123; Path=/';
    const sdk = await init({ ...settings, clientKey: 'ck+1' });
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      urls.push(String(url));
      return Response.json({ customer: { ref: 'g-42' }, status: 'OK' });
    });
    await expect(sdk.getGuestId()).resolves.toBe('g-42');
    expect(urls).toEqual([
      'https://engage.example.com/v1.2/browser/b-123/show.json?client_key=ck%2B1&api_token=ck%2B1',
    ]);
  });

  it.each([
    ['no customer', '{"status":"OK"}'],
    ['a customer that is no object', '{"customer":"g-42"}'],
    ['a null customer', '{"customer":null}'],
    ['a ref that is no string', '{"customer":{"ref":42}}'],
    ['a body that is no JSON', '<html>maintenance</html>'],
  ])('rejects "show.json answered without customer.ref" for an OK answer with %s', async (_case, body) => {
    const sdk = await start();
    vi.stubGlobal('fetch', async () => new Response(body, { status: 200 }));
    await expect(sdk.getGuestId()).rejects.toThrow(new Error('show.json answered without customer.ref'));
  });
});

describe('answers', () => {
  it('reads a JSON answer that starts with a byte-order mark', async () => {
    const sdk = await start();
    vi.stubGlobal('fetch', async () => new Response('\uFEFF{"ref":"r-1","status":"OK"}', { status: 201 }));
    await expect(sdk.pageView()).resolves.toEqual({ ref: 'r-1', status: 'OK' });
  });
});

describe('browser id', () => {
  it('renames a legacy BID_ cookie even when a bid_ cookie exists, as the reference renames first', async () => {
    document.cookie = 'bid_ck=b-current; Path=/';
    document.cookie = 'BID_ck=b-legacy; Path=/';
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const sdk = await init(settings);
    expect(sdk.getBrowserId()).toBe('b-legacy');
    expect(document.cookie).toBe('bid_ck=b-legacy');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});

describe('EngageError', () => {
  it('takes the text of a code only init or personalize give, and builds in the others', () => {
    expect(new EngageError('IV-0006', engageMessages['IV-0006']).message).toBe(
      '[IV-0006] Incorrect value for the timeout parameter. Set the value to an integer greater than or equal to 0.',
    );
    expect(new EngageError('MV-0003')).toMatchObject({
      code: 'MV-0003',
      name: 'EngageError',
      message: '[MV-0003] "pointOfSale" is required.',
    });
  });
});
