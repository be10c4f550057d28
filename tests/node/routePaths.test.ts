import { describe, expect, it } from 'vitest';
import { assertRoutePaths, routePathProblem, sitemapXml } from '../../scripts/lib/siteServer.mjs';

// The build writes a page, a sitemap <loc> and a canonical URL for each route of the content route
// list: a route that is not a path of the site would put another site into sitemap.xml and give
// its page the home page's canonical URL. The build stops instead, naming each such route.

const origin = 'https://www.aero.example';

describe('the route list check of the build', () => {
  it.each([
    ['//evil.example', 'resolves to another site, https://evil.example'],
    ['//evil.example/news', 'resolves to another site, https://evil.example'],
    ['/\\evil.example', 'resolves to another site, https://evil.example'],
    ['/\t/evil.example', 'resolves to another site, https://evil.example'],
    ['/\n/evil.example', 'resolves to another site, https://evil.example'],
    ['https://evil.example/news', 'has a scheme; a route is a path of the site, starting with /'],
    [`${origin}/news`, 'has a scheme; a route is a path of the site, starting with /'],
    ['javascript:alert(1)', 'has a scheme; a route is a path of the site, starting with /'],
    ['data:text/html,x', 'has a scheme; a route is a path of the site, starting with /'],
    ['news', 'does not start with /'],
    ['\\\\evil.example', 'does not start with /'],
    ['', 'is not a path'],
    [undefined, 'is not a path'],
    [42, 'is not a path'],
    ['/news\\archive', 'has a backslash, a control character or an edge space, which a browser reads differently'],
    ['/news\t', 'has a backslash, a control character or an edge space, which a browser reads differently'],
    ['/news ', 'has a backslash, a control character or an edge space, which a browser reads differently'],
    ['/news?page=2', 'has a query or fragment'],
    ['/news#top', 'has a query or fragment'],
    ['/news/../account', 'has a . or .. segment'],
    ['/news/%2e%2E/account', 'has a . or .. segment'],
    ['/./news', 'has a . or .. segment'],
    ['/products/*', 'is a wildcard item (rendered on request by the app, not prerendered)'],
  ])('refuses %j: %s', (path, problem) => {
    expect(routePathProblem(path, origin)).toBe(problem);
  });

  it.each([
    '/',
    '/news',
    '/news/',
    '/capabilities/air/f-35-sustainment',
    '/api/auth/signin',
    '/über-uns',
    '/a%20b',
    '/v1.2/notes',
  ])('accepts the site path %j', (path) => {
    expect(routePathProblem(path, origin)).toBeNull();
  });

  it('stops with one message naming each unusable route and its rule, and passes a clean list', () => {
    const paths = ['/', '//evil.example', '/news', 'javascript:alert(1)', '/x/..//evil.example'];
    expect(() => assertRoutePaths(paths, origin)).toThrowError(
      'prerender: the route list has 3 unusable paths (a route must be a path of the site on https://www.aero.example):\n' +
        '  - "//evil.example": resolves to another site, https://evil.example\n' +
        '  - "javascript:alert(1)": has a scheme; a route is a path of the site, starting with /\n' +
        '  - "/x/..//evil.example": has a . or .. segment',
    );
    expect(() => assertRoutePaths(['/', '/news', '/capabilities'], origin)).not.toThrow();
  });

  it('every accepted route is listed in the sitemap on the public origin', () => {
    const accepted = ['/', '/news', '/über-uns', '/a%20b'].filter((path) => routePathProblem(path, origin) === null);
    const locs = [
      ...sitemapXml(
        origin,
        accepted.map((path) => ({ path })),
      ).matchAll(/<loc>([^<]+)<\/loc>/g),
    ].map((m) => new URL(m[1]!));
    expect(locs.map((loc) => loc.origin)).toEqual(accepted.map(() => origin));
    expect(locs.map((loc) => loc.pathname)).toEqual(['/', '/news', '/%C3%BCber-uns', '/a%20b']);
  });
});
