import { readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SPEC, exampleNameFor, LAYOUT_PATH } from '../../scripts/lib/contentMock.mjs';
import {
  DEV_EDITING_SECRET,
  editingSettings,
  MAX_BODY_BYTES,
  startEditingHost,
  UNAUTHORIZED_MESSAGE,
} from '../../scripts/lib/editingHost.mjs';
import { root } from '../../scripts/lib/prism.mjs';
import { components } from '../../src/site/content/registry.tsx';
import { createEditingRenderer } from '../../src/site/editingRender.tsx';
import { DESKTOP, pageAtRest, startAll } from '../support/browser.ts';
import { sharedBrowser, sharedMock } from '../support/shared.ts';
import { ownViteCache } from '../support/site.ts';
import { readContract } from '../../scripts/contract/contracts.mjs';

// The editing host as the content platform calls it: real HTTP to the host (Vite in middleware mode,
// as `npm start` runs it), which renders from the run's content Prism through a counting front, so
// a test can tell whether a call reached the layout service; then what an editor's browser does with
// its pages (the same host: one Vite server for both): the page rendered on the server hydrates
// without a mismatch, takes its route as its address (the secret leaves it), and in the hosted
// editor's mode loads the editor's script, which finds the page's markers.

interface Example {
  value: { sitecore: { route: { placeholders: { main: Array<{ fields?: { heading?: { value?: string } } }> } } } };
}
const contract = readContract(CONTENT_SPEC);
const examples: Record<string, Example> = contract.components.examples;
// The English dictionary, as the chromes editor posts it in its view bag.
const PHRASES: Record<string, string> =
  contract.paths['/sitecore/api/jss/dictionary/{appName}/{language}'].get.responses['200'].content['application/json']
    .examples.en.value.phrases;
const heroHeading = (example: string) =>
  String(
    examples[example]!.value.sitecore.route.placeholders.main.find((r) => r.fields?.heading)?.fields?.heading?.value,
  );
const HOME_EDIT = examples['home.edit']!.value;
const own = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; version: string };

const SECRET = 'test-editing-secret-3f9c';
// The item whose layout request the front answers 503, as a layout service that is down.
const DOWN_ITEM = '/service-down';
let host: { url: string; stop(): Promise<void> } | undefined;
let front: Server | undefined;
let layoutRequests = 0;
const logged: string[] = [];
const cache = ownViteCache();

