// `npm run docs`: a static Redoc page per contract plus an index, served at /docs by the
// Vite plugin's middleware, readable offline.
import { symlinkSync, mkdtempSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contractApis } from '../../../scripts/lib/apis.mjs';
import { parseContract } from '../../../scripts/contract/contracts.mjs';
import { docsMiddleware, type DocsOptions } from '../../../scripts/contract/docs.mjs';
import { launchBrowser } from '../../support/browser.ts';
import { PROJECT, fixture, fixtureRepo, runScript } from './fixtureRepo.ts';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
type Paths = Record<string, Record<string, { operationId?: string }>>;

function operationIds(doc: { paths?: Paths }): string[] {
  return Object.values(doc.paths ?? {})
    .flatMap((item) => METHODS.flatMap((m) => item[m]?.operationId ?? []))
    .sort();
}

function contract(api: string) {
  return parseContract(readFileSync(join(PROJECT, 'openapi', api, 'openapi.yaml'), 'utf8'), api) as { paths?: Paths };
}

// The page hydrates from the definition it embeds; that is what Redoc renders.
function embeddedDefinition(html: string): { paths?: Paths } {
  const match = /const __redoc_definition = (\{.*?\});\s*const __redoc_options/s.exec(html);
  if (!match?.[1]) throw new Error('the page embeds no __redoc_definition');
  return JSON.parse(match[1]);
}

async function serve(options: DocsOptions): Promise<{ url: string; server: Server }> {
  const middleware = docsMiddleware(options);
  const server = createServer((req, res) => {
    void middleware(req, res, () => {
      res.statusCode = 418;
      res.end('not the docs');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}`, server };
}

describe('npm run docs', () => {
  const out = mkdtempSync(join(tmpdir(), 'docs-'));
  const apis = contractApis(PROJECT);
  let built: ReturnType<typeof runScript>;

  beforeAll(() => {
    built = runScript('docs.mjs', ['--out', out]);
  }, 300_000);
  afterAll(() => rmSync(out, { recursive: true, force: true }));

  it('writes a page per API containing every operationId of its contract', () => {
    expect(built.stderr).toBe('');
    expect(built.status).toBe(0);
    expect(apis).toEqual(expect.arrayContaining(['auth', 'commerce', 'engagement', 'oneconnect', 'search']));
    for (const api of apis) {
      const html = readFileSync(join(out, `${api}.html`), 'utf8');
      const expected = operationIds(contract(api));
      expect(expected.length).toBeGreaterThan(0);
      expect(operationIds(embeddedDefinition(html))).toEqual(expected);
      expect(built.stdout).toContain(`${api}: ${join(out, `${api}.html`)} (${expected.length} operations,`);
    }
  });

  it('needs no CDN: Redoc is inlined and the page may only load from its own origin', () => {
    for (const api of apis) {
      const html = readFileSync(join(out, `${api}.html`), 'utf8');
      // match()?.[0] keeps a failure readable: the pages are megabytes long.
      expect(html.match(/<script[^>]+src=[^>]*>/)?.[0]).toBeUndefined();
      expect(html.match(/<link[^>]+href="https?:[^>]*>/)?.[0]).toBeUndefined();
      expect(html.match(/import\s*\{[^}]*\}\s*from\s*["']https?:[^"']*/)?.[0]).toBeUndefined();
      expect(
        html.includes(
          `<meta http-equiv="Content-Security-Policy" content="default-src 'self' 'unsafe-inline' data: blob:;`,
        ),
      ).toBe(true);
    }
  });

  it('writes an index linking the page of every API', () => {
    const index = readFileSync(join(out, 'index.html'), 'utf8');
    const links = [...index.matchAll(/<a href="\.\/([^"]+)">/g)].map((m) => m[1]);
    expect(links).toEqual(apis.map((api) => `${api}.html`));
  });

  it('renders in Chromium from /docs: operations and named examples, no request leaving the machine', async () => {
    const { url, server } = await serve({ root: PROJECT, outDir: out });
    const browser = await launchBrowser();
    try {
      const page = await browser.context.newPage();
      const finished: string[] = [];
      const failed: string[] = [];
      page.on('requestfinished', (r) => finished.push(r.url()));
      page.on('requestfailed', (r) => failed.push(`${r.url()} ${r.failure()?.errorText}`));
      await page.goto(`${url}/docs`);
      expect(page.url()).toBe(`${url}/docs/`);
      await page.getByRole('link', { name: /^oneconnect:/ }).click();
      await page.waitForURL(`${url}/docs/oneconnect.html`);
      // Without its doctype the page renders in quirks mode (Redoc's layout is written for standards mode).
      expect(await page.evaluate(() => document.compatMode)).toBe('CSS1Compat');
      const doc = contract('oneconnect');
      for (const id of operationIds(doc)) await page.locator(`a[href$="/${id.toLowerCase()}"]`).first().waitFor();
      await page.locator('a[href$="/getsegmentbanners"]').first().click();
      const examples = (
        doc.paths?.['/api/oneconnect/get-segment-banners']?.get as {
          responses: Record<string, { content: Record<string, { examples: Record<string, { summary: string }> }> }>;
        }
      ).responses['200']!.content['application/json']!.examples;
      await page.getByText(Object.values(examples)[0]!.summary).first().waitFor();
      await page.getByText('"banner-airshow"').first().waitFor();
      expect(finished.filter((u) => !u.startsWith(url) && !/^(blob|data):/.test(u))).toEqual([]);
      expect(failed.filter((f) => !f.endsWith(' csp'))).toEqual([]);
    } finally {
      await browser.close();
      server.close();
    }
  });
});

describe('docs middleware (the /docs of the Vite plugin)', () => {
  const repo = fixtureRepo({ git: false });
  afterAll(() => repo.cleanup());

  it('builds missing pages on demand, rebuilds a page older than its contract, and serves nothing else', async () => {
    repo.write('openapi/widgets/openapi.yaml', fixture('widgets/base.yaml'));
    symlinkSync(join(PROJECT, 'node_modules'), join(repo.root, 'node_modules'), 'dir');
    const { url, server } = await serve({ root: repo.root });
    try {
      const redirect = await fetch(`${url}/docs`, { redirect: 'manual' });
      expect([redirect.status, redirect.headers.get('location')]).toEqual([302, '/docs/']);
      const first = await fetch(`${url}/docs/widgets.html`);
      expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(operationIds(embeddedDefinition(await first.text()))).toEqual([
        'createWidget',
        'deleteWidget',
        'getWidget',
        'listWidgets',
      ]);
      expect(await (await fetch(`${url}/docs/`)).text()).toContain(
        '<a href="./widgets.html"><strong>widgets</strong>: Widgets fixture API</a>',
      );

      repo.write('openapi/widgets/openapi.yaml', fixture('widgets/removed-operation.yaml'));
      const later = new Date(Date.now() + 60_000);
      utimesSync(join(repo.root, 'openapi/widgets/openapi.yaml'), later, later);
      const rebuilt = await fetch(`${url}/docs/widgets.html`);
      expect(operationIds(embeddedDefinition(await rebuilt.text()))).toEqual([
        'createWidget',
        'getWidget',
        'listWidgets',
      ]);

      expect((await fetch(`${url}/docs/nope.html`)).status).toBe(404);
      expect((await fetch(`${url}/docs/..%2Fopenapi%2Fwidgets%2Fopenapi.yaml`)).status).toBe(404);
      expect((await fetch(`${url}/elsewhere`)).status).toBe(418);
    } finally {
      server.close();
    }
  });
});
