import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cookieDomain,
  cookieNames,
  cookiePair,
  cookiePaths,
  deleteCookie,
  deleteCookieEverywhere,
  formatCookie,
  isCookieName,
  readCookie,
  renameCookies,
  writeCookie,
  writeCookieText,
  type CookieJar,
} from '../../src/core/cookies.ts';

/** A cookie jar whose `document.cookie` always reads `cookies` and that records every write. */
function recordingJar(cookies = ''): CookieJar & { writes: string[] } {
  const writes: string[] = [];
  return {
    writes,
    get cookie() {
      return cookies;
    },
    set cookie(text: string) {
      writes.push(text);
    },
  };
}

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
    const jar = recordingJar('OLD_a=1; OLD_b=x y; other=2');
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

  it("gives only `/` for a pathname that is no path (about:blank's is `blank`)", () =>
    expect(cookiePaths('blank')).toEqual(['/']));

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

describe('reading the jar', () => {
  it('readCookie gives the first value of a name (the most specific path), the whole value after the first "="', () => {
    const jar: CookieJar = { cookie: 'theme=dark;  bid_ck=a=b==; bid_ck=outer; =orphan; flag; empty=' };
    expect(readCookie('bid_ck', jar)).toBe('a=b==');
    expect(readCookie('theme', jar)).toBe('dark');
    expect(readCookie('empty', jar)).toBe('');
    // A part without a name is no cookie: neither `flag` nor `=orphan` can be read.
    expect(readCookie('flag', jar)).toBeUndefined();
    expect(readCookie('', jar)).toBeUndefined();
    expect(readCookie('orphan', jar)).toBeUndefined();
    expect(cookieNames(jar)).toEqual(['theme', 'bid_ck', 'empty']);
  });

  it("reads the page's cookies by default", () => {
    document.cookie = 'seen=1; Path=/';
    expect(readCookie('seen')).toBe('1');
    expect(cookieNames()).toContain('seen');
  });

  it('reads nothing and writes nothing where there is no document (a server)', () => {
    vi.stubGlobal('document', undefined);
    try {
      expect(readCookie('seen')).toBeUndefined();
      expect(cookieNames()).toEqual([]);
      expect(() => writeCookie('seen', '1')).not.toThrow();
      expect(() => writeCookieText('seen=1')).not.toThrow();
    } finally {
      vi.unstubAllGlobals();
    }
    expect(document.cookie).toBe('');
  });
});

describe('writing a cookie', () => {
  it('writes every attribute it is given, in the order browsers document them', () => {
    const jar: CookieJar = { cookie: '' };
    writeCookie(
      '__rutmb',
      '2222222',
      { domain: 'example.com', expires: new Date(Date.UTC(2023, 10, 14, 22, 13, 20)), path: '/news' },
      jar,
    );
    expect(jar.cookie).toBe(
      '__rutmb=2222222; Domain=example.com; Path=/news; Expires=Tue, 14 Nov 2023 22:13:20 GMT; Secure; SameSite=None',
    );
    writeCookie('a', '1', { sameSite: 'Strict' }, jar);
    expect(jar.cookie).toBe('a=1; Path=/; Secure; SameSite=Strict');
  });

  it("writes to the page's cookies by default", () => {
    writeCookie('lang', 'en', { secure: false, sameSite: 'Lax' });
    expect(document.cookie).toBe('lang=en');
    writeCookieText('raw=1; Path=/');
    expect(readCookie('raw')).toBe('1');
  });

  it('writeCookieText writes the assignment byte for byte', () => {
    const jar: CookieJar = { cookie: '' };
    writeCookieText('_ga=GA1.1; path=/; expires=Thu, 01 Jan 2037 00:00:00 GMT; SameSite=Lax', jar);
    expect(jar.cookie).toBe('_ga=GA1.1; path=/; expires=Thu, 01 Jan 2037 00:00:00 GMT; SameSite=Lax');
  });

  it('deleteCookie writes the cookie empty and expired, at the domain and path it was written with', () => {
    const jar: CookieJar = { cookie: '' };
    deleteCookie('bid_ck', { domain: 'example.com', path: '/news' }, jar);
    expect(jar.cookie).toBe(
      'bid_ck=; Domain=example.com; Path=/news; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Secure; SameSite=None',
    );
  });

  it('isCookieName takes the characters of an RFC 6265 token and nothing else', () => {
    expect(isCookieName("!#$%&'*+.^_`|~09AZaz-")).toBe(true);
    for (const name of ['', 'a b', 'a=b', 'a;b', 'a,b', 'a"b', 'a\\b', 'a(b', 'a/b', 'a:b', 'a\u0000', 'ü'])
      expect(isCookieName(name)).toBe(false);
  });

  it('cookiePair is name=value, and names the offending name in its error', () => {
    expect(cookiePair('a', 'b=c')).toBe('a=b=c');
    expect(() => cookiePair('a b', 'x')).toThrow('Invalid cookie name: "a b" must be a token');
  });
});

