import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startEditingHost } from '../../scripts/lib/editingHost.mjs';
import { DESKTOP, pageAtRest, startAll } from '../support/browser.ts';
import { sharedBrowser, sharedMock } from '../support/shared.ts';
import { ownViteCache } from '../support/site.ts';

// What an editor's browser does with the editing host's pages (as `npm start` runs the host: Vite in
// middleware mode, against the run's content mock): the page rendered on the server hydrates without
// a mismatch, takes its route as its address (the secret leaves it), and in the hosted editor's mode
// loads the editor's script, which finds the page's markers.

const SECRET = 'browser-editing-secret-7d1e';
const QUERY = `secret=${SECRET}&sc_site=aero&sc_itemid=%7B5EC1D9EE-D4BB-47CA-B059-9209FA50E224%7D&sc_lang=en`;
// The page's own calls (the session, the banners, search) reach the run's mocks, as a visitor's would.
const MOCKED = ['content', 'auth', 'search', 'oneconnect', 'engagement', 'commerce'] as const;
let host: { url: string; stop(): Promise<void> } | undefined;
let browser: Browser;
const cache = ownViteCache();

beforeAll(
  () =>
    startAll([
      Promise.all(MOCKED.map((api) => sharedMock(api))).then(async ([contentPrismUrl, ...others]) => {
        const mockPorts = Object.fromEntries(others.map((url, i) => [MOCKED[i + 1], Number(new URL(url!).port)]));
        host = await startEditingHost({
          port: 0,
          secret: SECRET,
          contentPrismUrl,
          mockPorts,
          viteCacheDir: cache.cacheDir,
          log: () => {},
        });
      }),
      sharedBrowser().then((b) => (browser = b)),
    ]),
  120_000,
);
afterAll(async () => {
  await host?.stop();
  cache.remove();
});

/** Opens the editing host's page of `route` in `mode`, recording the console's errors and warnings. */
async function open(route: string, mode: 'edit' | 'preview') {
  const context = await browser.newContext({ ...DESKTOP });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(e.message));
  const requests: string[] = [];
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(`${host!.url}/api/editing/render?${QUERY}&route=${encodeURIComponent(route)}&mode=${mode}`, {
    waitUntil: 'networkidle',
  });
  // Hydrated: the router has put the route in the address bar.
  await page.waitForURL((url) => url.pathname === route);
  await pageAtRest(page);
  return { page, problems, requests, close: () => context.close() };
}

describe.concurrent("the editing host's pages in Chromium", () => {
  it("hydrate the hosted editor's page without a mismatch, at the route's address, with its markers and the editor's script", async ({
    expect,
  }) => {
    const { page, problems, requests, close } = await open('/about', 'edit');
    await page.waitForFunction(() => document.documentElement.dataset.editorCanvas !== undefined);
    expect(new URL(page.url()).search).toBe('?sc_mode=edit');
    expect(page.url()).not.toContain(SECRET);
    expect(problems.filter((p) => /hydrat|did not match|mismatch/i.test(p))).toEqual([]);
    expect(problems).toEqual([]);
    const canvas = JSON.parse((await page.evaluate(() => document.documentElement.dataset.editorCanvas))!) as {
      markers: number;
    };
    expect(canvas.markers).toBeGreaterThan(20);
    expect(await page.locator('.sc-empty-field').innerText()).toBe('[No text in field]');
    // An editor's page loads no consent platform and sends nothing to the analytics services.
    expect(requests.filter((url) => /consent-stub|engage-api|\/event\//.test(url))).toEqual([]);
    await close();
  });

  it("hydrates the chromes editor's page (its field markup and chrome rendered on the server) without a mismatch", async ({
    expect,
  }) => {
    const { page, problems, close } = await open('/', 'edit');
    expect(await page.locator('h1 .scWebEditInput[contenteditable="true"]').innerText()).toBe(
      'Engineering what flies next',
    );
    // Its media go through the platform's shell route once the page is hydrated.
    expect(await page.locator('.sc-image-wrapper img[src^="/sitecore/shell/-/media/"]').count()).toBe(1);
    expect(problems).toEqual([]);
    await close();
  });

  it('hydrates a preview page without editing markup', async ({ expect }) => {
    const { page, problems, close } = await open('/', 'preview');
    expect(new URL(page.url()).search).toBe('?sc_mode=preview');
    expect(await page.locator('code, .scWebEditInput').count()).toBe(0);
    expect(await page.getByRole('heading', { level: 2, name: 'Meet us at the airshow' }).count()).toBe(1);
    expect(problems).toEqual([]);
    await close();
  });
});
