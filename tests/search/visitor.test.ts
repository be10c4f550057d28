// @vitest-environment-options { "url": "https://www.example.com/capabilities/space" }
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { cookieDomain, deleteCookie, formatCookie, readCookie, writeCookie } from '../../src/core/cookies.ts';
import { forgetVisitor, parseVisits, type SearchConfig } from '../../src/search/index.ts';
import { testClient } from './support.tsx';

const START = Date.UTC(2024, 0, 15, 9, 0, 0);
const MIN = 60_000;
let written: MockInstance<(value: string) => void>;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
  written = vi.spyOn(Document.prototype, 'cookie', 'set');
});
afterEach(() => {
  vi.restoreAllMocks();
  for (const name of ['__ruid', '__rutma', '__rutmb']) {
    for (const domain of ['example.com', 'www.example.com', undefined]) deleteCookie(name, domain ? { domain } : {});
  }
  localStorage.clear();
  vi.useRealTimers();
});

/** A page load: a new client, as the site creates one per page. */
const load = (config: SearchConfig = {}) => testClient({ trackingConsent: true, ...config }).client;
const writes = () => written.mock.calls.map(([value]) => value);
const visit = () => parseVisits(readCookie('__rutma'));

describe('search visitor across page loads (with tracking consent)', () => {
  it('keeps one visitor id across page loads and sends it in requests and events', async () => {
    const first = load();
    expect(first.uuid).toMatch(/^2222222-/);
    const second = load();
    expect(second.uuid).toBe(first.uuid);
    const done = second.requestWidget({ item: { rfk_id: 'rfk_1', entity: 'content' } });
    await vi.advanceTimersByTimeAsync(250);
    await done;
    expect(second.context.get().user?.uuid).toBe(first.uuid);
  });

  it('writes the reference cookies: id, visit record and session marker on the last two labels, Secure, SameSite=None', () => {
    const client = load();
    const uuid = client.uuid;
    const year = new Date(START + 365 * 24 * 60 * MIN).toUTCString();
    const halfHour = new Date(START + 30 * MIN).toUTCString();
    expect(writes()).toEqual([
      `__ruid=${uuid}; Domain=example.com; Path=/; Expires=${year}; Secure; SameSite=None`,
      `__rutma=${uuid}.${START}.${START}.1.1.1; Domain=example.com; Path=/; Expires=${year}; Secure; SameSite=None`,
      `__rutmb=2222222; Domain=example.com; Path=/; Expires=${halfHour}; Secure; SameSite=None`,
    ]);
    expect(readCookie('__rutmb')).toBe('2222222');
  });

  it('sets the cookies on the full hostname with publicSuffix', () => {
    load({ publicSuffix: true });
    expect(writes()).toHaveLength(3);
    for (const value of writes()) expect(value).toContain('; Domain=www.example.com; Path=/;');
  });

  it('counts page views within a visit, and starts a new visit after 30 min without activity', async () => {
    const uuid = load().uuid;
    vi.setSystemTime(START + 29 * MIN);
    load();
    expect(visit()).toEqual({
      uuid,
      previousVisitStart: START,
      visitStart: START,
      visitCount: 1,
      pageViewCount: 2,
      visitPageCount: 2,
    });

    // Activity keeps the visit alive: 29 min later it is still the same visit.
    const page = load();
    vi.setSystemTime(START + 58 * MIN);
    await page.trackEvent({ name: 'widget', action: 'view', value: { rfk_id: 'rfk_1' } });
    vi.setSystemTime(START + 87 * MIN);
    load();
    expect(visit()).toMatchObject({ visitCount: 1, pageViewCount: 4, visitPageCount: 4 });

    // 31 min idle: a new visit, same visitor.
    const back = START + 118 * MIN;
    vi.setSystemTime(back);
    const returning = load();
    expect(returning.uuid).toBe(uuid);
    expect(visit()).toEqual({
      uuid,
      previousVisitStart: START,
      visitStart: back,
      visitCount: 2,
      pageViewCount: 5,
      visitPageCount: 1,
    });
    expect(returning.visitor.visit).toEqual(visit());
  });

  it('recognises a visitor days later, and reads the cookies a site on the reference SDK left', () => {
    const uuid = load().uuid;
    vi.setSystemTime(START + 10 * 24 * 60 * MIN);
    expect(load().uuid).toBe(uuid);

    for (const name of ['__ruid', '__rutma', '__rutmb']) deleteCookie(name, { domain: 'example.com' });
    // As the reference SDK writes it.
    const expires = new Date(START + 10 * 24 * 60 * MIN + 30 * MIN).toUTCString();
    document.cookie = `__rutma=2222222-ud-gm-4j-1p-ktquq92g7ijlh2kz5avz-1646741217648.1646741217648.1646741217648.3.19.7;domain=example.com;path=/;;expires=${expires};secure;SameSite=None;`;
    const moved = load();
    expect(moved.uuid).toBe('2222222-ud-gm-4j-1p-ktquq92g7ijlh2kz5avz-1646741217648');
    expect(moved.visitor.visit).toMatchObject({ visitCount: 4, pageViewCount: 20, visitPageCount: 1 });
  });

  it('with useStorage keeps the entries in localStorage as {v, tm, tx} and writes no cookie', () => {
    const first = load({ useStorage: true });
    expect(writes()).toEqual([]);
    expect(JSON.parse(localStorage.getItem('__ruid') ?? 'null')).toEqual({
      v: first.uuid,
      tm: START,
      tx: 31_536_000_000,
    });
    expect(JSON.parse(localStorage.getItem('__rutmb') ?? 'null')).toEqual({ v: '2222222', tm: START, tx: 1_800_000 });
    expect(JSON.parse(localStorage.getItem('__rutma') ?? 'null')).toMatchObject({
      v: `${first.uuid}.${START}.${START}.1.1.1`,
    });
    expect(load({ useStorage: true }).uuid).toBe(first.uuid);
    vi.setSystemTime(START + 31 * MIN);
    expect(load({ useStorage: true }).visitor.visit).toMatchObject({ visitCount: 2, visitPageCount: 1 });
  });
});