describe('cookieDomain: the domain every subdomain shares', () => {
  it.each([
    ['www.example.com', false, 'example.com'],
    ['a.b.example.com', false, 'example.com'],
    ['example.com', false, 'example.com'],
    ['shop.example.co.uk', true, 'shop.example.co.uk'],
    ['localhost', false, undefined],
    ['localhost', true, undefined],
    ['192.168.0.1', false, undefined],
    ['192.168.0.1', true, undefined],
    ['fe80::1', false, undefined],
    // Host names that start or end with a digit are no IP address.
    ['3m.com', false, '3m.com'],
    ['wiki.corp1', false, 'wiki.corp1'],
    ['[::1]', true, undefined],
  ])('%s (public suffix %s) → %s', (host, publicSuffix, domain) =>
    expect(cookieDomain(host, publicSuffix)).toBe(domain),
  );

  it('is the last two labels unless told the site is under a two-label public suffix', () => {
    expect(cookieDomain('www.example.co.uk')).toBe('co.uk');
  });
});

describe('deleteCookieEverywhere at hosts without parent domains', () => {
  const domainsWritten = (hostname: string) => {
    const jar = recordingJar();
    deleteCookieEverywhere('a', {}, jar, { pathname: '/', hostname });
    return jar.writes.map((text) => /Domain=([^;]+)/.exec(text)?.[1] ?? 'host-only');
  };

  it.each([['localhost'], ['192.168.0.1'], ['[::1]']])(
    '%s: host-only only (a browser refuses a Domain there)',
    (host) => expect(domainsWritten(host)).toEqual(['host-only']),
  );

  it.each([
    ['3m.com', ['host-only', '3m.com']],
    ['wiki.corp1', ['host-only', 'wiki.corp1']],
  ])('%s, a host name with digits, is no IP address: host-only, and at the host', (host, domains) =>
    expect(domainsWritten(host)).toEqual(domains),
  );

  it('a host with parent domains: host-only, then the host and each parent with two labels or more', () =>
    expect(domainsWritten('a.b.example.com')).toEqual([
      'host-only',
      'a.b.example.com',
      'b.example.com',
      'example.com',
    ]));

  it('does nothing without a page (no location: a server given a jar)', () => {
    const jar = { cookie: '' };
    vi.stubGlobal('location', undefined);
    try {
      deleteCookieEverywhere('a', {}, jar);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(jar.cookie).toBe('');
  });
});

describe('renameCookies', () => {
  it('moves only the cookies with the prefix, and none whose new name would not be a token', () => {
    const jar = recordingJar('OLD_a=1; xOLD_b=2; other=3; OLD_c=4');
    const { writes } = jar;
    const format = {
      remove: (name: string) => `${name}=; Max-Age=0`,
      write: (name: string, v: string) => `${name}=${v}`,
    };
    expect(renameCookies('OLD_', 'new_', format, jar)).toEqual(['new_a', 'new_c']);
    expect(writes).toEqual(['OLD_a=; Max-Age=0', 'new_a=1', 'OLD_c=; Max-Age=0', 'new_c=4']);
    writes.length = 0;
    expect(renameCookies('OLD_', 'new ', format, jar)).toEqual([]);
    expect(writes).toEqual([]);
  });
});