/** A front to the run's content Prism that counts the layout requests passing through it. */
async function countingFront(prismUrl: string): Promise<string> {
  const upstream = new URL(prismUrl);
  front = createServer((req, res) => {
    if (req.url?.includes(LAYOUT_PATH)) layoutRequests += 1;
    if (req.url?.includes(`item=${encodeURIComponent(DOWN_ITEM)}`))
      return void res.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"Service unavailable"}');
    const forward = request(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => front!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(front.address() as AddressInfo).port}`;
}

// The page's own calls (the session, the banners, search) reach the run's mocks, as a visitor's would.
const MOCKED = ['auth', 'search', 'oneconnect', 'engagement', 'commerce'] as const;
let browser: Browser;

beforeAll(
  () =>
    startAll([
      Promise.all([sharedMock('content'), ...MOCKED.map((api) => sharedMock(api))]).then(
        async ([contentUrl, ...others]) => {
          const mockPorts = Object.fromEntries(others.map((url, i) => [MOCKED[i], Number(new URL(url!).port)]));
          host = await startEditingHost({
            port: 0,
            secret: SECRET,
            contentPrismUrl: await countingFront(contentUrl!),
            mockPorts,
            viteCacheDir: cache.cacheDir,
            log: (line) => logged.push(line),
          });
        },
      ),
      sharedBrowser().then((b) => (browser = b)),
    ]),
  120_000,
);
afterAll(async () => {
  await host?.stop();
  await new Promise((resolve) => (front ? front.close(resolve) : resolve(undefined)));
  cache.remove();
});

const RENDER_QUERY = 'sc_site=aero&sc_itemid=%7B0DE95AE4-41AB-4D01-9EB0-67441B7C2450%7D&sc_lang=en&mode=edit';
const get = (path: string) => fetch(`${host!.url}${path}`);
const renderCall = (args: unknown[], functionName = 'renderView') =>
  JSON.stringify({ id: 'aero', functionName, moduleName: 'server.bundle', args });
const viewBag = (extra: object = {}) =>
  JSON.stringify({ language: 'en', dictionary: PHRASES, httpContext: {}, ...extra });
const post = (body: string, secret: string | null = SECRET, method = 'POST') =>
  fetch(`${host!.url}/api/editing/render${secret === null ? '' : `?secret=${encodeURIComponent(secret)}`}`, {
    method,
    body,
    headers: { 'content-type': 'application/json' },
  });
/** The text of the page's first `<h1>`, its markup left out (edit mode wraps a field in the editor's elements). */
const h1Text = (html: string) => {
  const inner = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? '';
  return inner
    .replace(/<input[^>]*>|<span class="scChromeData">[\s\S]*?<\/span>|<code[^>]*>[\s\S]*?<\/code>/g, '')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .trim();
};
/** The page's state script, parsed. */
const stateOf = (html: string) =>
  JSON.parse(/<script type="application\/json" id="site-state">(.*?)<\/script>/s.exec(html)![1]!) as {
    url: string;
    editing?: boolean;
    notFound: boolean;
  };

describe('every call needs the editing secret', () => {
  const calls = (secret: string | null) => {
    const query = secret === null ? '' : `secret=${encodeURIComponent(secret)}&`;
    return [
      () => get(`/api/editing/config${query ? `?${query.slice(0, -1)}` : ''}`),
      () => get(`/api/editing/render?${query}${RENDER_QUERY}&route=%2F`),
      () => post(renderCall(['/', JSON.stringify(HOME_EDIT), viewBag()]), secret),
    ];
  };

  it.each([
    ['no secret', null],
    ['a wrong secret', 'wrong'],
    ['the secret with one more character', `${SECRET}x`],
    ['the development secret', DEV_EDITING_SECRET],
  ])('answers 401 to %s on every endpoint, and renders nothing', async (_name, secret) => {
    const before = layoutRequests;
    for (const call of calls(secret)) {
      const response = await call();
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: UNAUTHORIZED_MESSAGE });
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    expect(layoutRequests).toBe(before);
  });

  it('never logs the secret', async () => {
    await get(`/api/editing/config?secret=${SECRET}`);
    expect(logged.some((line) => line.includes('/api/editing/config'))).toBe(true);
    expect(logged.filter((line) => line.includes(SECRET) || line.includes('secret='))).toEqual([]);
  });
});

describe('GET /api/editing/config', () => {
  it('lists every registered component, the packages and the metadata edit mode', async () => {
    const response = await get(`/api/editing/config?secret=${SECRET}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    const config = (await response.json()) as { components: string[]; packages: Record<string, string> };
    expect(config.components).toEqual(Object.keys(components));
    expect(config.components).toEqual(createEditingRenderer({ contentHost: 'http://unused.invalid' }).components);
    expect(config.components).toContain('Hero');
    expect(config).toMatchObject({ editMode: 'metadata' });
    expect(config.packages).toMatchObject({ [own.name]: own.version, react: '19.3.1', 'react-dom': '19.3.1' });
    expect(config.packages['@tanstack/react-query']).toMatch(/^5\./);
  });
});

