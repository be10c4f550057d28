import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { withPrism } from '../support/prism.ts';
import { init, QUEUE_KEY, type EngageSettings, type ProcessQueueResult } from '../../src/engagement/index.ts';
import { json, recordFetch, resetBrowser, setPage } from './support.ts';

// Each test here fails on the reference SDK v1.4.3: its defects E1–E7.
const prism = withPrism('engagement');
const NEW_ID = '3f2c9a7e-8b41-4d2e-9c6a-1e5b7d0f4a92';
const DEAD = 'http://127.0.0.1:9';

const settings = (overrides: Partial<EngageSettings> = {}): EngageSettings => ({
  clientKey: 'ck',
  targetURL: prism.url,
  pointOfSale: 'ngc',
  ...overrides,
});
const cookieWrites = () => vi.spyOn(document, 'cookie', 'set');
const creates = (calls: { url: string }[]) => calls.filter((c) => c.url.includes('/browser/create.json')).length;

beforeEach(() => {
  resetBrowser();
  setPage('/careers', 'en');
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('E1: no empty browser-id cookie, and a later init retries', () => {
  it('writes no cookie when create.json answers an error, and the next init creates the id', async () => {
    let fail = true;
    const calls = recordFetch({ prefer: (url) => (fail && url.includes('create.json') ? 'code=400' : undefined) });
    const writes = cookieWrites();
    const first = await init(settings());
    expect(calls[0]?.status).toBe(400);
    expect(writes).not.toHaveBeenCalled();
    expect(document.cookie).not.toContain('bid_ck');
    expect(first.getBrowserId()).toBe('');

    fail = false;
    const second = await init(settings());
    expect(creates(calls)).toBe(2);
    expect(writes).toHaveBeenCalledWith(`bid_ck=${NEW_ID}; Max-Age=63072000; SameSite=None; Secure; Path=/`);
    expect(second.getBrowserId()).toBe(NEW_ID);
  });

  it('writes no cookie when create.json is unreachable', async () => {
    const calls = recordFetch();
    const writes = cookieWrites();
    await init(settings({ targetURL: DEAD }));
    expect(creates(calls)).toBe(1);
    expect(writes).not.toHaveBeenCalled();
  });

  it('writes no cookie when the answer is not JSON or has no ref', async () => {
    const writes = cookieWrites();
    for (const answer of ['<html>maintenance</html>', '{"status":"OK"}', '{"ref":""}']) {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () => new Response(answer, { status: 200 })),
      );
      await expect(init(settings())).resolves.toMatchObject({ version: '1.4.3' });
    }
    expect(writes).not.toHaveBeenCalled();
  });

  it('treats an empty bid_ cookie left by the reference as missing and creates the id', async () => {
    document.cookie = 'bid_ck=; Path=/';
    const calls = recordFetch();
    const sdk = await init(settings());
    expect(creates(calls)).toBe(1);
    expect(sdk.getBrowserId()).toBe(NEW_ID);
  });
});

