import { beforeAll, describe, it } from 'vitest';
import type { Browser, BrowserContextOptions, Page, Request } from 'playwright-core';
import { CONTENT_SPEC, listedRoutes } from '../../scripts/lib/contentMock.mjs';
import { DESKTOP, pageAtRest } from '../support/browser.ts';
import { sharedBrowser, sharedBuiltSite, type SharedBuiltSite } from '../support/shared.ts';

// The site in two languages, in Chromium against the prerendered build: English at `/`, German
// under `/de/`. The page's language reaches every service: the layout service (`sc_lang`), the
// dictionary, the search requests (`locale`) and the events SDK (`language`). Every test has a
// browser context of its own, so they run concurrently.

const LAYOUT = /\/content-api\/sitecore\/api\/layout\/render\/jss/;
const DICTIONARY = /\/content-api\/sitecore\/api\/jss\/dictionary\//;
const SEARCH = /\/discover\/v2\//;
const EVENTS = /\/engage-api\/v1\.2\/events$/;
const GERMAN = listedRoutes(CONTENT_SPEC, 'de').map((r) => (r.path === '/' ? '/de' : `/de${r.path}`));
// A same-origin static file: somewhere to set storage before a visit.
const BLANK = '/-/media/images/hero-640.svg';

let built: SharedBuiltSite;
let browser: Browser;
beforeAll(async () => {
  [built, browser] = await Promise.all([sharedBuiltSite(), sharedBrowser()]);
}, 300_000);

interface Visit {
  page: Page;
  requests: Request[];
  /** Console errors and warnings, and uncaught errors. */
  problems: string[];
  /** The status of the page as served. */
  status: number;
  /** The h1 of the HTML as served, before JavaScript. */
  servedH1: string;
}

/** A phone's screen: 390 × 844 CSS pixels, touch. */
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

/**
 * Opens `path` in a context of its own, on `device` (defaults to the desktop's 1280 × 800 screen);
 * `consent` gives the visitor's consent to analytics first. Closing it is the test's.
 */
