import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, it } from 'vitest';
import { createServer, type ViteDevServer } from 'vite';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { freePort, root } from '../../scripts/lib/prism.mjs';
import { DESKTOP } from '../support/browser.ts';
import { sharedBrowser, sharedBuiltSite } from '../support/shared.ts';
import { ownViteCache, portsOf } from '../support/site.ts';
import { mockProxy } from '../../scripts/lib/devServer.mjs';

// The build served by `vite preview` (what `npm run preview` runs) and the dev
// server (`npm start`), both against the run's Prism mocks. A scenario chosen with ?mock= lives in
// a cookie: each test is one visitor, a browser context of its own, so the tests run concurrently.
let browser: Browser;
let outDir: string;
let mocks: Awaited<ReturnType<typeof sharedBuiltSite>>['mocks'];
let site: string;
const configFile = join(root, 'vite.config.ts');

beforeAll(async () => {
  const [built, shared] = await Promise.all([sharedBuiltSite(), sharedBrowser()]);
  ({ url: site, outDir, mocks } = built);
  browser = shared;
});

/** A new visitor: a browser context of its own (no cookie, so no scenario chosen yet). */
const newVisitor = () => browser.newContext({ ...DESKTOP });

interface Visit {
  page: Page;
  console: string[];
  preferSent: string[];
}

/** Opens `path` in a new page of `visitor`, keeping its cookies (the scenario it chose). */
async function visit(visitor: BrowserContext, path: string, { origin = site } = {}): Promise<Visit> {
  const page = await visitor.newPage();
  const console: string[] = [];
  const preferSent: string[] = [];
  page.on('console', (m) => console.push(m.text()));
  page.on('request', (r) => {
    if (r.headers().prefer) preferSent.push(`${r.method()} ${r.url()}`);
  });
  await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
  return { page, console, preferSent };
}

const panelToggle = (page: Page) => page.getByRole('button', { name: /^Mock scenarios/ });
// The panel's own message: a search widget's alert elsewhere on the page (its call past its deadline
// on a busy machine) is not the panel's.
const panelAlert = (page: Page) => page.getByRole('complementary', { name: 'Mock scenarios' }).getByRole('alert');
// The count once the answer is in.
const resultCount = (page: Page) => page.locator('.search-results[aria-busy="false"] .search-results__count');

