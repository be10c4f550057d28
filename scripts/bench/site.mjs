// The site as a visitor on a phone on a slow network gets it: the prerendered production build served
// by `vite preview` (compressed, as a static host serves it) against the mocks, in headless Chromium
// throttled through the DevTools protocol (scripts/lib/pageVitals.mjs: 150 ms round trip,
// 1.6 Mbit/s down, 4× CPU slowdown, a phone's screen). Per route: first and largest contentful
// paint, cumulative layout shift, and every JavaScript byte the first visit downloaded. Also: the
// raw HTML of every prerendered page carries its <h1>, and the home page's API requests before and
// after consent.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser } from '../lib/browser.mjs';
import { measurePage, SLOW_PHONE } from '../lib/pageVitals.mjs';
import { buildStaticSite, previewSite, removeBuild } from '../lib/siteServer.mjs';

const RUNS = 3;
const ROUTES = ['/', '/search?q=f-35', '/capabilities/space', '/news/f-35-sustainment'];
const API = /\/(api\/oneconnect|api\/auth|engage-api|commerce-api|content-api|discover\/v2|event)\//;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function countRequests(context, url) {
  const page = await context.newPage();
  const seen = [];
  page.on('request', (req) => seen.push(new URL(req.url()).pathname));
  await page.goto(url, { waitUntil: 'networkidle' });
  const before = { all: seen.length, api: seen.filter((p) => API.test(p)).length };
  const accept = page.getByRole('button', { name: 'Accept all cookies' });
  let after = null;
  if (await accept.count()) {
    seen.length = 0;
    await accept.click();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    after = {
      all: seen.length,
      api: seen.filter((p) => API.test(p)).length,
      paths: [...new Set(seen.filter((p) => API.test(p)))],
    };
  }
  await page.close();
  return { before, after };
}

// Every prerendered page fetched as a crawler does (no JavaScript): does the HTML hold an <h1>?
async function headingsServed(siteUrl, pages) {
  const missing = [];
  for (const { path } of pages) {
    const html = await (await fetch(`${siteUrl}${path}`, { headers: { accept: 'text/html' } })).text();
    if (!/<h1[\s>]/.test(html)) missing.push(path);
  }
  return missing;
}

function routeRows(path, runs) {
  const lcp = Math.round(median(runs.map((r) => r.lcp)));
  const fcp = Math.round(median(runs.map((r) => r.fcp)));
  const cls = Math.max(...runs.map((r) => r.cls));
  const js = Math.max(...runs.map((r) => r.jsBytes));
  const last = runs[runs.length - 1];
  return [
    {
      name: `${path}: first contentful paint, slow phone (median of ${RUNS})`,
      value: fcp,
      unit: 'ms',
      detail: `runs ${runs.map((r) => Math.round(r.fcp)).join(', ')}`,
    },
    {
      name: `${path}: largest contentful paint, slow phone (median of ${RUNS})`,
      value: lcp,
      unit: 'ms',
      detail: `runs ${runs.map((r) => Math.round(r.lcp)).join(', ')}; element ${last.lcpElement}`,
      target: '≤ 2000',
      ok: lcp > 0 && lcp <= 2000,
    },
    {
      name: `${path}: cumulative layout shift (worst of ${RUNS})`,
      value: Number(cls.toFixed(4)),
      unit: '',
      detail: last.shifts.map((s) => `${s.value.toFixed(4)}@${s.at}ms ${s.nodes.join('+')}`).join('; ') || 'no shift',
      target: '≤ 0.02',
      ok: cls <= 0.02,
    },
    {
      name: `${path}: JavaScript a first visit downloads (every file, worst of ${RUNS})`,
      value: js,
      unit: 'B over the wire (gzip)',
      detail: `${last.scripts.length} files, of which the consent script stand-in ${last.scripts.filter((f) => /consent/.test(f.url)).reduce((n, f) => n + f.bytes, 0)} B`,
      target: '≤ 102400',
      ok: js <= 100 * 1024,
    },
  ];
}

export async function run() {
  const outDir = mkdtempSync(join(tmpdir(), 'site-bench-'));
  const { pages } = await buildStaticSite({ outDir, logLevel: 'error' });
  const site = await previewSite(outDir);
  const browser = await launchBrowser({ device: SLOW_PHONE.device });
  try {
    await measurePage(browser.context, `${site.url}/`); // warm-up: the mocks' first answers are slower
    const rows = [];
    for (const path of ROUTES) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1)
        runs.push(await measurePage(browser.context, `${site.url}${path}`, { throttle: SLOW_PHONE }));
      rows.push(...routeRows(path, runs));
    }
    const missing = await headingsServed(site.url, pages);
    rows.push({
      name: 'prerendered pages whose raw HTML has their <h1>',
      value: pages.length - missing.length,
      unit: `of ${pages.length}`,
      detail: missing.join(' ') || 'all',
      target: `${pages.length}`,
      ok: missing.length === 0,
    });
    const requests = await countRequests(browser.context, `${site.url}/`);
    rows.push({
      name: 'home page API requests before consent',
      value: requests.before.api,
      unit: 'API requests',
      detail: `${requests.before.all} requests in all`,
    });
    if (requests.after)
      rows.push({
        name: 'API requests after granting consent',
        value: requests.after.api,
        unit: 'API requests',
        detail: requests.after.paths.join(' '),
      });
    return rows;
  } finally {
    await browser.close();
    await site.stop();
    removeBuild(outDir);
  }
}
