import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, it } from 'vitest';
import type { Browser, BrowserContextOptions, Page, Request } from 'playwright-core';
import { listedRoutes } from '../../scripts/lib/contentMock.mjs';
import { root } from '../../scripts/lib/prism.mjs';
import { createContentClient, type ComponentRendering, type ContentClient } from '../../src/content/index.ts';
import { DESKTOP, pageAtRest, startAll } from '../support/browser.ts';
import { sharedBrowser, sharedBuiltSite, sharedDevSite, type SharedBuiltSite } from '../support/shared.ts';
import { answerSessionReads } from '../support/session.ts';

// The site in Chromium against the run's Prism mocks: the production build (what visitors get; the
// run's shared build), and the dev server (`npm start`) for the few tests that need it. Every visit has a browser
// context of its own (its own cookies and storage), so the tests run concurrently (vitest's
// maxConcurrency at a time, each visit in one of the run's Chromium slots).
let site: SharedBuiltSite;
let browser: Browser;
const ENGAGE = /\/engage-api\//;
const SEARCH_EVENT = /\/event\/[^/]+\/v4\/publish/;
const SEARCH = /\/discover\/v2\//;
// The content route list as the content mock answers it (the contract's example): a test each.
const ROUTES = listedRoutes().map((r) => r.path);
// A same-origin static file: somewhere to clear storage before a visit.
const BLANK = '/-/media/images/hero-640.svg';
// The mock's delivery key and the targeted banner layout (src/site/siteConfig.ts).
const CONTENT_KEY = '2E7D5A8C-4B1F-4C9A-9D3E-6F0A1B2C3D4E';
const TARGETED_LAYOUT = '4f5a1c2e-landing';
/** The content API as the site reaches it (through the preview's mock layer). */
const content = (): ContentClient =>
  createContentClient({ baseUrl: `${site.url}/content-api`, apiKey: CONTENT_KEY, site: 'aero' });

beforeAll(() => startAll([sharedBuiltSite().then((s) => (site = s)), sharedBrowser().then((b) => (browser = b))]));
// The run's dev server (`npm start`), for the tests that need what only it serves: the source modules
// (the banner client, imported on its own), and the session routes answered by the mock.

interface Visit {
  page: Page;
  /** The origin visited: the production build's, or the dev server's (`dev`). */
  origin: string;
  /** Closes the visit's browser context. */
  close(): Promise<void>;
  requests: Request[];
  errors: string[];
  paths(pattern: RegExp): string[];
}

/**
 * A page in a browser context of its own (empty cookies and storage), recording every request and
 * console error, on `device`'s screen. `device` defaults to a desktop screen. The page's session
 * reads get the auth mock's default answer from the visit itself (answerSessionReads); with
 * `sessionFromMock` they go through the dev server to the mock, as every other request does.
 * `cpuSlowdown` throttles the page's CPU that many times (Chromium's DevTools emulation); defaults to 1.
 * The page is the production build's (what visitors get), or with `dev` the dev server's (`npm start`).
 */
async function visit(
  path: string,
  device: BrowserContextOptions = DESKTOP,
  { sessionFromMock = false, cpuSlowdown = 1, dev = false } = {},
): Promise<Visit> {
  const origin = dev ? (await sharedDevSite()).url : site.url;
  const context = await browser.newContext({ ...device });
  if (!sessionFromMock) await answerSessionReads(context);
  const page = await context.newPage();
  // A slow phone, or a machine busy with other work: every task of the page takes `cpuSlowdown` times as long.
  if (cpuSlowdown > 1) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  }
  const requests: Request[] = [];
  const errors: string[] = [];
  page.on('request', (r) => requests.push(r));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('requestfinished', async (r) => {
    // A request that finishes as the test closes its page has no response to read any more.
    const status = (await r.response().catch(() => null))?.status() ?? 0;
    if (status >= 400) errors.push(`${status} ${r.method()} ${new URL(r.url()).pathname}`);
  });
  // An aborted request (a navigation or a cancelled query) is intended, not a failure a reader notices.
  page.on('requestfailed', (r) => {
    if (r.failure()?.errorText !== 'net::ERR_ABORTED')
      errors.push(`failed ${r.method()} ${r.url()} ${r.failure()?.errorText ?? ''}`);
  });
  // A visit that never arrives closes its context (and frees its Chromium slot) before it fails.
  await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' }).catch(async (error: unknown) => {
    await context.close();
    throw error;
  });
  const paths = (pattern: RegExp) =>
    requests.map((r) => `${r.method()} ${new URL(r.url()).pathname}`).filter((p) => pattern.test(p));
  return { page, origin, close: () => context.close(), requests, errors, paths };
}

