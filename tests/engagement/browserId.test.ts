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

  it('sets window.Engage = { getBrowserId, version } without web personalization', async () => {
    recordFetch();
    await init(settings());
    expect(Object.keys(window.Engage ?? {}).sort()).toEqual(['getBrowserId', 'version']);
    expect(window.Engage?.version).toBe('1.4.3');
    expect(document.scripts).toHaveLength(0);
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
