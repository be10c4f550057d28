import { afterEach, describe, expect, it } from 'vitest';
import {
  cookieNames,
  cookiePaths,
  deleteCookieEverywhere,
  formatCookie,
  renameCookies,
  writeCookie,
  type CookieJar,
} from '../../src/core/cookies.ts';

// The one cookie module writes what it is given and nothing more: a value that could end the cookie
// and start an attribute (`;`), split it (`,`), or that a browser reads otherwise (whitespace, control
// characters) is refused, never written.

afterEach(() => {
  history.replaceState(null, '', '/');
  for (const name of cookieNames()) deleteCookieEverywhere(name);
});

describe('formatCookie and writeCookie refuse a value that would not stay one value', () => {
  it.each([
    ['a semicolon (an attribute would follow)', 'x; Domain=evil.example'],
    ['a comma', 'x,y'],
    ['a space', 'x y'],
    ['a tab', 'x\ty'],
    ['a newline', 'x\ny'],
    ['a NUL', 'x\u0000'],
    ['another control character', 'x\u0001y'],
    ['DEL', 'x\u007f'],
    ['a no-break space', 'x\u00a0y'],
    ['a line separator', 'x\u2028y'],
    ['a quote', '"x"'],
    ['a backslash', 'x\\y'],
    ['a non-ASCII letter', 'ü'],
  ])('%s: throws a TypeError, and writes nothing', (_case, value) => {
    const jar: CookieJar = { cookie: '' };
    expect(() => formatCookie('bid_ck', value)).toThrow(TypeError);
    expect(() => writeCookie('bid_ck', value, {}, jar)).toThrow(/Invalid cookie value for "bid_ck"/);
    expect(jar.cookie).toBe('');
  });

  it('takes every character RFC 6265 allows in a value, and an empty value', () => {
    const allowed = "!#$%&'()*+-./0123456789:<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[]^_`abcdefghijklmnopqrstuvwxyz{|}~";
    expect(formatCookie('a', allowed, { secure: false, sameSite: 'Lax' })).toBe(`a=${allowed}; Path=/; SameSite=Lax`);
    expect(formatCookie('a', '')).toBe('a=; Path=/; Secure; SameSite=None');
  });

  it('refuses a name that is not a token', () => {
    for (const name of ['', 'a b', 'a;b', 'a=b', 'a,b', 'a\u0001'])
      expect(() => formatCookie(name, 'x')).toThrow(/Invalid cookie name/);
  });

  it('renameCookies leaves a cookie whose value it could not write as it is, and renames the others', () => {
    const jar: CookieJar & { writes: string[] } = {
      writes: [],
      get cookie() {
        return 'OLD_a=1; OLD_b=x y; other=2';
      },
      set cookie(text: string) {
        this.writes.push(text);
      },
    };
    const renamed = renameCookies(
      'OLD_',
      'new_',
      { remove: (name) => `${name}=; Max-Age=0`, write: (name, value) => formatCookie(name, value) },
      jar,
    );
    expect(renamed).toEqual(['new_a']);
    expect(jar.writes).toEqual(['OLD_a=; Max-Age=0', 'new_a=1; Path=/; Secure; SameSite=None']);
  });
});

describe('cookiePaths: every Path a cookie visible on a page may have', () => {
  it.each([
    ['/', ['/']],
    ['/news', ['/', '/news']],
    ['/news/', ['/', '/news', '/news/']],
    ['/news/x', ['/', '/news', '/news/', '/news/x']],
    ['/a/b/c/', ['/', '/a', '/a/', '/a/b', '/a/b/', '/a/b/c', '/a/b/c/']],
  ])('%s → %j', (path, paths) => expect(cookiePaths(path)).toEqual(paths));

  it('leaves out paths longer than a browser keeps (1024 characters)', () => {
    const paths = cookiePaths(`/${'a/'.repeat(1000)}`);
    expect(paths.at(-1)!.length).toBeLessThanOrEqual(1024);
    expect(paths.length).toBeLessThan(1100);
  });
});

describe('deleteCookieEverywhere', () => {
  it('deletes a cookie whatever path above the page and whatever domain it was written with', () => {
    history.replaceState(null, '', '/news/x');
    document.cookie = 'bid_ck=1; Path=/news';
    document.cookie = 'bid_ck=2; Path=/';
    document.cookie = 'bid_ck=3; Path=/news/x; Domain=localhost';
    document.cookie = 'bid_ck=4; Path=/other';
    document.cookie = 'kept=1; Path=/news';
    deleteCookieEverywhere('bid_ck', { paths: ['/other'], domains: ['localhost'] });
    expect(document.cookie).toBe('kept=1');
    history.replaceState(null, '', '/other');
    expect(document.cookie).toBe('');
  });

  it('writes only deletions (empty, expired) and nothing without a jar', () => {
    const jar: CookieJar & { writes: string[] } = {
      writes: [],
      cookie: '',
    };
    Object.defineProperty(jar, 'cookie', { set: (text: string) => jar.writes.push(text), get: () => '' });
    deleteCookieEverywhere('a', { domains: ['example.com'] }, jar, { pathname: '/x', hostname: 'www.example.com' });
    expect(jar.writes.length).toBeGreaterThan(0);
    for (const text of jar.writes)
      expect(text).toMatch(
        /^a=; (Domain=[a-z.]+; )?Path=\/[^;]*; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Secure; SameSite=None$/,
      );
    // Host-only, and at the host and each parent domain it may have been shared with.
    expect(new Set(jar.writes.map((text) => /Domain=([^;]+)/.exec(text)?.[1]))).toEqual(
      new Set([undefined, 'www.example.com', 'example.com']),
    );
    expect(() => deleteCookieEverywhere('a', {}, undefined)).not.toThrow();
  });
});
