import { describe, expect, it, vi } from 'vitest';
import { checkLinks, findDeadLinks, internalLinks } from '../../scripts/lib/deadLinks.mjs';

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
});
