import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { safeLinkTarget, sameOriginPath } from '../../src/core/index.ts';

const PAGE = 'https://www.aero.example/news/today?x=1';

/** What a browser does with an href: jsdom's anchor resolves it with the WHATWG URL parser against the page. */
function browserResolves(href: string): URL {
  // One <base> for the file's thousands of calls: each one added or removed makes jsdom resolve the
  // document's URLs again (8 s of the file's 14).
  if (document.head.querySelector('base')?.getAttribute('href') !== PAGE) {
    document.head.querySelector('base')?.remove();
    const base = document.createElement('base');
    base.setAttribute('href', PAGE);
    document.head.append(base);
  }
  const a = document.createElement('a');
  a.setAttribute('href', href);
  return new URL(a.href);
}

// Every one of these is an attack in some browser or on some page: script
// schemes in disguise, or a "site-relative" path a browser sends to another host.
const HOSTILE: [string, unknown][] = [
  ['javascript', 'javascript:alert(1)'],
  ['mixed case', 'JaVaScRiPt:alert(1)'],
  ['leading space', ' JavaScript:alert(1)'],
  ['leading control characters', '\u0001\u001f javascript:alert(1)'],
  ['trailing control characters', 'javascript:alert(1)\u0000\u0020'],
  ['tab inside the scheme', 'java\tscript:alert(1)'],
  ['newline inside the scheme', 'java\nscript:alert(1)'],
  ['carriage return inside the scheme', 'java\rscript:alert(1)'],
  ['tab before the colon', 'javascript\t:alert(1)'],
  ['vbscript', 'VBScript:msgbox(1)'],
  ['data', 'data:text/html,<script>alert(1)</script>'],
  ['data image', 'data:image/svg+xml,<svg onload=alert(1)>'],
  ['blob', 'blob:https://www.aero.example/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed'],
  ['file', 'file:///etc/passwd'],
  ['mailto (not a web link)', 'mailto:someone@example.com'],
  ['protocol-relative', '//evil.example/x'],
  ['slash backslash', '/\\evil.example/x'],
  ['backslash backslash', '\\\\evil.example/x'],
  ['backslash slash', '\\/evil.example/x'],
  ['three slashes', '///evil.example/x'],
  ['tab inside //', '/\t/evil.example/x'],
  ['newline inside /\\', '/\n\\evil.example/x'],
  ['leading space before //', '  //evil.example/x'],
  ['unparsable host', 'https://exa mple.com/'],
  ['empty', ''],
  ['only whitespace', ' \t\n '],
  ['not a string', { href: '/x' }],
  ['undefined', undefined],
  ['null', null],
];

describe('safeLinkTarget (links and images from service or author data)', () => {
  it.each(HOSTILE)('refuses %s', (_, href) => expect(safeLinkTarget(href, PAGE)).toBeUndefined());

  it.each([
    ['a site path with query and hash', '/path?q=1#h', '/path?q=1#h'],
    ['a relative path', 'events/airshow', 'events/airshow'],
    ['a parent path', '../careers', '../careers'],
    ['a query only', '?page=2', '?page=2'],
    ['a hash only', '#apply', '#apply'],
    ['another site over https', 'https://other.example', 'https://other.example/'],
    ['another site over http', 'http://www.example.com/a?b=1', 'http://www.example.com/a?b=1'],
    ['an upper-case scheme', 'HTTPS://Other.Example/A', 'https://other.example/A'],
    ['a link with surrounding whitespace', '  /events/airshow \n', '/events/airshow'],
    ['a link with a tab inside', '/eve\tnts', '/events'],
    // Not a scheme: a scheme starts with a letter, so the parser reads a relative path.
    ['a percent-encoded "scheme"', '%6Aavascript:alert(1)', '%6Aavascript:alert(1)'],
    ['an encoded colon', 'javascript%3Aalert(1)', 'javascript%3Aalert(1)'],
    // A colon after a slash: no scheme (a scheme has no `/`), a path of the site.
    ['a relative path with a colon in a later segment', 'careers/jobs:engineering', 'careers/jobs:engineering'],
  ])('lets through %s', (_, href, expected) => expect(safeLinkTarget(href, PAGE)).toBe(expected));

  it('gives nothing a browser would run or send to another host unannounced', () => {
    for (const href of [
      '/path?q#h',
      'events/x',
      '%6Aavascript:alert(1)',
      'https://other.example',
      '%2F%2Fevil.example',
    ]) {
      const target = safeLinkTarget(href, PAGE)!;
      const resolved = browserResolves(target);
      expect(['http:', 'https:']).toContain(resolved.protocol);
      // Relative targets stay on the page's origin; only an explicit absolute URL leaves it.
      if (!/^https?:/.test(target)) expect(resolved.origin).toBe('https://www.aero.example');
    }
    expect(browserResolves('%6Aavascript:alert(1)').href).toBe('https://www.aero.example/news/%6Aavascript:alert(1)');
  });

  it('defaults to the current page when there is one', () => {
    expect(safeLinkTarget('/a')).toBe('/a');
    expect(safeLinkTarget('/\\evil.example/x')).toBeUndefined();
    // The page's own absolute URL is a path of the page's origin; another origin's is not.
    expect(sameOriginPath(`${location.origin}/careers?x=1#apply`)).toBe('/careers?x=1#apply');
    expect(sameOriginPath('https://page.invalid/careers')).toBeUndefined();
  });
});

