#!/usr/bin/env node
// `npm run screenshots`: builds the site, serves it against the mocks and saves
// the README's screenshots (docs/screenshots/): the home and search pages, the home page in the
// platform's edit mode (its editable fields outlined), a page in the hosted editor's metadata mode (an
// empty field and an empty placeholder to drop into) and a German capability page.
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
  await page.goto(`${site.url}/?sc_mode=edit`, { waitUntil: 'networkidle' });
  await page.locator('.scWebEditInput').first().waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: join(out, 'edit-mode.png') });
  await page.goto(`${site.url}/about?sc_mode=edit`, { waitUntil: 'networkidle' });
  await page.locator('.sc-jss-empty-placeholder').waitFor();
  await page.waitForTimeout(800);
  await page.screenshot({ path: join(out, 'edit-metadata.png') });
  await page.goto(`${site.url}/de/capabilities/space`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(800);
  await page.screenshot({ path: join(out, 'german.png') });
  console.log(`Saved home.png, search.png, edit-mode.png, edit-metadata.png and german.png in ${out}`);
} finally {
  await browser.close();
  await site.stop();
  removeBuild(outDir);
}
