#!/usr/bin/env node
// `npm run screenshots`: builds the site, serves it against the mocks and saves
// the README's screenshots of the home and search pages (docs/screenshots/).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from './lib/browser.mjs';
import { root } from './lib/prism.mjs';
import { buildSite, previewSite, removeBuild } from './lib/siteServer.mjs';

const out = join(root, 'docs', 'screenshots');
mkdirSync(out, { recursive: true });
const outDir = await buildSite();
const site = await previewSite(outDir);
const browser = await launchBrowser();
try {
  const page = await browser.context.newPage();
  await page.goto(`${site.url}/`, { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Accept all cookies' }).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: join(out, 'home.png'), fullPage: true });
  await page.goto(`${site.url}/search?q=satellite`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(800);
  await page.screenshot({ path: join(out, 'search.png'), fullPage: true });
  console.log(`Saved ${join(out, 'home.png')} and ${join(out, 'search.png')}`);
} finally {
  await browser.close();
  await site.stop();
  removeBuild(outDir);
}