describe('E2 and E7: failed sends stay queued; processEventQueue resolves when the queue is drained', () => {
  it('keeps every event whose send failed and sends it on a later processEventQueue', async () => {
    document.cookie = 'bid_ck=b-123; Path=/';
    const calls = recordFetch();
    const offline = await init(settings({ targetURL: DEAD }));
    offline.addToEventQueue('CTA_CLICK', { label: 'one' });
    offline.addToEventQueue('CTA_CLICK', { label: 'two' });
    await expect(offline.processEventQueue()).resolves.toEqual({ sent: 0, failed: 2, dropped: 0 });
    expect(JSON.parse(sessionStorage.getItem(QUEUE_KEY) ?? '[]')).toHaveLength(2);

    const online = await init(settings());
    const result = online.processEventQueue();
    expect(result).toBeInstanceOf(Promise);
    await expect(result).resolves.toEqual({ sent: 2, failed: 0, dropped: 0 });
    const sent = calls.filter((c) => c.status === 201).map((c) => (json(c) as { label: string }).label);
    expect(sent).toEqual(['one', 'two']);
    expect(sessionStorage.getItem(QUEUE_KEY)).toBeNull();
  });

  it('removes only the accepted events when the service rejects some', async () => {
    document.cookie = 'bid_ck=b-123; Path=/';
    recordFetch({ prefer: (url) => (url.endsWith('/events') && rejectNext.shift() ? 'code=400' : undefined) });
    const rejectNext = [false, true, false];
    const sdk = await init(settings());
    for (const label of ['a', 'b', 'c']) sdk.addToEventQueue('CTA_CLICK', { label });
    await expect(sdk.processEventQueue()).resolves.toEqual({ sent: 2, failed: 1, dropped: 0 });
    const left = JSON.parse(sessionStorage.getItem(QUEUE_KEY) ?? '[]') as { eventData: { label: string } }[];
    expect(left.map((entry) => entry.eventData.label)).toEqual(['b']);
  });

  it('is typed as a promise of the drain result', async () => {
    document.cookie = 'bid_ck=b-123; Path=/';
    recordFetch();
    const sdk = await init(settings());
    expectTypeOf(sdk.processEventQueue).returns.toEqualTypeOf<Promise<ProcessQueueResult>>();
    await expect(sdk.processEventQueue()).resolves.toEqual({ sent: 0, failed: 0, dropped: 0 });
  });
});

describe('E4: a queue entry keeps only what its later send needs', () => {
  it('stores { eventData, extensionData, id, settings: { clientKey, pointOfSale }, type } and nothing of the cookie settings', () => {
    document.cookie = 'bid_ck=b-123; Path=/';
    return init(
      settings({ cookieDomain: '.example.com', cookieExpiryDays: 30, cookiePath: '/', targetURL: prism.url }),
    ).then((sdk) => {
      sdk.addToEventQueue('CTA_CLICK', { label: 'Explore', pointOfSale: 'ngc-uk' }, { hero: { slot: 1 } });
      const [entry] = JSON.parse(sessionStorage.getItem(QUEUE_KEY) ?? '[]') as Record<string, unknown>[];
      expect(entry).toEqual({
        eventData: { label: 'Explore', pointOfSale: 'ngc-uk', page: 'careers', language: 'EN' },
        extensionData: { hero: { slot: 1 } },
        id: 'b-123',
        settings: { clientKey: 'ck', pointOfSale: 'ngc-uk' },
        type: 'CTA_CLICK',
      });
    });
  });
});

describe('E5: an invalid <html lang> never throws', () => {
  it('sends the leading language letters of en_US and omits a language it cannot read', async () => {
    document.cookie = 'bid_ck=b-123; Path=/';
    const calls = recordFetch();
    const sdk = await init(settings());
    setPage('/careers', 'en_US');
    await expect(sdk.pageView({ channel: 'WEB' })).resolves.toMatchObject({ status: 'OK' });
    expect(json(calls[0])).toMatchObject({ language: 'EN' });
    setPage('/careers', '12_3');
    expect(() => sdk.event('CTA_CLICK', {})).not.toThrow();
    await expect(sdk.personalize({ friendlyId: 'careers_hero_banner' })).resolves.toMatchObject({
      variantId: 'careers_hero_b',
    });
    expect(json(calls[2])).not.toHaveProperty('language');
  });
});

describe('E6: cookiePath is honoured', () => {
  it('writes the browser-id cookie with Path set to cookiePath', async () => {
    recordFetch();
    const writes = cookieWrites();
    await init(settings({ cookiePath: '/careers', cookieDomain: 'localhost' }));
    expect(writes).toHaveBeenCalledWith(
      `bid_ck=${NEW_ID}; Max-Age=63072000; SameSite=None; Secure; Path=/careers; Domain=localhost`,
    );
  });
});

describe('beyond E1–E8', () => {
  it('a malformed %-escape in the query does not throw from pageView (the reference’s decodeURI does)', async () => {
    document.cookie = 'bid_ck=b-123; Path=/';
    const calls = recordFetch();
    const sdk = await init(settings());
    setPage('/careers?utm_source=mail%E0%A4%A&utm_medium=news', 'en');
    await sdk.pageView({ channel: 'WEB' });
    expect(json(calls[0])).toMatchObject({ utm_medium: 'news' });
  });
});
