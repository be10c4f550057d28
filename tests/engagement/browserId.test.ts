import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withPrism } from '../support/prism.ts';
import { init, type EngageSettings } from '../../src/engagement/index.ts';
import { json, recordFetch, resetBrowser } from './support.ts';

const prism = withPrism('engagement');
const NEW_ID = '3f2c9a7e-8b41-4d2e-9c6a-1e5b7d0f4a92';
const settings = (overrides: Partial<EngageSettings> = {}): EngageSettings => ({
  clientKey: 'ck',
  targetURL: prism.url,
  pointOfSale: 'ngc',
  ...overrides,
});
const creates = (calls: { url: string }[]) => calls.filter((c) => c.url.includes('create.json')).length;

beforeEach(() => resetBrowser());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the bid_{clientKey} cookie', () => {
  it('is written as the reference writes it: 730 days, SameSite=None, Secure, Path=/', async () => {
    recordFetch();
    const writes = vi.spyOn(document, 'cookie', 'set');
    await init(settings());
    expect(writes.mock.calls).toEqual([[`bid_ck=${NEW_ID}; Max-Age=63072000; SameSite=None; Secure; Path=/`]]);
    expect(document.cookie).toBe(`bid_ck=${NEW_ID}`);
  });

  it('adds Domain= for cookieDomain and uses cookieExpiryDays; 0 days means 730', async () => {
    recordFetch();
    const writes = vi.spyOn(document, 'cookie', 'set');
    await init(settings({ cookieExpiryDays: 30, cookieDomain: 'localhost' }));
    resetBrowser();
    await init(settings({ cookieExpiryDays: 0 }));
    expect(writes.mock.calls.filter(([c]) => c.startsWith('bid_ck=3'))).toEqual([
      [`bid_ck=${NEW_ID}; Max-Age=2592000; SameSite=None; Secure; Path=/; Domain=localhost`],
      [`bid_ck=${NEW_ID}; Max-Age=63072000; SameSite=None; Secure; Path=/`],
    ]);
  });

  it('is reused without create.json when it exists, and events carry the id read at init', async () => {
    document.cookie = 'bid_ck=b-existing; Path=/';
    const calls = recordFetch();
    const sdk = await init(settings());
    expect(creates(calls)).toBe(0);
    document.cookie = 'bid_ck=b-changed-later; Path=/';
    expect(sdk.getBrowserId()).toBe('b-changed-later');
    expect(window.Engage?.getBrowserId()).toBe('b-changed-later');
    await sdk.pageView();
    expect(json(calls[0])).toMatchObject({ browser_id: 'b-existing' });
  });

  it('renames every legacy BID_ cookie to bid_ with the same value, without create.json', async () => {
    document.cookie = 'BID_ck=b-legacy; Path=/';
    document.cookie = 'BID_other=b-other; Path=/';
    const calls = recordFetch();
    const writes = vi.spyOn(document, 'cookie', 'set');
    const sdk = await init(settings());
    expect(creates(calls)).toBe(0);
    expect(writes.mock.calls).toEqual([
      ['BID_ck=; Path=/; Expires=Thu, 01 Jan 1970 00:00:01 GMT;'],
      ['bid_ck=b-legacy; Max-Age=63072000; SameSite=None; Secure; Path=/'],
      ['BID_other=; Path=/; Expires=Thu, 01 Jan 1970 00:00:01 GMT;'],
      ['bid_other=b-other; Max-Age=63072000; SameSite=None; Secure; Path=/'],
    ]);
    expect(document.cookie.split('; ').sort()).toEqual(['bid_ck=b-legacy', 'bid_other=b-other']);
    expect(sdk.getBrowserId()).toBe('b-legacy');
  });

  it('in forceServerCookieMode neither creates nor renames, and the id is "" without a cookie', async () => {
    document.cookie = 'BID_ck=b-legacy; Path=/';
    const calls = recordFetch();
    const writes = vi.spyOn(document, 'cookie', 'set');
    const sdk = await init(settings({ forceServerCookieMode: true }));
    expect(calls).toEqual([]);
    expect(writes).not.toHaveBeenCalled();
    expect(sdk.getBrowserId()).toBe('');
    await sdk.form('f', 'VIEWED');
    expect(json(calls[0])).toMatchObject({ browser_id: '' });
  });

  // create.json's `ref` becomes the cookie's value: `x; Domain=evil.example` would add attributes of
  // the service's choosing to the site's cookie, `x, y` or a space would split it.
  it.each([
    ['an attribute', 'b-1; Domain=evil.example'],
    ['a second cookie', 'b-1, bid_other=b-2'],
    ['a space', 'b 1'],
    ['a newline', 'b-1\nSet-Cookie: x=y'],
    ['a control character', 'b-1\u0000'],
    ['a quote', '"b-1"'],
    ['a path', '../b-1'],
    ['non-ASCII letters', 'b-ü'],
    ['a length no id has', 'b'.repeat(129)],
  ])('refuses a ref with %s: no cookie, an empty id, a warning, and the next init asks again', async (_case, ref) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const writes = vi.spyOn(document, 'cookie', 'set');
    vi.stubGlobal('fetch', async () =>
      Response.json({ ref, status: 'OK', version: '1.2', client_key: 'ck' }, { status: 201 }),
    );
    const sdk = await init(settings());
    expect(writes).not.toHaveBeenCalled();
    expect(document.cookie).toBe('');
    expect(sdk.getBrowserId()).toBe('');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/^Engage: create\.json answered a ref that is no browser id/);
  });

  it('keeps no id, and asks for none, for a client key that makes no cookie name (a space, ";", "=")', async () => {
    for (const clientKey of ['c k', ' ', 'ck; Domain=evil.example', 'k=1']) {
      resetBrowser();
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const writes = vi.spyOn(document, 'cookie', 'set');
      const calls = recordFetch();
      const sdk = await init(settings({ clientKey }));
      expect(creates(calls), clientKey).toBe(0);
      expect(writes, clientKey).not.toHaveBeenCalled();
      expect(sdk.getBrowserId()).toBe('');
      expect(String(warn.mock.calls[0]?.[0])).toContain('is no cookie name');
      vi.restoreAllMocks();
      vi.unstubAllGlobals();
    }
  });

  it('takes a ref of the browser-id format: a UUID, or letters, digits, "-" and "_"', async () => {
    for (const ref of [NEW_ID, 'b-123', 'B_9f', 'x'.repeat(128)]) {
      resetBrowser();
      vi.stubGlobal('fetch', async () => Response.json({ ref, status: 'OK' }, { status: 201 }));
      const sdk = await init(settings());
      expect(sdk.getBrowserId()).toBe(ref);
      expect(document.cookie).toBe(`bid_ck=${ref}`);
    }
  });

  it('refuses a ref that is no string (true, a number): no cookie, an empty id, and the next init asks again', async () => {
    for (const ref of [true, 42]) {
      resetBrowser();
      const writes = vi.spyOn(document, 'cookie', 'set');
      vi.stubGlobal('fetch', async () => Response.json({ ref, status: 'OK' }, { status: 201 }));
      const sdk = await init(settings());
      expect(writes, String(ref)).not.toHaveBeenCalled();
      expect(document.cookie).toBe('');
      expect(sdk.getBrowserId()).toBe('');
      vi.restoreAllMocks();
    }
  });

  it('keeps the cookie 730 days when cookieExpiryDays is no number (a string from markup, true)', async () => {
    for (const days of ['30', true]) {
      resetBrowser();
      recordFetch();
      const writes = vi.spyOn(document, 'cookie', 'set');
      await init(settings({ cookieExpiryDays: days as unknown as number }));
      expect(writes.mock.calls, String(days)).toEqual([
        [`bid_ck=${NEW_ID}; Max-Age=63072000; SameSite=None; Secure; Path=/`],
      ]);
      vi.restoreAllMocks();
    }
  });

  it('sets window.Engage = { getBrowserId, version } without web personalization', async () => {
    recordFetch();
    await init(settings());
    expect(Object.keys(window.Engage ?? {}).sort()).toEqual(['getBrowserId', 'version']);
    expect(window.Engage?.version).toBe('1.4.3');
    expect(document.scripts).toHaveLength(0);
  });
});

