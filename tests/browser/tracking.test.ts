import { afterAll, beforeAll, describe, expect, it, type ExpectStatic } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import { DESKTOP, pageAtRest } from '../support/browser.ts';
import { freePort, startPrism, type PrismServer } from '../../scripts/lib/prism.mjs';
import { sharedBrowser, sharedBuiltSite } from '../support/shared.ts';
import { previewBuild, type BuiltSite } from '../support/site.ts';

// What the site tracks (the run's production build), seen from both ends: the page's own requests, and the engagement
// mock's log of the requests that reached it (a request the browser cancels when the page
// unloads may never get there, whatever the page saw it start), an engagement mock of this file's
// own. The first test counts what reached that mock, so it runs alone; the others, each a visitor
// of its own judged by its page's requests, then run together.

let site: BuiltSite;
let browser: Browser;
const mockLines: string[] = [];
const EVENTS = /\/engage-api\/v1\.2\/events$/;
const ENGAGE = /\/engage-api\//;
const SEARCH_EVENT = /\/event\/[^/]+\/v4\/publish/;
const CAREERS_SITE = 'http://careers.aero-site.test';
// A same-origin static file: somewhere to set storage before a visit.
const BLANK = '/-/media/images/hero-640.svg';

let engagement: PrismServer | undefined;
beforeAll(async () => {
  // The run's build, served by a preview of this file's own whose engagement calls go to its own mock.
  engagement = startPrism('engagement', {
    port: await freePort(),
    errors: true,
    onLine: (line) => void mockLines.push(line),
  });
  const [built, mock] = await Promise.all([sharedBuiltSite(), engagement.ready]);
  [site, browser] = await Promise.all([
    previewBuild(built.outDir, { ...built.mocks, engagement: mock }),
    sharedBrowser(),
  ]);
});
afterAll(async () => {
  await site?.stop();
  await engagement?.stop();
});

/** How many event POSTs have reached the engagement mock, by its own log. */
const eventsAtMock = () => mockLines.filter((line) => /\[HTTP SERVER\] post \/v1\.2\/events /.test(line)).length;

/**
 * Opens `path` in a browser context of its own (empty cookies and storage) with the visitor's consent
 * to analytics (C0002) already given; `expect` is the test's own (tests running together each
 * have theirs). Closing the page's context is the test's.
 */
async function visitWithConsent(path: string, expect: ExpectStatic): Promise<{ page: Page; requests: Request[] }> {
  const context = await browser.newContext({ ...DESKTOP });
  // Another site, served at once: a click on a link to it unloads our page immediately.
  await context.route(`${CAREERS_SITE}/**`, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><link rel="icon" href="data:,"><title>Vacancies</title><h1>Vacancies</h1>',
    }),
  );
  const page = await context.newPage();
  await page.goto(`${site.url}${BLANK}`);
  await page.evaluate(() => {
    // The consent stand-in (public/consent-stub.js) keeps the visitor's choice here.
    localStorage.setItem('consent-stub:groups', 'C0001,C0002,C0003,C0004');
  });
  const requests: Request[] = [];
  page.on('request', (r) => requests.push(r));
  await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle' });
  await expect
    .poll(() => page.evaluate(() => (window as { OnetrustActiveGroups?: string }).OnetrustActiveGroups), {
      timeout: 20_000,
    })
    .toContain(',C0002,');
  return { page, requests };
}

const matching = (requests: Request[], pattern: RegExp) => requests.filter((r) => pattern.test(r.url()));

/**
 * Every tracking identifier the page's browser holds: the events SDK's browser id and the web
 * experiences' cookies, the search visitor's cookies and storage entries, the queued events,
 * and web personalization (its script element and the `window.Engage` it reads).
 */
async function identifiers(page: Page) {
  const cookies = (await page.context().cookies()).map((c) => c.name).filter((name) => /^(bid_|bx_|__ru)/.test(name));
  const onPage = await page.evaluate(() => ({
    storage: [...Object.keys(localStorage), ...Object.keys(sessionStorage)].filter((key) =>
      /^(__ru|EngageEventQueue$)/.test(key),
    ),
    webPersonalization:
      [...document.scripts].filter((s) => s.src.includes('/web-flow-libs/')).length + ('Engage' in window ? 1 : 0),
  }));
  return { cookies: cookies.sort(), ...onPage };
}
const NONE = { cookies: [], storage: [], webPersonalization: 0 };