const eventBodies = (v: Visit) =>
  v.requests
    .filter((r) => r.method() === 'POST' && /\/engage-api\/v1\.2\/events$/.test(r.url()))
    .map((r) => JSON.parse(r.postData() ?? '{}') as Record<string, unknown>);

describe.concurrent('the site in Chromium against the mocks', () => {
  it('lists the routes of the content route list, and targets banners at exactly / and /campaigns/airshow-2025', async ({
    expect,
  }) => {
    const { routes } = await content().listRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(15);
    expect(routes.map((r) => r.path)).toEqual(ROUTES);
    const layouts = await Promise.all(
      routes.map(async ({ path }) => (await content().getRoute(path)).sitecore.route!.layoutId),
    );
    const withBanners = routes.filter((_, index) => layouts[index] === TARGETED_LAYOUT).map((r) => r.path);
    expect(withBanners).toEqual(['/', '/campaigns/airshow-2025']);
  });

  it('tracks nothing before consent, then starts analytics on C0002, sends CTA clicks, and stops on withdrawal', async ({
    expect,
  }) => {
    const v = await visit('/');
    await pageAtRest(v.page);
    expect(v.paths(ENGAGE)).toEqual([]);
    expect(v.paths(SEARCH_EVENT)).toEqual([]);
    await expect(v.page.getByRole('region', { name: 'Cookie consent' }).isVisible()).resolves.toBe(true);

    await v.page.getByRole('button', { name: 'Accept all cookies' }).click();
    // The visit records every request from the start: a page view that left before this line is counted.
    await expect.poll(() => eventBodies(v).length).toBeGreaterThan(0);
    await pageAtRest(v.page);
    expect(v.paths(/browser\/create\.json/)).toHaveLength(1);
    expect(eventBodies(v).map((b) => b.type)).toContain('VIEW');
    const cookies = await v.page.context().cookies();
    expect(cookies.find((c) => c.name.startsWith('bid_'))?.value).toBeTruthy();

    await v.page.getByRole('link', { name: 'Explore our capabilities' }).click();
    await v.page.waitForURL(/\/capabilities$/);
    await v.page.getByRole('heading', { level: 1, name: 'Our capabilities' }).waitFor();
    await pageAtRest(v.page);
    const cta = eventBodies(v).find((b) => b.type === 'CTA_CLICK');
    expect(cta?.ext).toMatchObject({ linkText: 'Explore our capabilities', linkUrl: `${site.url}/capabilities` });
    expect(eventBodies(v).filter((b) => b.type === 'VIEW').length).toBeGreaterThanOrEqual(2);

    await v.page.getByRole('button', { name: 'Cookie settings' }).click();
    await v.page.getByRole('button', { name: 'Reject optional cookies' }).click();
    await pageAtRest(v.page);
    const before = v.paths(ENGAGE).length + v.paths(SEARCH_EVENT).length;
    await v.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Careers' }).click();
    await v.page.getByRole('main').getByRole('link', { name: 'Graduate programme' }).click();
    await v.page.getByRole('heading', { level: 1, name: 'Graduate programme' }).waitFor();
    await pageAtRest(v.page);
    expect(v.paths(ENGAGE).length + v.paths(SEARCH_EVENT).length).toBe(before);
    expect(v.errors).toEqual([]);
    await v.close();
  });

  it('sends a careers link click as its own event after consent', async ({ expect }) => {
    const v = await visit('/');
    await v.page.getByRole('button', { name: 'Accept all cookies' }).click();
    // The visit records every request from the start: a page view that left before this line is counted.
    await expect.poll(() => eventBodies(v).length).toBeGreaterThan(0);
    await v.page.getByRole('link', { name: 'Join our engineering teams' }).click();
    await v.page.waitForURL(/\/careers$/);
    await pageAtRest(v.page);
    expect(eventBodies(v).find((b) => b.type === 'CAREERS_CLICK')?.ext).toMatchObject({
      linkText: 'Join our engineering teams',
      linkUrl: `${site.url}/careers`,
    });
    await v.close();
  });

  it('in edit mode rewrites src and every srcset entry of content images to shell media, keeps the originals, and loads no consent script', async ({
    expect,
  }) => {
    const v = await visit('/?sc_mode=edit');
    await pageAtRest(v.page);
    const hero = v.page.getByRole('img', { name: 'An aircraft climbing into a clear sky' });
    // The rewrite follows hydration, which may still wait on a timer (React's reveal throttle) when the
    // page is at rest: the editor sees it once the page is interactive, so the test waits for that.
    await expect.poll(() => hero.getAttribute('src')).toBe('/sitecore/shell/-/media/images/hero-1280.svg');
    expect(await hero.getAttribute('srcset')).toBe(
      '/sitecore/shell/-/media/images/hero-1280.svg?mw=640 640w, /sitecore/shell/-/media/images/hero-1280.svg 1280w',
    );
    expect(await hero.getAttribute('data-original-src')).toBe('/-/media/images/hero-1280.svg');
    await expect
      .poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 10_000 })
      .toBe(true);
    expect(v.paths(/consent-stub\.js/)).toEqual([]);
    expect(await v.page.locator('#consent-banner').count()).toBe(0);
    expect(v.paths(ENGAGE)).toEqual([]);
    expect(v.errors).toEqual([]);
    await v.close();
  });

  it("in edit mode puts every field's editable markup and the platform's chrome in the page; preview shows the unpublished page without them, and visitors see neither", async ({
    expect,
  }) => {
    const editing = (v: Visit) =>
      v.page.evaluate(() => ({
        editable: document.querySelectorAll('.scWebEditInput[contenteditable="true"]').length,
        values: document.querySelectorAll('input.scFieldValue[type="hidden"]').length,
        chrome: [...document.querySelectorAll('code[type="text/sitecore"]')].map(
          (c) =>
            `${c.getAttribute('chrometype')}:${c.getAttribute('kind')}:${c.getAttribute('hintname') ?? c.getAttribute('hintkey') ?? ''}`,
        ),
        markers: document.querySelectorAll('.scChromeData, .sc-image-wrapper, .sc-link-wrapper').length,
      }));
    const edit = await visit('/?sc_mode=edit');
    const h1 = edit.page.getByRole('heading', { level: 1 });
    await h1.locator('.scWebEditInput').waitFor();
    await pageAtRest(edit.page);
    expect(await h1.innerText()).toBe('Engineering what flies next');
    expect(await h1.locator('.scWebEditInput').getAttribute('contenteditable')).toBe('true');
    // The call to action an editor added, its text still empty: its editable element says so, for the editor to fill.
    const draft = edit.page.locator('.promo', { hasText: 'Meet us at the airshow' });
    expect(await draft.locator('p .scWebEditInput').innerText()).toBe('[No text in field]');
    // The component's own class and tracking attribute are on the platform's anchor: the call to action looks as visitors see it.
    expect(await edit.page.locator('.sc-link-wrapper a.cta[data-track="cta"][href="/capabilities"]').count()).toBe(1);
    // Once hydrated (see the media test above for why it is waited for).
    await edit.page.locator('.sc-image-wrapper img[src^="/sitecore/shell/-/media/"]').waitFor();
    expect(await edit.page.locator('.sc-image-wrapper img[src^="/sitecore/shell/-/media/"]').count()).toBe(1);
    const inEdit = await editing(edit);
    // Hero (heading, text), call to action (heading, empty text), offer (2), list heading and two teasers (4),
    // recommendations, the footer's three headings; with the image, three links and the footer's 16
    // links, 35 fields in all.
    expect(inEdit.editable).toBe(15);
    expect(inEdit.values).toBe(35);
    const rendering = (name: string) => [`rendering:open:${name}`, `rendering:close:${name}`];
    expect(inEdit.chrome.filter((c) => !c.startsWith('field:'))).toEqual([
      'placeholder:open:',
      ...['Hero', 'PromoCta', 'PersonalizedOffer', 'ArticleList', 'RecommendationWidget', 'LaunchCountdown'].flatMap(
        rendering,
      ),
      'placeholder:close:main',
      'placeholder:open:',
      ...['LinkGroup', 'LinkGroup', 'LinkGroup'].flatMap(rendering),
      'placeholder:close:jss-footer',
    ]);
    expect(await edit.page.locator('code[chrometype="placeholder"][kind="open"]').first().getAttribute('key')).toBe(
      'main',
    );
    // Chrome and chrome data are in the page for the editor, never on screen as text.
    expect(await edit.page.locator('.scChromeData').first().isVisible()).toBe(false);
    expect(edit.errors).toEqual([]);
    await edit.close();

    const preview = await visit('/?sc_mode=preview');
    await preview.page.getByRole('heading', { level: 2, name: 'Meet us at the airshow' }).waitFor();
    await pageAtRest(preview.page);
    expect(await editing(preview)).toEqual({ editable: 0, values: 0, chrome: [], markers: 0 });
    expect(preview.errors).toEqual([]);
    await preview.close();

    const normal = await visit('/');
    await normal.page.getByRole('heading', { level: 1 }).waitFor();
    await pageAtRest(normal.page);
    expect(await editing(normal)).toEqual({ editable: 0, values: 0, chrome: [], markers: 0 });
    expect(await normal.page.getByText('Meet us at the airshow').count()).toBe(0);
    await normal.close();
  });

  it("in the hosted editor's metadata mode writes its markers with the platform's ids, an empty field's text and a drop target, and loads the editor's script and data; visitors get none of it", async ({
    expect,
  }) => {
    const ZERO = '00000000-0000-0000-0000-000000000000';
    const [HERO, COLUMNS, RICH_TEXT, PROMO] = [
      '0750c203-22c6-4e87-a5fd-ee4ae53d3308',
      '2c7e9b14-5a3f-4d86-b0e1-9f4a6d3c8b27',
      '59f726d9-ea5b-48a5-b490-8bc17a1ebdd7',
      '44ecbb45-8169-4a13-98c3-b903895fe7a2',
    ];
    const editor = (v: Visit) =>
      v.page.evaluate(() => ({
        outline: [...document.querySelectorAll('code.scpm[type="text/sitecore"]')]
          .filter((c) => c.getAttribute('chrometype') !== 'field')
          .map((c) => `${c.getAttribute('chrometype')}:${c.getAttribute('kind')}${c.id ? `:${c.id}` : ''}`),
        fields: document.querySelectorAll('code[chrometype="field"][kind="open"]').length,
        data: document.getElementById('hrz-canvas-state')?.textContent ?? null,
        canvas: document.documentElement.dataset.editorCanvas ?? null,
        scripts: [...document.querySelectorAll('script[src*="editor-stub"]')].length,
      }));
    const edit = await visit('/about?sc_mode=edit');
    await edit.page.locator('.sc-jss-empty-placeholder').waitFor();
    await edit.page.waitForFunction(() => document.documentElement.dataset.editorCanvas !== undefined);
    await pageAtRest(edit.page);
    const inEdit = await editor(edit);
    const rendering = (uid: string, ...inside: string[]) => [`rendering:open:${uid}`, ...inside, 'rendering:close'];
    const placeholder = (id: string, ...inside: string[]) => [`placeholder:open:${id}`, ...inside, 'placeholder:close'];
    expect(inEdit.outline.slice(0, 14)).toEqual(
      placeholder(
        `main_${ZERO}`,
        ...rendering(HERO),
        ...rendering(
          COLUMNS,
          ...placeholder(`columns-left-{*}_${COLUMNS}`, ...rendering(RICH_TEXT)),
          ...placeholder(`columns-right-{*}_${COLUMNS}`),
        ),
        ...rendering(PROMO),
      ),
    );
    // The footer's placeholder follows, by the route's all-zero uid too.
    expect(inEdit.outline[14]).toBe(`placeholder:open:jss-footer_${ZERO}`);
    expect(inEdit.fields).toBeGreaterThan(10);
    // The hero's empty text shows the editor's text between its markers; the empty column is a full-width box.
    expect(await edit.page.locator('.sc-empty-field', { hasText: '[No text in field]' }).count()).toBe(1);
    const box = (await edit.page.locator('.sc-jss-empty-placeholder').boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(100);
    expect(box.width).toBeGreaterThan(200);
    // The editor's script (the dev stand-in) ran once and read the editor's data and the page's markers.
    expect(JSON.parse(inEdit.data!).itemId).toBe('5ec1d9ee-d4bb-47ca-b059-9209fa50e224');
    expect(inEdit.scripts).toBe(1);
    const canvas = JSON.parse(inEdit.canvas!) as { markers: number; itemId: string };
    expect(canvas.itemId).toBe('5ec1d9ee-d4bb-47ca-b059-9209fa50e224');
    expect(canvas.markers).toBeGreaterThan(20);
    // The markers are for the editor: their JSON is never on screen.
    expect(await edit.page.locator('code.scpm').first().isVisible()).toBe(false);
    expect(edit.errors).toEqual([]);
    await edit.close();

    const normal = await visit('/about');
    await normal.page.getByRole('heading', { level: 1 }).waitFor();
    await pageAtRest(normal.page);
    expect(await editor(normal)).toEqual({ outline: [], fields: 0, data: null, canvas: null, scripts: 0 });
    expect(normal.paths(/editor-stub/)).toEqual([]);
    await normal.close();
  });

  // No retry, even on CI: the widgets of a page go out together by design, not by the CPU keeping up
  // with a time window, so a slow CPU (4 times slower here) must still make one request.
  it(
    'makes exactly one search request for all the widgets of the home page, on a CPU 4 times slower',
    { retry: 0 },
    async ({ expect }) => {
      const v = await visit('/', DESKTOP, { cpuSlowdown: 4 });
      // The widgets' batch leaves as the header's widget mounts; once it has, nothing more may follow.
      await expect.poll(() => v.paths(SEARCH).length).toBeGreaterThan(0);
      await pageAtRest(v.page);
      expect(v.paths(SEARCH)).toEqual(['POST /discover/v2/2222222']);
      const body = JSON.parse(v.requests.find((r) => SEARCH.test(r.url()))!.postData()!) as {
        widget: { items: Array<{ rfk_id: string }> };
      };
      expect(body.widget.items.map((i) => i.rfk_id).sort()).toEqual(['rfkid_1', 'rfkid_6']);
      await v.close();
    },
  );

  it('makes exactly one search request on the search page too (header preview and results together)', async ({
    expect,
  }) => {
    const v = await visit('/search?q=radar');
    await expect.poll(() => v.paths(SEARCH).length).toBeGreaterThan(0);
    await pageAtRest(v.page);
    expect(v.paths(SEARCH)).toEqual(['POST /discover/v2/2222222']);
    await v.close();
  });

  it('shows editors the renderings the site has no component for as labelled boxes, and visitors nothing', async ({
    expect,
  }) => {
    const edit = await visit('/?sc_mode=edit');
    const box = edit.page.getByRole('group', { name: 'Unknown component: LaunchCountdown' });
    await box.waitFor();
    expect(await box.evaluate((el) => getComputedStyle(el).borderStyle)).toBe('dashed');
    expect(edit.paths(/\/content-api\//).every((p) => p.startsWith('GET '))).toBe(true);
    const layout = edit.requests.find((r) => /\/layout\/render\/jss\?/.test(r.url()))!;
    expect(new URL(layout.url()).searchParams.get('sc_mode')).toBe('edit');
    await edit.close();
    const preview = await visit('/?sc_mode=preview');
    await preview.page.getByRole('group', { name: 'Unknown component: LaunchCountdown' }).waitFor();
    await preview.close();
    const normal = await visit('/');
    await normal.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await normal.page.getByRole('group', { name: /Unknown component/ }).count()).toBe(0);
    expect(await normal.page.getByText('LaunchCountdown').count()).toBe(0);
    await normal.close();
  });

  it('on a 390 px phone shows every navigation item on screen, each one clickable, with nothing to scroll sideways', async ({
    expect,
  }) => {
    const v = await visit('/', {
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });
    await v.page.getByRole('heading', { level: 1 }).waitFor();
    await pageAtRest(v.page);
    const nav = v.page.getByRole('navigation', { name: 'Main' });
    const links = await nav.getByRole('link').all();
    expect(links.length).toBe(6);
    for (const link of links) {
      const name = await link.innerText();
      // On screen as the page opened (no scrolling of the page or of the menu), and the topmost element at its centre.
      const box = (await link.boundingBox())!;
      expect(box.x, name).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(390);
      expect(box.y + box.height, name).toBeLessThanOrEqual(844);
      const hit = await v.page.evaluate(
        ({ x, y }) => document.elementFromPoint(x, y)?.closest('a')?.textContent ?? null,
        { x: box.x + box.width / 2, y: box.y + box.height / 2 },
      );
      expect(hit, name).toBe(name);
    }
    // Each a target a finger can hit (WCAG 2.2: 24 px at least).
    for (const link of links)
      expect((await link.boundingBox())!.height, await link.innerText()).toBeGreaterThanOrEqual(24);
    expect(await nav.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await v.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await nav.getByRole('link', { name: 'Careers' }).tap();
    await v.page.getByRole('heading', { level: 1, name: 'Careers' }).waitFor();
    expect(new URL(v.page.url()).pathname).toBe('/careers');
    await v.close();
  });

  it("shows the content's footer links on every page, follows them to their pages, and links the cookie policy from the consent prompt", async ({
    expect,
  }) => {
    const v = await visit('/');
    await v.page.getByRole('heading', { level: 1 }).waitFor();
    // The consent platform's prompt (the development stand-in) links the cookie policy.
    const prompt = v.page.getByRole('region', { name: 'Cookie consent' });
    expect(await prompt.getByRole('link', { name: 'Cookie policy' }).getAttribute('href')).toBe('/legal/cookies');
    const footer = v.page.locator('footer');
    const groups = footer.getByRole('navigation');
    expect(await groups.getByRole('heading').allInnerTexts()).toEqual(['Company', 'Careers', 'Legal']);
    const route = (await content().getRoute('/')).sitecore.route!;
    const fromContent = (route.placeholders['jss-footer'] as ComponentRendering[]).flatMap((group) =>
      (group.fields!.links as unknown as { fields: { link: { value: { href: string } } } }[]).map(
        (item) => item.fields.link.value.href,
      ),
    );
    const shown = await footer.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(shown).toEqual(fromContent);
    await prompt.getByRole('button', { name: 'Reject optional cookies' }).click();
    await footer.getByRole('link', { name: 'Modern slavery statement' }).click();
    await v.page.getByRole('heading', { level: 1, name: 'Modern slavery statement' }).waitFor();
    // The footer stays as the next page brings its own.
    await footer.getByRole('link', { name: 'Graduate programme' }).click();
    await v.page.getByRole('heading', { level: 1, name: 'Graduate programme' }).waitFor();
    expect(v.errors).toEqual([]);
    await v.close();
  });

  it('renders the not-found page for a path with no route, and takes the reader home from it', async ({ expect }) => {
    const v = await visit('/capabilities/time-travel');
    await v.page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await v.page.locator('main').getAttribute('data-layout-id')).toBe('not-found');
    expect(await v.page.locator('[data-banner-id]').count()).toBe(0);
    // The only failed requests: the page's own 404 (the build's not-found page) and the layout
    // service's (route null: asked again once hydrated, in case the route was published since the
    // build), each with the browser's own console line.
    expect(v.errors.filter((e) => e.startsWith('404 '))).toEqual([
      '404 GET /capabilities/time-travel',
      '404 GET /content-api/sitecore/api/layout/render/jss',
    ]);
    expect(
      v.errors.filter(
        (e) =>
          !e.startsWith('404 ') &&
          !/^Failed to load resource: .* 404 .*(time-travel|render\/jss\?item=%2Fcapabilities%2Ftime-travel&)/.test(e),
      ),
    ).toEqual([]);
    await v.page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
    await v.page.getByRole('heading', { level: 1, name: 'Engineering what flies next' }).waitFor();
    await v.close();
  });

  it('redirects a signed-out reader from a page that requires a session to sign-in, and back after signing in', async ({
    expect,
  }) => {
    // The dev server: its session routes are the auth mock's, which answers the sign-in form.
    const v = await visit(BLANK, DESKTOP, { sessionFromMock: true, dev: true });
    await v.page.route('**/api/auth/session', (route) =>
      route.continue({ headers: { ...route.request().headers(), prefer: 'example=signedOut' } }),
    );
    await v.page.goto(`${v.origin}/account`);
    await v.page.waitForURL(/\/api\/auth\/signin\?/);
    const url = new URL(v.page.url());
    expect(url.pathname).toBe('/api/auth/signin');
    expect(url.searchParams.get('error')).toBe('SessionRequired');
    expect(url.searchParams.get('callbackUrl')).toBe(`${v.origin}/account`);
    await v.page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(await v.page.getByRole('alert').innerText()).toContain('Please sign in to access this page.');

    await v.page.unroute('**/api/auth/session');
    await v.page.getByLabel('Username').fill('ada.okafor');
    await v.page.getByLabel('Password').fill('correct horse battery staple');
    await v.page
      .getByRole('form', { name: 'Sign in with your account' })
      .getByRole('button', { name: 'Sign in' })
      .click();
    await v.page.waitForURL(`${v.origin}/account`);
    await v.page.getByText('Signed in as').waitFor();
    expect(v.errors).toEqual([]);
    await v.close();
  });

  it('search results: a facet, sort and page change each send a new request and are reported after consent', async ({
    expect,
  }) => {
    const v = await visit('/search?q=satellite');
    await v.page.getByRole('button', { name: 'Accept all cookies' }).click();
    await v.page.getByText('33 results').waitFor();
    const searches = () => v.requests.filter((r) => SEARCH.test(r.url()) && /rfkid_7/.test(r.postData() ?? ''));
    const before = searches().length;
    const nextSearch = () => v.page.waitForRequest((r) => SEARCH.test(r.url()) && /rfkid_7/.test(r.postData() ?? ''));
    await Promise.all([nextSearch(), v.page.getByRole('checkbox', { name: /Capability/ }).check()]);
    expect(searches().at(-1)!.postData()).toMatch(/capability/i);
    await v.page.getByText('33 results').waitFor();
    await Promise.all([nextSearch(), v.page.getByLabel('Sort by').selectOption({ index: 2 })]);
    await pageAtRest(v.page);
    await Promise.all([nextSearch(), v.page.getByRole('button', { name: '2', exact: true }).click()]);
    await pageAtRest(v.page);
    expect(searches().length).toBe(before + 3);
    const last = JSON.parse(searches().at(-1)!.postData()!) as {
      widget: { items: Array<{ search?: { offset?: number; sort?: unknown } }> };
    };
    const item = last.widget.items.find((i) => i.search)!;
    expect(item.search?.offset).toBe(12);
    expect(item.search?.sort).toBeTruthy();
    const reported = v.requests
      .filter((r) => SEARCH_EVENT.test(r.url()))
      .map((r) => JSON.parse(r.postData() ?? '{}') as { action_cause?: string; action_sub_type?: string });
    expect(reported.map((e) => e.action_sub_type ?? e.action_cause)).toEqual(
      expect.arrayContaining(['filter', 'sort', 'page']),
    );
    expect(v.errors).toEqual([]);
    await v.close();
  });

  it('product page and cart work through the commerce hooks against the mock', async ({ expect }) => {
    const v = await visit('/products/TFK-6AL4V-100');
    await v.page.getByRole('heading', { name: /Titanium Fastener Kit/ }).waitFor();
    await v.page.getByRole('button', { name: 'Add to cart' }).click();
    await v.page.getByText('Added.').waitFor();
    const add = v.requests.find((r) => r.method() === 'POST' && /\/commerce-api\/cart\/lineitems$/.test(r.url()))!;
    expect(JSON.parse(add.postData()!)).toMatchObject({ ProductID: 'TFK-6AL4V-100' });
    expect(add.headers().authorization).toMatch(/^Bearer \S+/);
    await v.page.getByRole('link', { name: 'View cart' }).click();
    await v.page.getByRole('heading', { name: 'Your cart' }).waitFor();
    await v.page.getByRole('table').waitFor();
    expect(await v.page.getByText(/^Total:/).innerText()).toMatch(/Total: US\$[\d,]+\.\d\d/);
    expect(v.errors).toEqual([]);
    await v.close();
  });

  it('passes axe with no serious or critical violation on the home and search pages', async ({ expect }) => {
    const axe = readFileSync(join(root, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
    for (const path of ['/', '/search?q=satellite']) {
      // The page's policy refuses axe's own script (Trusted Types): the context lets the test add it.
      const v = await visit(path, { ...DESKTOP, bypassCSP: true });
      await pageAtRest(v.page);
      await v.page.addScriptTag({ content: axe });
      const violations = await v.page.evaluate(async () => {
        const result = await (
          window as unknown as {
            axe: { run(): Promise<{ violations: Array<{ id: string; impact: string; nodes: unknown[] }> }> };
          }
        ).axe.run();
        return result.violations
          .filter((x) => x.impact === 'serious' || x.impact === 'critical')
          .map((x) => `${x.id} (${x.nodes.length})`);
      });
      expect(violations, path).toEqual([]);
      expect(v.errors, path).toEqual([]);
      await v.close();
    }
  });
});

describe.concurrent('the banner service on another origin', () => {
  /**
   * Runs the banner flow in `v`'s page against the banner mock on its own origin (another origin than
   * the page's), with the visitor's consent as the page's consent platform reports it now.
   */
  async function bannerFlowWithPageConsent(v: Visit, service: string) {
    // A string, so the test runner leaves this import to the page.
    return (await v.page.evaluate(
      `Promise.all([import('/src/oneconnect/index.ts'), import('/src/site/consent.ts')]).then(([m, c]) => {
        const consent = c.createConsentStore().getAnalyticsConsent();
        return m.loadBanners(m.createOneconnectClient({ baseUrl: ${JSON.stringify(service)} }), { visitor: consent === 'granted' })
          .then((state) => ({ ...state, consent }));
      })`,
    )) as { userId: string; consent: string };
  }

  it("gets the visitor's cookies with the segment-cookie call (credentials: 'include') once they consent", async ({
    expect,
  }) => {
    // The banner client, served by the dev server, sends to the banners mock on another port: another
    // origin, so the browser sends the visitor's cookies only for a call made with credentials.
    const v = await visit('/legal/cookies', DESKTOP, { dev: true });
    const service = site.mocks.oneconnect!;
    await v.page.context().addCookies([{ name: 'segment_session', value: 'seg-42', url: service }]);
    await v.page.getByRole('button', { name: 'Accept all cookies' }).click();
    const state = await bannerFlowWithPageConsent(v, service);
    expect(state.consent).toBe('granted');
    // The mock allowed the page to read the credentialed answer (it echoes the origin and allows credentials).
    expect(state.userId).toBe('u-7f3c2a91');
    const call = v.requests.find((r) => r.url() === `${service}/api/oneconnect/get-segment-cookies`);
    expect(new URL(v.page.url()).origin).not.toBe(new URL(service).origin);
    expect(call).toBeDefined();
    expect((await call!.allHeaders()).cookie ?? '(no cookie sent)').toContain('segment_session=seg-42');
    expect(v.requests.some((r) => r.url().startsWith(`${service}/api/oneconnect/get-user-banner-events?userId=`))).toBe(
      true,
    );
    await v.close();
  });

  it('sends none of the visitor\'s cookies and asks no close events after "Reject optional cookies"', async ({
    expect,
  }) => {
    const v = await visit('/legal/cookies', DESKTOP, { dev: true });
    const service = site.mocks.oneconnect!;
    await v.page.context().addCookies([{ name: 'segment_session', value: 'seg-42', url: service }]);
    await v.page.getByRole('button', { name: 'Reject optional cookies' }).click();
    const state = await bannerFlowWithPageConsent(v, service);
    expect(state.consent).toBe('denied');
    expect(state.userId).toBe('');
    const calls = v.requests.filter((r) => r.url().startsWith(`${service}/api/oneconnect/`));
    expect(calls.map((r) => new URL(r.url()).pathname)).toEqual([
      '/api/oneconnect/get-segment-cookies',
      '/api/oneconnect/get-segment-banners',
    ]);
    for (const call of calls) expect((await call.allHeaders()).cookie, call.url()).toBeUndefined();
    await v.close();
  });
});

describe.concurrent("the site's targeted banners and consent", () => {
  it("run without the visitor's cookies or id before consent, and with them once the visitor accepts", async ({
    expect,
  }) => {
    const v = await visit(BLANK);
    await v.page.context().addCookies([{ name: 'segment_session', value: 'seg-42', url: site.url }]);
    const segmentCalls = () => v.requests.filter((r) => /\/api\/oneconnect\/get-segment-cookies$/.test(r.url()));
    const closeEvents = () => v.requests.filter((r) => /\/api\/oneconnect\/get-user-banner-events/.test(r.url()));
    await v.page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
    // The targeted home page: general banners, asked for without the visitor's cookie, and no close events.
    const bannerCalls = () => v.requests.filter((r) => /\/api\/oneconnect\/get-segment-banners/.test(r.url()));
    await expect.poll(() => bannerCalls().length).toBeGreaterThan(0);
    await bannerCalls()[0]!.response();
    expect(segmentCalls().length).toBeGreaterThan(0);
    for (const call of segmentCalls()) expect((await call.allHeaders()).cookie, 'before consent').toBeUndefined();
    expect(closeEvents()).toEqual([]);
    const before = segmentCalls().length;
    await v.page.getByRole('button', { name: 'Accept all cookies' }).click();
    await expect.poll(() => closeEvents().length).toBe(1);
    const consented = segmentCalls().slice(before);
    expect(consented).toHaveLength(1);
    expect((await consented[0]!.allHeaders()).cookie).toContain('segment_session=seg-42');
    expect(new URL(closeEvents()[0]!.url()).searchParams.get('userId')).toBe('u-7f3c2a91');
    await v.close();
  });
});

describe.concurrent('the production build', () => {
  it("sends no Prefer header to the content API (choosing mock answers is the mock layer's job) and has none in its code", async ({
    expect,
  }) => {
    const built = await sharedBuiltSite();
    const page = await (await browser.newContext({ ...DESKTOP })).newPage();
    try {
      const contentRequests: Array<{ url: string; headers: Record<string, string> }> = [];
      page.on('request', (r) => {
        if (/\/content-api\//.test(r.url()))
          void r.allHeaders().then((headers) => contentRequests.push({ url: r.url(), headers }));
      });
      for (const path of ['/', '/capabilities/space', '/no/such/page', '/?sc_mode=edit']) {
        await page.goto(`${built.url}${path}`, { waitUntil: 'networkidle' });
        await page.getByRole('heading', { level: 1 }).waitFor();
      }
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Engineering what flies next');
      // Prerendered pages hydrate from their own data; the not-found and edit-mode pages ask the layout service.
      expect(contentRequests.length).toBeGreaterThanOrEqual(2);
      for (const request of contentRequests)
        expect(
          Object.keys(request.headers).map((h) => h.toLowerCase()),
          request.url,
        ).not.toContain('prefer');
      const assets = join(built.outDir, 'assets');
      const scripts = readdirSync(assets).filter((f) => f.endsWith('.js'));
      expect(scripts.length).toBeGreaterThan(0);
      for (const file of scripts) expect(readFileSync(join(assets, file), 'utf8'), file).not.toMatch(/prefer/i);
    } finally {
      await page.context().close();
    }
  });
});