describe.concurrent('QA mock scenarios (?mock=) in the served site', () => {
  it('keeps the panel, the ?mock handling and any Prefer header out of the built files', ({ expect }) => {
    const files = readdirSync(outDir, { recursive: true, withFileTypes: true }).filter(
      (f) => f.isFile() && /\.(js|html|css)$/.test(f.name),
    );
    expect(files.some((f) => f.name.endsWith('.js'))).toBe(true);
    for (const file of files) {
      const text = readFileSync(join(file.parentPath, file.name), 'utf8');
      for (const needle of ['Mock scenarios', 'mock-scenarios', 'mockScenario', '?mock', 'mock=', 'Prefer']) {
        expect(text.includes(needle), `${file.name} holds ${needle}`).toBe(false);
      }
      expect(text, file.name).not.toMatch(/["'`]prefer["'`]/i);
    }
  });

  it('?mock=search:noResults shows the no-results state, and every widget stays empty without an error', async ({
    expect,
  }) => {
    const visitor = await newVisitor();
    const v = await visit(visitor, '/search?q=satellite&mock=search:noResults');
    await expect.poll(() => resultCount(v.page).innerText()).toBe('0 results');
    expect(await v.page.locator('.search-results__items li').count()).toBe(0);
    expect(await v.page.getByRole('alert').count()).toBe(0);
    // The browser sends no Prefer header: the preview server adds it on the way to the mock.
    expect(v.preferSent).toEqual([]);
    expect(await panelToggle(v.page).innerText()).toBe('Mock scenarios (1 active)');
    await visitor.close();
  });

  it('?mock=oneconnect:code=500 shows no banners and logs "Failed to fetch banners"', async ({ expect }) => {
    const visitor = await newVisitor();
    const normal = await visit(visitor, '/?mock=');
    await normal.page.getByText('Meet us at the International Airshow').waitFor();
    await normal.page.close();
    const v = await visit(visitor, '/?mock=oneconnect:code=500');
    await expect.poll(() => v.console.some((line) => line.startsWith('Failed to fetch banners'))).toBe(true);
    await v.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await v.page.getByText('Meet us at the International Airshow').count()).toBe(0);
    await visitor.close();
  });

  it('?mock=auth:signedOut shows the sign-in button, and the account page sends the reader to sign in', async ({
    expect,
  }) => {
    const visitor = await newVisitor();
    const v = await visit(visitor, '/?mock=auth:signedOut');
    await v.page.getByRole('banner').getByRole('button', { name: 'Sign in' }).waitFor();
    await v.page.goto(`${site}/account`);
    await v.page.waitForURL(/\/api\/auth\/signin\?/);
    expect(new URL(v.page.url()).searchParams.get('error')).toBe('SessionRequired');
    await v.page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await visitor.close();
  });

  it('refuses an unknown example, API or code with a message naming the valid choices, and keeps the previous state', async ({
    expect,
  }) => {
    const visitor = await newVisitor();
    (await visit(visitor, '/?mock=search:noResults')).page.close();
    const v = await visit(visitor, '/search?q=satellite&mock=search:nope');
    const alert = panelAlert(v.page);
    expect(await alert.innerText()).toContain(
      'search has no example "nope". Valid choices for search: allWidgetTypes,',
    );
    expect(await alert.innerText()).toContain('noResults');
    expect(await alert.innerText()).toContain('The previous scenario is kept.');
    expect(await panelToggle(v.page).getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => resultCount(v.page).innerText()).toBe('0 results');
    await v.page.goto(`${site}/?mock=weather:sunny`);
    expect(await panelAlert(v.page).innerText()).toContain(
      'unknown API "weather". Valid APIs: commerce, engagement, search, oneconnect, auth',
    );
    await v.page.goto(`${site}/?mock=oneconnect:code=418`);
    expect(await panelAlert(v.page).innerText()).toContain(
      'oneconnect declares no status code 418. Valid codes for oneconnect: code=200, code=400, code=500.',
    );
    await visitor.close();
  });

  it('keeps the choice across a link click inside the site and a reload, and ?mock= alone clears it', async ({
    expect,
  }) => {
    const visitor = await newVisitor();
    // The capabilities page's hero links to a search (the content decides where links go).
    const v = await visit(visitor, '/capabilities?mock=search:noResults');
    await v.page.getByRole('link', { name: 'Search all capabilities' }).click();
    await v.page.waitForURL(/\/search\?q=capabilities$/);
    await expect.poll(() => resultCount(v.page).innerText()).toBe('0 results');
    await v.page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => resultCount(v.page).innerText()).toBe('0 results');
    await v.page.goto(`${site}/search?q=satellite&mock=`, { waitUntil: 'networkidle' });
    await expect.poll(() => resultCount(v.page).innerText()).toBe('33 results');
    expect(await panelToggle(v.page).innerText()).toBe('Mock scenarios (none active)');
    await visitor.close();
  });

  it('the panel is collapsed, keyboard-operable, passes axe, applies a choice and copies a link to the state', async ({
    expect,
  }) => {
    const visitor = await newVisitor();
    await visitor.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site });
    const v = await visit(visitor, '/?mock=oneconnect:code=500');
    const toggle = panelToggle(v.page);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await v.page.getByLabel('search', { exact: true }).isVisible()).toBe(false);
    await toggle.focus();
    await v.page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = v.page.getByRole('complementary', { name: 'Mock scenarios' });
    expect(await panel.getByText('Active:').innerText()).toBe('Active: oneconnect:code=500');
    expect(await v.page.getByLabel('oneconnect', { exact: true }).inputValue()).toBe('oneconnect:code=500');
    expect(await v.page.getByLabel('auth', { exact: true }).locator('option').allInnerTexts()).toEqual(
      expect.arrayContaining([
        'default answer',
        'signedIn',
        'signedOut',
        'code=500',
        'dynamic (generated from the schema)',
      ]),
    );

    const axe = readFileSync(join(root, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
    // Evaluated, not added as a script element: the page's Trusted Types policy refuses a script's text.
    await v.page.evaluate(axe);
    const violations = await v.page.evaluate(async () => {
      const run = (
        window as unknown as {
          axe: { run(context: unknown): Promise<{ violations: Array<{ id: string; impact: string }> }> };
        }
      ).axe.run;
      const result = await run({ include: [['#mock-scenarios']] });
      return result.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical').map((x) => x.id);
    });
    expect(violations).toEqual([]);

    await panel.getByRole('button', { name: 'Copy link to this state' }).press('Enter');
    await panel.getByText('Link copied to the clipboard.').waitFor();
    expect(await v.page.evaluate(() => navigator.clipboard.readText())).toBe(`${site}/?mock=oneconnect:code=500`);

    await v.page.getByLabel('search', { exact: true }).selectOption('search:noResults');
    await Promise.all([v.page.waitForURL(/mock=/), panel.getByRole('button', { name: 'Apply' }).press('Enter')]);
    expect(new URL(v.page.url()).searchParams.get('mock')).toBe('search:noResults,oneconnect:code=500');
    expect(await panelToggle(v.page).innerText()).toBe('Mock scenarios (2 active)');

    await panelToggle(v.page).press('Enter');
    await v.page.keyboard.press('Escape');
    expect(await panelToggle(v.page).getAttribute('aria-expanded')).toBe('false');
    expect(
      await panelToggle(v.page).evaluate(
        (el) => el.getRootNode() instanceof ShadowRoot && (el.getRootNode() as ShadowRoot).activeElement === el,
      ),
    ).toBe(true);
    await visitor.close();
  });

  it('works the same in the dev server (npm start)', async ({ expect }) => {
    const visitor = await newVisitor();
    const port = await freePort();
    const cache = ownViteCache();
    let dev: ViteDevServer | undefined;
    try {
      dev = await createServer({
        configFile,
        cacheDir: cache.cacheDir,
        logLevel: 'error',
        server: { port, strictPort: true, host: '127.0.0.1', proxy: mockProxy(portsOf(mocks)) },
      });
      await dev.listen();
      const v = await visit(visitor, '/search?q=satellite&mock=search:noResults,oneconnect:code=500', {
        origin: `http://127.0.0.1:${port}`,
      });
      // A dev server with a cache of its own optimizes the dependencies and transforms each module
      // on its first request: on a busy machine its first page took over 30 s (stop 30's CI check,
      // passed on retry). The wait is the test's (180 s), not Playwright's 30 s per action.
      await expect
        .poll(() => resultCount(v.page).innerText({ timeout: 90_000 }), { timeout: 120_000 })
        .toBe('0 results');
      expect(await panelToggle(v.page).innerText()).toBe('Mock scenarios (2 active)');
      await visitor.close();
    } finally {
      await dev?.close();
      cache.remove();
    }
  });
});