describe('sameOriginPath (redirect targets from the query string or a service)', () => {
  const origin = 'https://www.aero.example';
  it.each(HOSTILE)('refuses %s', (_, url) => expect(sameOriginPath(url, origin)).toBeUndefined());

  it.each([
    ['https://other.example/phish'],
    ['http://www.aero.example/account'],
    ['https://www.aero.example:8443/account'],
    ['https://www.aero.example.evil.example/'],
    ['https://www.aero.example@evil.example/'],
    ['http:evil.example'],
  ])('refuses another origin: %s', (url) => expect(sameOriginPath(url, `${origin}/page`)).toBeUndefined());

  it.each([
    ['/account', '/account'],
    ['https://www.aero.example/account?tab=orders#top', '/account?tab=orders#top'],
    ['HTTPS://WWW.AERO.EXAMPLE/account', '/account'],
    ['  /account\t ', '/account'],
    ['orders?page=2#list', '/news/orders?page=2#list'],
    ['%6Aavascript:alert(1)', '/news/%6Aavascript:alert(1)'],
    ['/path?q#h', '/path?q#h'],
    // With the page's own scheme and no `//`, the parser reads a path on this site, as browsers do.
    ['https:evil.example', '/news/evil.example'],
  ])('%j → %j', (url, expected) => expect(sameOriginPath(url, `${origin}/news/today`)).toBe(expected));
});

// Forms that normalise to a path starting with `//`: harmless as a URL, a network-path reference once used as a path.
const NETWORK_PATH_BYPASSES = [
  '/.//evil.example/x',
  'https://www.aero.example//evil.example/x',
  '/%2e//evil.example/x',
  '/%2E//evil.example/x',
  '/x/..//evil.example/x',
  '/x/%2e%2e//evil.example/x',
  '/./\\evil.example/x',
  '/.\\/evil.example/x',
  '/.//\tevil.example',
  '/.\n//evil.example',
  'HTTPS://WWW.AERO.EXAMPLE//evil.example',
  '/..//evil.example',
  '/././/evil.example',
];
const KNOWN_BYPASSES = [
  ...NETWORK_PATH_BYPASSES,
  ...HOSTILE.map(([, url]) => url).filter((u): u is string => typeof u === 'string'),
];

// Builds strings from the pieces URL bypasses are made of, so the generator reaches them often.
const urlish = fc
  .array(
    fc.constantFrom(
      '/',
      '\\',
      '.',
      '..',
      '%2e',
      '%2E',
      '%2f',
      '\t',
      '\n',
      ' ',
      ':',
      '//',
      'evil.example',
      'www.aero.example',
      'https:',
      'javascript:',
      'data:',
      'vbscript:',
      'JaVaScRiPt:',
      '?',
      '#',
      '@',
      'x',
    ),
    { maxLength: 10 },
  )
  .map((parts) => parts.join(''));

describe('sameOriginPath never returns a path that leaves the site', () => {
  const origin = 'https://www.aero.example';
  const staysHome = (url: unknown) => {
    const path = sameOriginPath(url, `${origin}/news/today`);
    // Refused, or a path that a browser resolves, against any page of the site, to the site's own origin.
    if (path === undefined) return;
    expect(path.startsWith('/')).toBe(true);
    expect(browserResolves(path).origin).toBe(origin);
    expect(new URL(path, `${origin}/a/b`).origin).toBe(origin);
  };

  it.each(NETWORK_PATH_BYPASSES)('refuses %j', (url) => {
    expect(sameOriginPath(url, `${origin}/news/today`)).toBeUndefined();
  });

  it('holds for every known bypass', () => KNOWN_BYPASSES.forEach(staysHome));

  it('holds for arbitrary strings', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }), staysHome), { numRuns: 2000 });
  });

  it('holds for strings made of URL pieces', () => {
    fc.assert(fc.property(urlish, staysHome), { numRuns: 3000 });
  });

  it('safeLinkTarget gives no relative target that leaves the site either', () => {
    fc.assert(
      fc.property(fc.oneof(urlish, fc.string({ maxLength: 30 }), fc.constantFrom(...KNOWN_BYPASSES)), (url) => {
        const target = safeLinkTarget(url, `${origin}/news/today`);
        if (target === undefined || /^https?:/i.test(target)) return;
        expect(browserResolves(target).origin).toBe(origin);
      }),
      { numRuns: 3000 },
    );
  });
});