describe('search visitor without tracking consent', () => {
  it('writes nothing and keeps the id in memory for the page only', async () => {
    const { client, service } = testClient({ trackingConsent: false });
    const uuid = client.uuid;
    const done = client.requestWidget({ item: { rfk_id: 'rfk_1', entity: 'content' } });
    await vi.advanceTimersByTimeAsync(250);
    await done;
    await client.trackEvent({ name: 'widget', action: 'view', value: { rfk_id: 'rfk_1' } });
    expect(client.uuid).toBe(uuid);
    expect(service.searches()[0]?.body).toMatchObject({ context: { user: { uuid } } });
    expect(writes()).toEqual([]);
    expect(document.cookie).toBe('');
    expect(localStorage.length).toBe(0);
    expect(testClient({ trackingConsent: false }).client.uuid).not.toBe(uuid);
    expect(testClient({ trackingConsent: false, useStorage: true }).client.visitor.storage).toBe('memory');
    expect(localStorage.length).toBe(0);
  });

  it('stores the page id when consent is given, and adopts a returning visitor id', () => {
    const returning = load().uuid;
    document.cookie =
      '__rutmb=; Domain=example.com; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Secure; SameSite=None';
    const page = testClient({ trackingConsent: false }).client;
    expect(page.uuid).not.toBe(returning);
    const changes = vi.fn();
    page.context.subscribe(changes);
    page.setTrackingConsent(true);
    expect(page.uuid).toBe(returning);
    expect(page.context.get().user?.uuid).toBe(returning);
    expect(changes).toHaveBeenCalledTimes(1);
    expect(readCookie('__rutmb')).toBe('2222222');
  });

  it('deletes the cookies and storage entries when consent is withdrawn, and forgets the id: granting again is a new visitor', () => {
    const page = load();
    const uuid = page.uuid;
    const changes = vi.fn();
    page.context.subscribe(changes);
    written.mockClear();
    page.setTrackingConsent(false);
    expect(writes()).toEqual(
      ['__ruid', '__rutma', '__rutmb'].map(
        (name) => `${name}=; Domain=example.com; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Secure; SameSite=None`,
      ),
    );
    expect(document.cookie).toBe('');
    // What the page sends from now on no longer carries the withdrawn id.
    expect(page.uuid).not.toBe(uuid);
    expect(page.context.get().user?.uuid).toBe(page.uuid);
    expect(changes).toHaveBeenCalledTimes(1);
    page.setTrackingConsent(true);
    expect(readCookie('__ruid')).toBe(page.uuid);
    expect(page.uuid).not.toBe(uuid);
    expect(visit()).toMatchObject({ uuid: page.uuid, visitCount: 1 });

    const stored = load({ useStorage: true });
    expect(localStorage.length).toBe(3);
    stored.setTrackingConsent(false);
    expect(localStorage.length).toBe(0);
  });

  it('forgetVisitor deletes a stored visitor, cookies and localStorage entries, without a client', () => {
    const storedInCookies = load().uuid;
    load({ useStorage: true });
    localStorage.setItem('unrelated', 'kept');
    written.mockClear();
    forgetVisitor();
    expect(writes()).toEqual(
      ['__ruid', '__rutma', '__rutmb'].map(
        (name) => `${name}=; Domain=example.com; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Secure; SameSite=None`,
      ),
    );
    expect(document.cookie).toBe('');
    expect(Object.keys(localStorage)).toEqual(['unrelated']);
    expect(load().uuid).not.toBe(storedInCookies);
  });
});

describe('cookie module (src/core/cookies.ts)', () => {
  it('formats, reads and deletes cookies, and refuses a value that would split one', () => {
    expect(formatCookie('a', 'b')).toBe('a=b; Path=/; Secure; SameSite=None');
    expect(formatCookie('a', 'b', { secure: false, sameSite: 'Lax', path: '/x' })).toBe('a=b; Path=/x; SameSite=Lax');
    writeCookie('__ruid', 'x-1', { domain: 'example.com' });
    expect(readCookie('__ruid')).toBe('x-1');
    deleteCookie('__ruid', { domain: 'example.com' });
    expect(readCookie('__ruid')).toBeUndefined();
    expect(() => formatCookie('a', 'b; Domain=evil.example')).toThrow(
      'Invalid cookie value for "a": it must not contain spaces, ";", ",", quotes or backslashes',
    );
    expect(() => formatCookie('a=b', 'c')).toThrow('Invalid cookie name: "a=b"');
  });

  it('takes the last two labels of the hostname, the whole hostname with publicSuffix, and no domain for localhost or an IP', () => {
    expect(cookieDomain('www.shop.example.com')).toBe('example.com');
    expect(cookieDomain('www.example.co.uk', true)).toBe('www.example.co.uk');
    expect(cookieDomain('localhost')).toBeUndefined();
    expect(cookieDomain('127.0.0.1')).toBeUndefined();
  });
});
