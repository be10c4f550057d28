import { describe, expect, it, vi } from 'vitest';
import { checkLinks, findDeadLinks, internalLinks, mediaLinks } from '../../scripts/lib/deadLinks.mjs';

// The build's dead-link check on fixture pages: what a visitor would reach by following each link.
const ORIGIN = 'https://www.aero.example';
const ROUTES = ['/', '/careers', '/careers/engineering', '/news', '/legal/cookies'];
const APP_ROUTES = ['/products/*', '/search', '/cart'];
const page = (path: string, ...hrefs: string[]) => ({
  path,
  html: `<!doctype html><html><body><a class="visually-hidden" href="#main">Skip</a>${hrefs
    .map((href) => `<a data-track="careers" href="${href}">link</a>`)
    .join('')}</body></html>`,
});

describe('the dead-link check of the static build', () => {
  it('reads the internal links of a page as a browser resolves them, leaving out fragments, other sites, other schemes and media', () => {
    const html = page(
      '/careers/engineering',
      '/news?page=2#top',
      'https://www.aero.example/legal/cookies',
      '../careers',
      '//other.example/x',
      'https://careers.aero.example/apply',
      'mailto:press@aero.example',
      '/-/media/report.pdf',
      '/search?q=f-35&amp;page=2',
      '#',
    ).html;
    expect(internalLinks(html, '/careers/engineering', ORIGIN)).toEqual([
      '/news',
      '/legal/cookies',
      '/careers',
      '/search',
    ]);
  });

  it('finds every link to no route of the build, with the page it is on; routes, app routes and the wildcard are fine', () => {
    const pages = [
      page('/', '/careers', '/careers/', '/Careers/Engineering', '/products/TIT-FAST-100', '/cart', '/events/airshow'),
      page(
        '/careers',
        '/careers/graduate-programme',
        '/careers/jobs/systems-engineer-satellite-payloads',
        '/products/',
      ),
    ];
    expect(findDeadLinks(pages, { origin: ORIGIN, routes: ROUTES, appRoutes: APP_ROUTES })).toEqual([
      { page: '/', link: '/events/airshow' },
      { page: '/careers', link: '/careers/graduate-programme' },
      { page: '/careers', link: '/careers/jobs/systems-engineer-satellite-payloads' },
      { page: '/careers', link: '/products/' },
    ]);
  });

  it('stops a production or uat build with one error naming each dead link and the page it is on', () => {
    const pages = [
      page('/', '/careers'),
      page('/careers', '/careers/engineering', '/events/airshow', '/careers/graduate-programme'),
    ];
    for (const mode of ['production', 'uat']) {
      const warn = vi.fn();
      expect(() => checkLinks(pages, { mode, origin: ORIGIN, routes: ROUTES, appRoutes: APP_ROUTES, warn })).toThrow(
        'prerender: 2 dead links (an internal link to no route of the build):\n' +
          '  - /events/airshow on /careers\n' +
          '  - /careers/graduate-programme on /careers\n' +
          `A ${mode} build stops on dead links`,
      );
      expect(warn).not.toHaveBeenCalled();
    }
  });

  it('lets a development build go on, warning with the same report', () => {
    const warn = vi.fn();
    const dead = checkLinks([page('/news', '/events/airshow')], {
      mode: 'development',
      origin: ORIGIN,
      routes: ROUTES,
      warn,
    });
    expect(dead).toEqual([{ page: '/news', link: '/events/airshow' }]);
    expect(warn).toHaveBeenCalledOnce();
    expect(warn.mock.calls[0]![0]).toContain(
      'prerender: a dead link (an internal link to no route of the build):\n  - /events/airshow on /news',
    );
  });

  it('passes a build whose links all lead somewhere, silently', () => {
    const warn = vi.fn();
    expect(
      checkLinks([page('/', '/careers', '/search?q=x')], {
        mode: 'production',
        origin: ORIGIN,
        routes: ROUTES,
        appRoutes: APP_ROUTES,
        warn,
      }),
    ).toEqual([]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('reads the media links of a page: content media and the shell and JSS media routes, as a browser resolves them', () => {
    const html = page(
      '/capabilities',
      '/-/media/files/brochure.pdf?la=en#page=2',
      '/sitecore/shell/-/media/files/brochure.pdf',
      '/-/jssmedia/images/hero-1280.svg',
      '../-/media/files/relative.pdf',
      'https://cdn.example/-/media/files/elsewhere.pdf',
      '/news',
    ).html;
    expect(mediaLinks(html, '/capabilities/space', ORIGIN)).toEqual([
      '/-/media/files/brochure.pdf',
      '/sitecore/shell/-/media/files/brochure.pdf',
      '/-/jssmedia/images/hero-1280.svg',
      '/-/media/files/relative.pdf',
    ]);
  });

  it('finds every media link to no file the site serves, with the page it is on', () => {
    const served = new Set(['/-/media/files/brochure.pdf', '/-/media/images/hero-1280.svg']);
    const pages = [
      page('/', '/-/media/files/brochure.pdf', '/-/media/files/gone.pdf', '/-/jssmedia/images/hero-1280.svg'),
      page('/news', '/sitecore/shell/-/media/files/Gone%20Too.pdf', '/-/media/files/../../package.json'),
    ];
    expect(findDeadLinks(pages, { origin: ORIGIN, routes: ROUTES, files: (path) => served.has(path) })).toEqual([
      { page: '/', link: '/-/media/files/gone.pdf' },
      { page: '/news', link: '/sitecore/shell/-/media/files/Gone%20Too.pdf' },
      // A browser resolves the dot segments first: no media path, and no route.
      { page: '/news', link: '/-/package.json' },
    ]);
  });

  it("checks media against the files of the site's public/ folder, which every build copies, by default", () => {
    const pages = [
      page(
        '/capabilities/space/satellite-payloads',
        '/-/media/files/satellite-payloads-brochure.pdf',
        '/-/media/images/hero-1280.svg',
        '/-/media/files/no-such-brochure.pdf',
        '/-/media/images%2F..%2F..%2F..%2Fpackage.json',
      ),
    ];
    expect(findDeadLinks(pages, { origin: ORIGIN, routes: ROUTES })).toEqual([
      { page: '/capabilities/space/satellite-payloads', link: '/-/media/files/no-such-brochure.pdf' },
      // An escaped way out of the media folder names no file of it.
      { page: '/capabilities/space/satellite-payloads', link: '/-/media/images%2F..%2F..%2F..%2Fpackage.json' },
    ]);
  });
});