async function visit(
  path: string,
  { consent = false, device = DESKTOP as BrowserContextOptions } = {},
): Promise<Visit> {
  const page = await (await browser.newContext({ ...device })).newPage();
  if (consent) {
    await page.goto(`${built.url}${BLANK}`);
    // The consent stand-in (dev-public/consent-stub.js) keeps the visitor's choice here.
    await page.evaluate(() => localStorage.setItem('consent-stub:groups', 'C0001,C0002,C0003,C0004'));
  }
  const requests: Request[] = [];
  const problems: string[] = [];
  page.on('request', (r) => requests.push(r));
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(`${m.type()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  const response = await page.goto(`${built.url}${path}`, { waitUntil: 'networkidle' });
  const servedH1 = ((await response!.text()).match(/<h1[^>]*>([^<]*)</)?.[1] ?? '').replace(/&amp;/g, '&');
  await pageAtRest(page);
  return { page, requests, problems, status: response!.status(), servedH1 };
}

const matching = (requests: Request[], pattern: RegExp) => requests.filter((r) => pattern.test(r.url()));
/** `item sc_lang sc_mode` of each layout request. */
const layoutRequests = (requests: Request[]) =>
  matching(requests, LAYOUT).map((r) => {
    const q = new URL(r.url()).searchParams;
    return [q.get('item'), q.get('sc_lang'), q.get('sc_mode')].filter(Boolean).join(' ');
  });
const dictionaryLanguages = (requests: Request[]) =>
  matching(requests, DICTIONARY).map((r) => new URL(r.url()).pathname.split('/').at(-1));
const eventLanguages = (requests: Request[]) =>
  matching(requests, EVENTS)
    .map((r) => JSON.parse(r.postData() ?? '{}') as { type?: string; language?: string })
    .filter((body) => body.type === 'VIEW')
    .map((body) => body.language);
const searchLocales = (requests: Request[]) =>
  matching(requests, SEARCH).map(
    (r) => (JSON.parse(r.postData() ?? '{}') as { context?: { locale?: unknown } }).context?.locale,
  );
const headingText = (page: Page) => page.getByRole('heading', { level: 1 }).first().innerText();

describe.concurrent('the site in English and German', () => {
  it.for(GERMAN)(
    '%s hydrates from its own data (no layout or dictionary request), in German, without a console problem',
    async (path, { expect }) => {
      const v = await visit(path);
      try {
        expect(v.status).toBe(200);
        expect(layoutRequests(v.requests)).toEqual([]);
        expect(dictionaryLanguages(v.requests)).toEqual([]);
        expect(v.problems).toEqual([]);
        expect(await headingText(v.page)).toBe(v.servedH1);
        expect(await v.page.evaluate(() => document.documentElement.lang)).toBe('de');
        expect(await v.page.getByRole('navigation', { name: 'Hauptnavigation' }).isVisible()).toBe(true);
      } finally {
        await v.page.context().close();
      }
    },
  );

  it('switches language on a capability page to the same capability in German and back, asking for it in that language', async ({
    expect,
  }) => {
    const v = await visit('/capabilities/space');
    try {
      expect(await headingText(v.page)).toBe('Space systems');
      await v.page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Deutsch' }).click();
      await v.page.getByRole('heading', { level: 1, name: 'Raumfahrtsysteme' }).waitFor();
      await pageAtRest(v.page);
      expect(new URL(v.page.url()).pathname).toBe('/de/capabilities/space');
      // The same capability, asked for in German; the frame in German from the German dictionary.
      expect(layoutRequests(v.requests)).toEqual(['/capabilities/space de']);
      expect(dictionaryLanguages(v.requests)).toEqual(['de']);
      expect(await v.page.getByRole('link', { name: 'Zum Inhalt springen' }).count()).toBe(1);
      const head = () =>
        v.page.evaluate(() => ({
          lang: document.documentElement.lang,
          title: document.title,
          canonical: document.querySelector('link[rel=canonical]')?.getAttribute('href'),
          alternates: [...document.querySelectorAll('link[rel=alternate][hreflang]')].map(
            (l) => `${l.getAttribute('hreflang')} ${new URL(l.getAttribute('href')!).pathname}`,
          ),
        }));
      expect(await head()).toMatchObject({
        lang: 'de',
        title: 'Raumfahrtsysteme | Aerospace & Defence',
        alternates: ['en /capabilities/space', 'de /de/capabilities/space', 'x-default /capabilities/space'],
      });
      expect(new URL((await head()).canonical!).pathname).toBe('/de/capabilities/space');
      // The switcher marks German as the page's language; English leads back to the same capability.
      const switcher = v.page.getByRole('navigation', { name: 'Sprache' });
      expect(await switcher.getByRole('link', { name: 'Deutsch' }).getAttribute('aria-current')).toBe('true');
      await switcher.getByRole('link', { name: 'English' }).click();
      await v.page.getByRole('heading', { level: 1, name: 'Space systems' }).waitFor();
      await pageAtRest(v.page);
      expect(new URL(v.page.url()).pathname).toBe('/capabilities/space');
      expect((await head()).lang).toBe('en');
      expect(await v.page.getByRole('link', { name: 'Skip to content' }).count()).toBe(1);
      expect(v.problems).toEqual([]);
    } finally {
      await v.page.context().close();
    }
  });

  it('offers a route with no German version in English only, and answers /de/ paths it has not with the German not-found page', async ({
    expect,
  }) => {
    const english = await visit('/capabilities/air');
    try {
      expect(await headingText(english.page)).toBe('Aeronautics');
      expect(await english.page.getByRole('navigation', { name: 'Language' }).count()).toBe(0);
      expect(await english.page.locator('link[hreflang]').count()).toBe(0);
    } finally {
      await english.page.context().close();
    }
    const german = await visit('/de/capabilities/air');
    try {
      expect(german.status).toBe(404);
      expect(german.servedH1).toBe('Seite nicht gefunden');
      expect(await headingText(german.page)).toBe('Seite nicht gefunden');
      expect(await german.page.title()).toBe('Seite nicht gefunden | Aerospace & Defence');
      expect(await german.page.evaluate(() => document.documentElement.lang)).toBe('de');
      expect(await german.page.getByRole('link', { name: 'Zur Startseite' }).getAttribute('href')).toBe('/de');
      // The browser reports the 404 answers (the page and its layout lookup) and nothing else.
      expect(german.problems.filter((p) => !/status of 404/.test(p))).toEqual([]);
    } finally {
      await german.page.context().close();
    }
  });

  it("sends the page's language with its page views and its search requests, and follows a switch", async ({
    expect,
  }) => {
    const v = await visit('/capabilities/space', { consent: true });
    try {
      await expect.poll(() => eventLanguages(v.requests).length, { timeout: 20_000 }).toBeGreaterThan(0);
      await pageAtRest(v.page);
      expect(new Set(eventLanguages(v.requests))).toEqual(new Set(['EN']));
      const english = eventLanguages(v.requests).length;
      await v.page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'Deutsch' }).click();
      await v.page.getByRole('heading', { level: 1, name: 'Raumfahrtsysteme' }).waitFor();
      await expect.poll(() => eventLanguages(v.requests).slice(english)).toContain('DE');
      await pageAtRest(v.page);
      expect(new Set(eventLanguages(v.requests).slice(english))).toEqual(new Set(['DE']));
      // The header's search, in German: its label and placeholder, and the request's locale.
      await v.page.getByRole('searchbox', { name: 'Website durchsuchen' }).click();
      await v.page.keyboard.type('satellit', { delay: 40 });
      await v.page.getByRole('combobox', { name: 'Website durchsuchen' }).waitFor();
      await expect.poll(() => searchLocales(v.requests).length).toBeGreaterThan(0);
      expect(searchLocales(v.requests)).toEqual(
        searchLocales(v.requests).map(() => ({ country: 'de', language: 'de' })),
      );
      expect(await v.page.getByRole('combobox').getAttribute('placeholder')).toBe('Suchen');
      await v.page.getByRole('list', { name: 'Vorgeschlagene Seiten' }).getByRole('link').first().waitFor();
    } finally {
      await v.page.context().close();
    }
  });
});

describe.concurrent('preview (sc_mode=preview) in German', () => {
  it('shows the German version editors are about to publish: not the static page, no editable markup, no tracking', async ({
    expect,
  }) => {
    const v = await visit('/de?sc_mode=preview', { consent: true });
    try {
      const preview = 'Wir entwickeln, was morgen fliegt – Vorschau der nächsten Fassung';
      await v.page.getByRole('heading', { level: 1, name: preview }).waitFor();
      await pageAtRest(v.page);
      // The static page was served, and replaced: preview is rendered from the layout service's preview answer.
      expect(v.servedH1).toBe('Wir entwickeln, was morgen fliegt');
      expect(layoutRequests(v.requests)).toEqual(['/ de preview']);
      expect(dictionaryLanguages(v.requests)).toEqual(['de']);
      expect(await v.page.evaluate(() => document.documentElement.lang)).toBe('de');
      expect(await v.page.getByRole('link', { name: 'Zum Inhalt springen' }).count()).toBe(1);
      const editing = await v.page.evaluate(
        () =>
          document.querySelectorAll('[contenteditable], input.scFieldValue, code[type="text/sitecore"], .scChromeData')
            .length,
      );
      expect(editing).toBe(0);
      expect(matching(v.requests, /\/engage-api\//)).toEqual([]);
      expect(v.problems).toEqual([]);
    } finally {
      await v.page.context().close();
    }
  });
});

/** The boxes of the elements `selector` matches, in document order. */
const boxes = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((elements) =>
    elements.map((element) => {
      const { top, right, bottom, left } = element.getBoundingClientRect();
      return { top: Math.round(top), right: Math.round(right), bottom: Math.round(bottom), left: Math.round(left) };
    }),
  );

describe.concurrent('the layout a visitor meets, in both languages', () => {
  it.for(['/', '/de', '/de/capabilities/space'])(
    "%s: at 1280 × 800 the header fits on one line (the navigation's items share one top)",
    async (path, { expect }) => {
      const v = await visit(path);
      try {
        const items = await boxes(v.page, 'header .container nav li');
        expect(items.length).toBe(6);
        expect(new Set(items.map((item) => item.top)), JSON.stringify(items)).toHaveProperty('size', 1);
        // And it stays in its own cell: nothing runs under the search box beside it.
        const [search] = await boxes(v.page, 'header .header-search');
        expect(Math.max(...items.map((item) => item.right))).toBeLessThanOrEqual(search!.left);
      } finally {
        await v.page.context().close();
      }
    },
  );

  it.for([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    "the language switcher keeps off the window's edge and marks the page's language (%s)",
    async ([, device], { expect }) => {
      const v = await visit('/de/capabilities/space', { device });
      try {
        const switcher = v.page.getByRole('navigation', { name: 'Sprache' });
        const width = await v.page.evaluate(() => document.documentElement.clientWidth);
        const links = await boxes(v.page, 'header .language-switcher a');
        expect(links.length).toBe(2);
        // A gap of at least 1rem to the right edge of the window.
        expect(width - Math.max(...links.map((link) => link.right))).toBeGreaterThanOrEqual(16);
        const look = (name: string) =>
          switcher.getByRole('link', { name }).evaluate((a) => {
            const style = getComputedStyle(a);
            return [style.fontWeight, style.textDecorationLine, style.color, style.borderBottomStyle].join(' ');
          });
        expect(await switcher.getByRole('link', { name: 'Deutsch' }).getAttribute('aria-current')).toBe('true');
        // The page's language looks different from the one to switch to.
        expect(await look('Deutsch')).not.toBe(await look('English'));
      } finally {
        await v.page.context().close();
      }
    },
  );

  it.for([
    '/cart',
    '/search?q=satellite',
    '/api/auth/signin',
    '/products/TIT-FAST-100',
    '/no/such/page',
    '/de/no/such/page',
  ])('%s: keeps a gap between the header and its heading, as content pages do', async (path, { expect }) => {
    const v = await visit(path);
    try {
      await v.page.getByRole('heading', { level: 1 }).first().waitFor();
      const [header] = await boxes(v.page, 'header.site-header');
      const [heading] = await boxes(v.page, 'main h1');
      // An article page's heading sits 2rem below the header: at least 1.5rem here too.
      expect(heading!.top - header!.bottom).toBeGreaterThanOrEqual(24);
    } finally {
      await v.page.context().close();
    }
  });

  it.for(['/', '/de'])(
    "%s on a phone: each banner's close button sits in its banner's corner, inside the tray",
    async (path, { expect }) => {
      const v = await visit(path, { device: PHONE, consent: true });
      try {
        await v.page.locator('[data-banner-id]').first().waitFor();
        const [tray] = await boxes(v.page, '.banners');
        const banners = await boxes(v.page, '.banners [data-banner-id]');
        const buttons = await boxes(v.page, '.banners [data-banner-id] button');
        expect(buttons.length).toBe(banners.length);
        buttons.forEach((button, index) => {
          const banner = banners[index]!;
          expect(button.top - banner.top, JSON.stringify({ button, banner })).toBeLessThanOrEqual(16);
          expect(banner.right - button.right).toBeLessThanOrEqual(16);
          expect(button.bottom).toBeLessThanOrEqual(Math.min(banner.bottom, tray!.bottom));
        });
        // The first banner's button is on screen, and a tap closes it.
        const first = v.page.locator('.banners [data-banner-id]').first();
        const id = await first.getAttribute('data-banner-id');
        await first.getByRole('button').tap();
        await expect.poll(() => v.page.locator(`[data-banner-id="${id}"]`).count()).toBe(0);
      } finally {
        await v.page.context().close();
      }
    },
  );
});
