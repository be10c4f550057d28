import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocs, docsMiddleware } from '../../scripts/contract/docs.mjs';
import { root } from '../../scripts/lib/prism.mjs';
import { DESKTOP } from '../support/browser.ts';
import { sharedBrowser } from '../support/shared.ts';

// The API reference at /docs loads nothing from another host: its policy allows only the page itself,
// and Redoc's attribution logo (cdn.redoc.ly) used to be refused, a CSP error in every page's console.

const out = mkdtempSync(join(tmpdir(), 'docs-logo-'));
let server: Server;
let url = '';
beforeAll(async () => {
  await buildDocs({ root, outDir: out, apis: ['oneconnect'] });
  const middleware = docsMiddleware({ root, outDir: out, build: async () => [] });
  server = createServer((req, res) => void middleware(req, res, () => res.writeHead(404).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}, 300_000);
afterAll(() => {
  server?.close();
  rmSync(out, { recursive: true, force: true });
});

describe('the API reference page (npm run docs)', () => {
  it('names no resource of another host: the attribution logo is part of the page', () => {
    const html = readFileSync(join(out, 'oneconnect.html'), 'utf8');
    expect(html.match(/https:\/\/cdn\.redoc\.ly[^`"'\s]*/g) ?? []).toEqual([]);
  });

  it('opens in Chromium with no console error and no refused request, the attribution still shown', async () => {
    const page = await (await (await sharedBrowser()).newContext({ ...DESKTOP })).newPage();
    try {
      const problems: string[] = [];
      page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
      page.on('requestfailed', (r) => problems.push(`${r.url()} ${r.failure()?.errorText}`));
      await page.goto(`${url}/docs/oneconnect.html`, { waitUntil: 'networkidle' });
      await page.locator('a[href$="/getsegmentbanners"]').first().waitFor();
      expect(problems).toEqual([]);
      // Redoc hides a logo that fails to load: this one loads, in the page.
      const logo = page.getByRole('img', { name: 'redocly logo' });
      await logo.waitFor();
      expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    } finally {
      await page.context().close();
    }
  });
});