// The id init settles on is the one every event of the page load sends: where no id could be kept,
// events go without one (browser_id ''), never with a made-up one.
describe('events of a page load without a browser id', () => {
  /** A service that answers create.json with `create` and every event with an OK; the event bodies. */
  function service(create: () => Response): unknown[] {
    const events: unknown[] = [];
    vi.stubGlobal('fetch', async (url: string, request: RequestInit = {}) => {
      if (String(url).includes('create.json')) return create();
      events.push(JSON.parse(String(request.body)));
      return Response.json({ ref: 'e-1', status: 'OK' }, { status: 201 });
    });
    return events;
  }

  it.each([
    ['create.json answers an error', {}, () => Response.json({ error_msg: 'Bad request' }, { status: 400 })],
    ['create.json answers a ref that is no browser id', {}, () => Response.json({ ref: 'b 1', status: 'OK' })],
    ['the client key makes no cookie name', { clientKey: 'c k' }, () => Response.json({ ref: NEW_ID })],
  ])('send browser_id "" when %s', async (_case, overrides, create) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const events = service(create);
    const sdk = await init(settings(overrides));
    await sdk.pageView();
    expect(events).toEqual([expect.objectContaining({ browser_id: '' })]);
  });
});

describe('web personalization', () => {
  const SRC = 'https://d35vb5cccm4xzp.cloudfront.net/web-flow-libs/ck/web-version.min.js';

  it('sets window.Engage.settings and appends an async script from the default target', async () => {
    recordFetch();
    await init(settings({ webPersonalization: true }));
    expect(window.Engage?.settings).toEqual({
      client_key: 'ck',
      pointOfSale: 'ngc',
      targetURL: prism.url,
      web_flow_config: { async: true, defer: false },
      web_flow_target: 'https://d35vb5cccm4xzp.cloudfront.net',
    });
    const [script] = [...document.head.querySelectorAll('script')];
    expect(script?.src).toBe(SRC);
    expect(script?.async).toBe(true);
    expect(script?.defer).toBe(false);
    expect(script?.type).toBe('text/javascript');
  });

  it('honours baseURLOverride and asyncScriptLoading: false; reports defer but never sets it', async () => {
    recordFetch();
    await init(
      settings({
        webPersonalization: {
          asyncScriptLoading: false,
          deferScriptLoading: true,
          baseURLOverride: 'https://cdn.example.com',
        },
      }),
    );
    const [script] = [...document.scripts];
    expect(script?.src).toBe('https://cdn.example.com/web-flow-libs/ck/web-version.min.js');
    expect(script?.async).toBe(false);
    expect(script?.defer).toBe(false);
    expect(window.Engage?.settings?.web_flow_config).toEqual({ async: false, defer: true });
  });

  it('rejects with MV-0003 without a point of sale, after the browser id was created and written', async () => {
    const calls = recordFetch();
    await expect(init(settings({ pointOfSale: undefined, webPersonalization: true }))).rejects.toMatchObject({
      code: 'MV-0003',
    });
    expect(creates(calls)).toBe(1);
    expect(document.cookie).toBe(`bid_ck=${NEW_ID}`);
    expect(document.scripts).toHaveLength(0);
  });

  it('updatePointOfSale also updates window.Engage.settings', async () => {
    recordFetch();
    const sdk = await init(settings({ webPersonalization: true }));
    sdk.updatePointOfSale('ngc-uk');
    expect(window.Engage?.settings?.pointOfSale).toBe('ngc-uk');
  });

  it('does not append the script twice when init runs again', async () => {
    recordFetch();
    await init(settings({ webPersonalization: true }));
    await init(settings({ webPersonalization: true }));
    expect([...document.scripts].map((s) => s.src)).toEqual([SRC]);
  });
});