describe('tracking in Chromium against the mocks', () => {
  it('sends nothing and writes no identifier while the consent platform is still loading, and starts once the visitor accepts', async () => {
    const context = await browser.newContext({ ...DESKTOP });
    // The consent platform answers slowly (a slow CDN, a phone): its script is held back 4 s.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/consent-stub.js', async (route) => {
      await held;
      await route.continue();
    });
    // This visit's events are answered here, never counted at the file's engagement mock: one still
    // on its way as the context closes would land in the next test's count.
    await context.route(EVENTS, (route) => route.fulfill({ status: 201, contentType: 'application/json', body: '{}' }));
    const page = await context.newPage();
    const requests: Request[] = [];
    page.on('request', (r) => requests.push(r));
    try {
      await page.goto(`${site.url}/`, { waitUntil: 'domcontentloaded' });
      await page.getByRole('heading', { level: 1 }).waitFor();
      const timer = setTimeout(release, 4_000);
      // The page is up, its search widgets included, while consent is unknown.
      await page.waitForTimeout(3_000);
      expect(matching(requests, ENGAGE)).toEqual([]);
      expect(matching(requests, SEARCH_EVENT)).toEqual([]);
      expect((await identifiers(page)).cookies.filter((name) => /^(bid_|bx_)/.test(name))).toEqual([]);
      clearTimeout(timer);
      release();
      await page.getByRole('button', { name: 'Accept all cookies' }).click();
      await expect.poll(() => matching(requests, EVENTS).length, { timeout: 20_000 }).toBeGreaterThan(0);
    } finally {
      release();
      await context.close();
    }
  });

  it('delivers the event of a careers link that leaves the site, though the page unloads at once', async () => {
    const start = eventsAtMock();
    const { page, requests } = await visitWithConsent('/', expect);
    // The page views of the visit have all reached the mock: from here it counts only the click.
    await expect.poll(() => matching(requests, EVENTS).length, { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => eventsAtMock() - start, { timeout: 10_000 }).toBe(matching(requests, EVENTS).length);
    const before = eventsAtMock();
    await page.evaluate((href) => {
      const link = document.createElement('a');
      link.href = href;
      link.textContent = 'All vacancies';
      document.querySelector('main')!.append(link);
    }, `${CAREERS_SITE}/jobs`);

    // Here the event would leave within a millisecond, long before a real careers site
    // answers; on a slow network the page is gone first. Holding the event until the other
    // site has replaced the page plays that: a request tied to the page is cancelled then.
    let left!: () => void;
    const gone = new Promise<void>((resolve) => (left = resolve));
    await page.route(EVENTS, async (route) => {
      await gone;
      await route.continue().catch(() => undefined);
    });
    await page.getByRole('link', { name: 'All vacancies' }).click();
    await page.waitForURL(`${CAREERS_SITE}/jobs`);
    await page.getByRole('heading', { name: 'Vacancies' }).waitFor();
    left();

    const click = matching(requests, EVENTS).map(
      (r) => JSON.parse(r.postData() ?? '{}') as { type?: string; ext?: unknown },
    );
    expect(click.at(-1)).toMatchObject({
      type: 'CAREERS_CLICK',
      ext: { linkText: 'All vacancies', linkUrl: `${CAREERS_SITE}/jobs` },
    });
    await expect.poll(eventsAtMock, { timeout: 10_000 }).toBe(before + 1);
    await page.context().close();
  });

  it.concurrent(
    "starts the events SDK with the site's engagement settings: pos ngc, the URL's utm_* in the page view, web personalization loaded",
    async ({ expect }) => {
      const { page, requests } = await visitWithConsent(
        '/?utm_source=newsletter&utm_medium=email&utm_campaign=airshow-2026',
        expect,
      );
      await expect.poll(() => matching(requests, EVENTS).length, { timeout: 20_000 }).toBeGreaterThan(0);
      const view = matching(requests, EVENTS)
        .map((r) => JSON.parse(r.postData() ?? '{}') as Record<string, unknown>)
        .find((body) => body.type === 'VIEW');
      expect(view).toMatchObject({
        pos: 'ngc',
        utm_source: 'newsletter',
        utm_medium: 'email',
        utm_campaign: 'airshow-2026',
      });
      // Web personalization: the web experiences script of the site's client key, with the point of sale it reads.
      const script = matching(requests, /\/web-flow-libs\/[^/]+\/web-version\.min\.js$/);
      expect(script.map((r) => new URL(r.url()).pathname)).toEqual([
        `/web-flow-libs/${import.meta.env.VITE_ENGAGEMENT_CLIENT_KEY}/web-version.min.js`,
      ]);
      expect(
        await page.evaluate(
          () => (window as { Engage?: { settings?: { pointOfSale?: string } } }).Engage?.settings?.pointOfSale,
        ),
      ).toBe('ngc');
      await page.context().close();
    },
  );

  it.concurrent(
    'tracks nothing in preview mode, even with consent: no engagement request, no search event',
    async ({ expect }) => {
      // The same visit outside preview does track: what this test would see if editors were tracked.
      // The capabilities page's hero links to a search (the content decides where links go).
      const normal = await visitWithConsent('/capabilities', expect);
      await normal.page.getByRole('link', { name: 'Search all capabilities' }).click();
      await normal.page.waitForURL(/\/search\?q=capabilities$/);
      await normal.page.waitForLoadState('networkidle');
      expect(matching(normal.requests, ENGAGE).length).toBeGreaterThan(0);
      await expect.poll(() => matching(normal.requests, SEARCH_EVENT).length).toBeGreaterThan(0);
      await normal.page.context().close();

      const preview = await visitWithConsent('/capabilities?sc_mode=preview', expect);
      await preview.page.getByRole('link', { name: 'Search all capabilities' }).click();
      await preview.page.waitForURL(/\/search\?q=capabilities(&sc_mode=preview)?$/);
      // The search results are the page's last work: once shown and the page is at rest, nothing more goes out.
      await preview.page.getByText(/\d+ results/).waitFor();
      await pageAtRest(preview.page);
      expect(matching(preview.requests, ENGAGE).map((r) => r.url())).toEqual([]);
      expect(matching(preview.requests, SEARCH_EVENT).map((r) => r.url())).toEqual([]);
      await preview.page.context().close();
    },
  );

  it.concurrent(
    'forgets the visitor when consent is withdrawn: grant → identifiers present; withdraw → none; reload → none; grant → a new visitor',
    async ({ expect }) => {
      const { page, requests } = await visitWithConsent('/search?q=satellite', expect);
      const searchVisitor = async () => (await page.context().cookies()).find((c) => c.name === '__ruid')?.value;
      await page.getByText('33 results').waitFor();
      await expect.poll(searchVisitor, { timeout: 10_000 }).toBeTruthy();
      const withdrawn = await searchVisitor();
      // The next page of the visit has no search widget, so its search layer never loads: the search
      // visitor the search page stored is still the visitor's, and must go on withdrawal too.
      await page.goto(`${site.url}/careers`, { waitUntil: 'networkidle' });
      await expect
        .poll(() => page.evaluate(() => (window as { Engage?: { webFlowLoaded?: boolean } }).Engage?.webFlowLoaded), {
          timeout: 20_000,
        })
        .toBe(true);
      // An event queued for later, as the SDK keeps it (the site's own pages queue none).
      await page.evaluate(() =>
        sessionStorage.setItem(
          'EngageEventQueue',
          '[{"type":"DOWNLOAD","eventData":{"channel":"WEB"},"id":"b","settings":{"clientKey":"k"}}]',
        ),
      );
      await expect
        .poll(() => identifiers(page), { timeout: 10_000 })
        .toEqual({
          cookies: ['__ruid', '__rutma', '__rutmb', 'bid_pqsNGC4v7yD1x0wTbq2LmE9aKjR3sWfH'],
          storage: ['EngageEventQueue'],
          webPersonalization: 2,
        });

      await page.getByRole('button', { name: 'Cookie settings' }).click();
      await page.getByRole('button', { name: 'Reject optional cookies' }).click();
      await expect.poll(() => identifiers(page), { timeout: 10_000 }).toEqual(NONE);

      // Later loads, a search page with its widgets included, bring none of it back.
      const sent = requests.length;
      await page.reload({ waitUntil: 'networkidle' });
      await expect
        .poll(() => page.evaluate(() => (window as { OnetrustActiveGroups?: string }).OnetrustActiveGroups))
        .toBe(',C0001,');
      expect(await identifiers(page)).toEqual(NONE);
      await page.goto(`${site.url}/search?q=satellite`, { waitUntil: 'networkidle' });
      await page.getByText('33 results').waitFor();
      expect(await identifiers(page)).toEqual(NONE);
      expect(matching(requests.slice(sent), /\/engage-api\/|\/web-flow-libs\//).map((r) => r.url())).toEqual([]);

      // Consent given again: a new browser id is asked for, and the search visitor is a new one.
      await page.getByRole('button', { name: 'Cookie settings' }).click();
      await page.getByRole('button', { name: 'Accept all cookies' }).click();
      await expect
        .poll(() => matching(requests.slice(sent), /\/browser\/create\.json/).length, { timeout: 10_000 })
        .toBe(1);
      await expect
        .poll(async () => (await identifiers(page)).cookies, { timeout: 10_000 })
        .toEqual(['__ruid', '__rutma', '__rutmb', 'bid_pqsNGC4v7yD1x0wTbq2LmE9aKjR3sWfH']);
      expect(await searchVisitor()).not.toBe(withdrawn);
      await page.context().close();
    },
  );
});
