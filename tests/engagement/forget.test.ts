import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withPrism } from '../support/prism.ts';
import { forgetVisitor, init, QUEUE_KEY, type EngageSettings } from '../../src/engagement/index.ts';
import { recordFetch, resetBrowser, setPage } from './support.ts';

// Consent withdrawal (issue 20, item 5): once the visitor withdraws, nothing the SDK left in
// the browser identifies them, and a stopped SDK writes nothing back.

const prism = withPrism('engagement');
const CDN = 'https://cdn.example.com';
const SCRIPT = `${CDN}/web-flow-libs/ck/web-version.min.js`;
const settings = (overrides: Partial<EngageSettings> = {}): EngageSettings => ({
  clientKey: 'ck',
  targetURL: prism.url,
  pointOfSale: 'ngc',
  webPersonalization: { baseURLOverride: CDN },
  ...overrides,
});
const creates = (calls: { url: string }[]) => calls.filter((c) => c.url.includes('/browser/create.json')).length;
const scripts = () => [...document.scripts].map((s) => s.src);

beforeEach(() => resetBrowser());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('forgetVisitor', () => {
  it('deletes the browser id cookie, the queued events, the web personalization script and window.Engage; the next init is a new visitor', async () => {
    const calls = recordFetch();
    const stop = new AbortController();
    const sdk = await init(settings(), { signal: stop.signal });
    sdk.addToEventQueue('DOWNLOAD', { channel: 'WEB', file: 'whitepaper.pdf' });
    // The web experiences script's own cookies, as it writes them on the site's domain.
    document.cookie = 'bx_guest_ref=g-1; Path=/';
    document.cookie = 'bx_bucket_number=42; Path=/';
    document.cookie = 'unrelated=kept; Path=/';
    expect(document.cookie).toContain('bid_ck=');
    expect(sessionStorage.getItem(QUEUE_KEY)).toContain('whitepaper.pdf');
    expect(scripts()).toEqual([SCRIPT]);
    expect(window.Engage?.getBrowserId()).not.toBe('');

    stop.abort();
    forgetVisitor(settings());
    expect(document.cookie).toBe('unrelated=kept');
    expect(sessionStorage.getItem(QUEUE_KEY)).toBeNull();
    expect(scripts()).toEqual([]);
    expect(window.Engage).toBeUndefined();

    // The SDK kept from before consent was withdrawn brings none of it back.
    await expect(sdk.pageView({ channel: 'WEB' })).resolves.toBeNull();
    await expect(
      sdk.identity({ identifiers: [{ id: 'ada@example.com', provider: 'email' }], email: 'ada@example.com' }),
    ).resolves.toBeNull();
    sdk.addToEventQueue('DOWNLOAD', { channel: 'WEB', file: 'later.pdf' });
    expect(sessionStorage.getItem(QUEUE_KEY)).toBeNull();
    expect(document.cookie).toBe('unrelated=kept');
    expect(window.Engage).toBeUndefined();

    // Consent given again: a new browser id is asked for, and web personalization starts again.
    await init(settings());
    expect(creates(calls)).toBe(2);
    expect(document.cookie).toContain('bid_ck=');
    expect(scripts()).toEqual([SCRIPT]);
  });

  it('deletes the cookie where cookiePath and cookieDomain put it, and does nothing without a trace', async () => {
    recordFetch();
    setPage('/careers');
    const configured = settings({ cookiePath: '/careers', cookieDomain: 'localhost', webPersonalization: false });
    await init(configured);
    expect(document.cookie).toContain('bid_ck=');
    forgetVisitor(configured);
    expect(document.cookie).toBe('');
    // A page where the SDK never ran: nothing to remove, nothing written.
    resetBrowser();
    forgetVisitor(settings());
    expect(document.cookie).toBe('');
    expect(sessionStorage.length).toBe(0);
  });
});

describe('forgetVisitor finds every trace cookie, whatever path and domain it was written with', () => {
  // `document.cookie` names a cookie but tells neither its Path nor its Domain, and a cookie is
  // deleted only by a write with the same name, Path and Domain: a browser id written by a page
  // under /news (an SDK configured with cookiePath, or an older script) would survive a delete at `/`.
  it('deletes bid_, BID_ and bx_ cookies at every path above the page, host-only and at the configured domain', () => {
    setPage('/news/x');
    const written = [
      'bid_ck=b-news; Path=/news',
      'bid_ck=b-root; Path=/',
      'bid_ck=b-domain; Path=/news/; Domain=localhost',
      'bid_other=b-other; Path=/news/x',
      'BID_ck=b-legacy; Path=/news',
      'bx_guest_ref=g-1; Path=/news/',
      'bx_bucket_number=7; Path=/news/x; Domain=localhost',
      // No Path: it belongs to the page's folder, /news.
      'bx_experiment=e-1',
      'unrelated=kept; Path=/news',
    ];
    for (const cookie of written) document.cookie = cookie;
    expect(document.cookie.split('; ')).toHaveLength(written.length);
    forgetVisitor(settings({ cookieDomain: 'localhost', webPersonalization: false }));
    expect(document.cookie).toBe('unrelated=kept');
    // Nothing was left at the paths the page cannot see either.
    setPage('/news/x/deeper');
    expect(document.cookie).toBe('unrelated=kept');
  });

  it('deletes them without a configured domain too, and at the configured cookiePath', () => {
    setPage('/careers/jobs/42');
    document.cookie = 'bid_ck=b-1; Path=/careers/jobs';
    document.cookie = 'bx_guest_ref=g-1; Path=/careers/jobs/42';
    forgetVisitor(settings({ cookiePath: '/careers', webPersonalization: false }));
    expect(document.cookie).toBe('');
  });
});

describe('an SDK stopped while init is under way (consent withdrawn meanwhile)', () => {
  it('writes no cookie, sets no window.Engage and loads no script when stopped while create.json is pending', async () => {
    const calls = recordFetch();
    const stop = new AbortController();
    const started = init(settings(), { signal: stop.signal });
    stop.abort();
    const sdk = await started;
    expect(creates(calls)).toBe(1);
    expect(document.cookie).toBe('');
    expect(window.Engage).toBeUndefined();
    expect(scripts()).toEqual([]);
    await expect(sdk.pageView({ channel: 'WEB' })).resolves.toBeNull();
  });

  it('writes no cookie when create.json answers just after the stop', async () => {
    const stop = new AbortController();
    vi.stubGlobal('fetch', async () => {
      stop.abort();
      return new Response(JSON.stringify({ ref: 'b-late', status: 'OK' }), {
        status: 201,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    await init(settings(), { signal: stop.signal });
    expect(document.cookie).toBe('');
    expect(window.Engage).toBeUndefined();
    expect(scripts()).toEqual([]);
  });

  it('does nothing at all when stopped before it starts: no legacy cookie renamed, no request', async () => {
    const calls = recordFetch();
    document.cookie = 'BID_ck=b-legacy; Path=/';
    const stop = new AbortController();
    stop.abort();
    await init(settings(), { signal: stop.signal });
    expect(calls).toEqual([]);
    expect(document.cookie).toBe('BID_ck=b-legacy');
    expect(window.Engage).toBeUndefined();
  });
});