describe('GET /api/editing/render (the metadata editor)', () => {
  it('renders the home page on the server in edit mode, from the layout service', async () => {
    const before = layoutRequests;
    const response = await get(`/api/editing/render?secret=${SECRET}&${RENDER_QUERY}&route=%2F`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-robots-tag')).toBe('noindex');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
    const html = await response.text();
    expect(html).toMatch(/^<!doctype html>\s*<html lang="en">/);
    expect(h1Text(html)).toBe(heroHeading('home.edit'));
    // The chromes editor's markup, sanitized on the server, is on the page.
    expect(html).toContain('class="scWebEditInput"');
    // Its images through the platform's shell media route already: the browser fetches each once.
    expect(html).toContain('src="/sitecore/shell/-/media/images/hero-1280.svg"');
    expect(html).not.toMatch(/\s(src|srcset)="\/-\/media\//);
    expect(stateOf(html)).toMatchObject({ url: '/?sc_mode=edit', editing: true, notFound: false });
    // The site's client code, to hydrate it.
    expect(html).toContain('<script type="module" src="/src/site/main.tsx"></script>');
    expect(layoutRequests).toBe(before + 1);
  });

  it('renders /about in edit mode', async () => {
    const response = await get(`/api/editing/render?secret=${SECRET}&${RENDER_QUERY}&route=%2Fabout`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(h1Text(html)).toBe(heroHeading(examples['about.edit'] ? 'about.edit' : exampleNameFor('/about')));
    expect(stateOf(html)).toMatchObject({ url: '/about?sc_mode=edit', editing: true });
  });

  it('renders a German page at its German path, in preview mode', async () => {
    const query = RENDER_QUERY.replace('sc_lang=en', 'sc_lang=de').replace('mode=edit', 'mode=preview');
    const response = await get(`/api/editing/render?secret=${SECRET}&${query}&route=%2Fcapabilities`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<html lang="de">/);
    expect(stateOf(html)).toMatchObject({ url: '/de/capabilities?sc_mode=preview', editing: true });
  });

  it('answers 404 with the not-found page for a route the layout service has no item at', async () => {
    const response = await get(`/api/editing/render?secret=${SECRET}&${RENDER_QUERY}&route=%2Fno-such-page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(h1Text(html)).toBe('Page not found');
    expect(stateOf(html)).toMatchObject({ notFound: true, editing: true });
  });

  it('answers 502 naming the layout service when it fails', async () => {
    const response = await get(`/api/editing/render?secret=${SECRET}&${RENDER_QUERY}&route=${DOWN_ITEM}`);
    expect(response.status).toBe(502);
    expect(((await response.json()) as { message: string }).message).toMatch(/^The layout service failed/);
  });

  it.each([
    ['', /Missing query parameters: sc_site, sc_itemid, sc_lang, route, mode$/],
    ['&route=%2F&sc_lang=en', /Missing query parameters: sc_site, sc_itemid, mode$/],
    [
      `&${RENDER_QUERY.replace('mode=edit', 'mode=normal')}&route=%2F`,
      /^mode must be edit or preview \(got "normal"\)$/,
    ],
    [`&${RENDER_QUERY}&route=about`, /^route "about" does not start with \/$/],
    [`&${RENDER_QUERY}&route=%2F%2Fevil.example`, /^route "\/\/evil\.example" /],
    [`&${RENDER_QUERY.replace('sc_lang=en', 'sc_lang=fr')}&route=%2F`, /^sc_lang "fr" is not a language of the site/],
  ])('answers 400 naming the problem (query %s)', async (query, message) => {
    const before = layoutRequests;
    const response = await get(`/api/editing/render?secret=${SECRET}${query}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(message);
    expect(layoutRequests).toBe(before);
  });
});

describe('POST /api/editing/render (the chromes editor)', () => {
  it('renders the posted layout answer, with no layout request', async () => {
    const before = layoutRequests;
    const response = await post(renderCall(['/', JSON.stringify(HOME_EDIT), viewBag()]));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const { html } = (await response.json()) as { html: string };
    expect(html).toMatch(/^<!doctype html>\s*<html lang="en">/);
    expect(h1Text(html)).toBe(heroHeading('home.edit'));
    expect(stateOf(html)).toMatchObject({ url: '/?sc_mode=edit', editing: true });
    expect(layoutRequests).toBe(before);
  });

  const layout = JSON.stringify(HOME_EDIT);
  it.each([
    ['a body that is not JSON', '{"functionName":', /^The body is not JSON/],
    ['another function', renderCall(['/', layout, viewBag()], 'renderPage'), /^functionName must be "renderView"/],
    ['two args', renderCall(['/', layout]), /^args must be 3 strings/],
    ['an arg that is no string', renderCall(['/', HOME_EDIT, viewBag()]), /^args must be 3 strings/],
    ['a path that is no path', renderCall(['about', layout, viewBag()]), /^args\[0\] \(the path\) "about"/],
    ['a layout that is not JSON', renderCall(['/', '{', viewBag()]), /^args\[1\] \(the layout answer\) is not JSON/],
    ['a layout without context', renderCall(['/', '{"sitecore":{"route":null}}', viewBag()]), /sitecore\.context/],
    ['a layout without route', renderCall(['/', '{"sitecore":{"context":{}}}', viewBag()]), /sitecore\.route/],
    ['a view bag without dictionary', renderCall(['/', layout, '{"language":"en"}']), /no dictionary object/],
    ['a language the site has not', renderCall(['/', layout, viewBag({ language: 'fr' })]), /"fr" is not a language/],
  ])('answers 400 to %s, naming the problem', async (_name, body, message) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(message);
  });

  it('answers 413 to a body over 5 MB', async () => {
    const response = await post(' '.repeat(MAX_BODY_BYTES + 1));
    expect(response.status).toBe(413);
    expect(((await response.json()) as { message: string }).message).toMatch(/larger than 5 MB/);
  });

  it('answers 405 naming the methods to another method, and 404 under /api/editing/ to an unknown path', async () => {
    const put = await post(renderCall(['/', layout, viewBag()]), SECRET, 'PUT');
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST');
    const config = await fetch(`${host!.url}/api/editing/config?secret=${SECRET}`, { method: 'POST', body: '{}' });
    expect(config.status).toBe(405);
    expect(config.headers.get('allow')).toBe('GET');
    expect((await get(`/api/editing/other?secret=${SECRET}`)).status).toBe(404);
  });
});

describe('the editing host settings', () => {
  it('defaults the secret in the mock-backed mode only, and names what another mode lacks', () => {
    expect(editingSettings('development', { VITE_EDITOR_ORIGIN: '/' })).toEqual({
      secret: DEV_EDITING_SECRET,
      editorOrigin: undefined,
    });
    expect(() => editingSettings('production', {})).toThrow(/JSS_EDITING_SECRET is not set.*VITE_EDITOR_ORIGIN/);
    expect(() =>
      editingSettings('uat', { JSS_EDITING_SECRET: DEV_EDITING_SECRET, VITE_EDITOR_ORIGIN: 'https://pages.example' }),
    ).toThrow(/JSS_EDITING_SECRET is the development value/);
    expect(() =>
      editingSettings('production', { JSS_EDITING_SECRET: 's', VITE_EDITOR_ORIGIN: 'http://pages.example' }),
    ).toThrow(/VITE_EDITOR_ORIGIN "http:\/\/pages.example" is not an https URL/);
    expect(
      editingSettings('production', { JSS_EDITING_SECRET: 's', VITE_EDITOR_ORIGIN: 'https://pages.example/editor' }),
    ).toEqual({ secret: 's', editorOrigin: 'https://pages.example' });
  });
});

// The hosted editor's address of a page, as the platform's editor opens it.
const BROWSER_QUERY = `secret=${SECRET}&sc_site=aero&sc_itemid=%7B5EC1D9EE-D4BB-47CA-B059-9209FA50E224%7D&sc_lang=en`;

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
  await page.goto(`${host!.url}/api/editing/render?${BROWSER_QUERY}&route=${encodeURIComponent(route)}&mode=${mode}`, {
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
    const { page, problems, requests, close } = await open('/', 'edit');
    expect(await page.locator('h1 .scWebEditInput[contenteditable="true"]').innerText()).toBe(
      'Engineering what flies next',
    );
    // Its media go through the platform's shell route, as served: each image is fetched once, never by
    // its original URL first (rewriting after hydration fetched every image twice).
    expect(await page.locator('.sc-image-wrapper img[src^="/sitecore/shell/-/media/"]').count()).toBe(1);
    expect(requests.filter((url) => /\/-\/(jss)?media\//.test(url) && !url.includes('/sitecore/shell/'))).toEqual([]);
    expect(problems).toEqual([]);
    await close();
  });

  it('hydrates a preview page without editing markup', async ({ expect }) => {
    const { page, problems, requests, close } = await open('/', 'preview');
    expect(new URL(page.url()).search).toBe('?sc_mode=preview');
    expect(await page.locator('code, .scWebEditInput').count()).toBe(0);
    // An editor in preview gets content media through the shell route too, each image fetched once.
    const media = requests.filter((url) => /\/-\/(jss)?media\//.test(url));
    expect(media.length).toBeGreaterThan(0);
    expect(media.filter((url) => !url.includes('/sitecore/shell/'))).toEqual([]);
    expect(await page.getByRole('heading', { level: 2, name: 'Meet us at the airshow' }).count()).toBe(1);
    expect(problems).toEqual([]);
    await close();
  });
});
