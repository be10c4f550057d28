// The site as a visitor on a phone on a slow network gets it: the prerendered production build served
// by `vite preview` (compressed, as a static host serves it) against the mocks, in headless Chromium
// throttled through the DevTools protocol (scripts/lib/pageVitals.mjs: 150 ms round trip,
// 1.6 Mbit/s down, 4× CPU slowdown, a phone's screen). For every route of the route list (plus a
// search and a product): first and largest contentful paint, total blocking time, cumulative layout
// shift, every JavaScript byte the first visit downloaded and how much of it never ran during the
// load, and the requests that held the first paint; printed as a table, checked against the targets
// row by row (the worst route of each). Also: the
// raw HTML of every prerendered page carries its <h1>, and the home page's API requests before and
// after consent.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser } from '../lib/browser.mjs';
import { measurePage, SLOW_PHONE } from '../lib/pageVitals.mjs';
import { buildStaticSite, previewSite, removeBuild } from '../lib/siteServer.mjs';

const RUNS = 3;
// Besides every prerendered route: a search with results and a product (the app shell).
const EXTRA_ROUTES = ['/search?q=f-35', '/products/TIT-FAST-100'];
// `BENCH_ROUTES=/,/search?q=f-35 npm run bench -- site` measures those routes only (a quick look; the
// table in the README is every route's).
const ONLY = process.env.BENCH_ROUTES?.split(',').filter(Boolean);
const API = /\/(api\/oneconnect|api\/auth|engage-api|commerce-api|content-api|discover\/v2|event)\//;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const KB = 1024;

/**
 * The targets of every route (issue #24): each takes a route's figures and says whether they meet it.
 * @type {Array<{ figure: string; target: string; value: (r: RouteFigures) => number; ok: (r: RouteFigures) => boolean; unit: string }>}
 */
const TARGETS = [
  { figure: 'JavaScript over the wire', target: '≤ 90 KB', unit: 'B', value: (r) => r.js, ok: (r) => r.js <= 90 * KB },
  {
    figure: 'JavaScript not executed during the load',
    target: '≤ 10 KB',
    unit: 'B',
    value: (r) => r.unused,
    ok: (r) => r.unused <= 10 * KB,
  },
  { figure: 'render-blocking requests', target: '0', unit: '', value: (r) => r.blocking, ok: (r) => r.blocking === 0 },
  { figure: 'total blocking time', target: '≤ 50 ms', unit: 'ms', value: (r) => r.tbt, ok: (r) => r.tbt <= 50 },
  {
    figure: 'LCP after FCP',
    target: '≤ 100 ms',
    unit: 'ms',
    value: (r) => r.lcp - r.fcp,
    ok: (r) => r.lcp - r.fcp <= 100,
  },
  { figure: 'cumulative layout shift', target: '≤ 0.02', unit: '', value: (r) => r.cls, ok: (r) => r.cls <= 0.02 },
];

/**
 * One route's figures: medians of the timed runs, the worst run's bytes and shift, and the coverage run's
 * unexecuted bytes.
 * @typedef {{ path: string; fcp: number; lcp: number; tbt: number; cls: number; js: number; unused: number; blocking: number; blockingPaths: string[]; lcpElement: string }} RouteFigures
 */

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

/** @returns {RouteFigures} */
function figuresOf(path, runs, covered) {
  return {
    path,
    fcp: Math.round(median(runs.map((r) => r.fcp))),
    lcp: Math.round(median(runs.map((r) => r.lcp))),
    tbt: median(runs.map((r) => r.tbt)),
    cls: Number(Math.max(...runs.map((r) => r.cls)).toFixed(4)),
    js: Math.max(...runs.map((r) => r.jsBytes)),
    unused: covered.unusedJsBytes ?? 0,
    blocking: Math.max(...runs.map((r) => r.renderBlocking.length)),
    blockingPaths: [...new Set(runs.flatMap((r) => r.renderBlocking))],
    lcpElement: runs.at(-1).lcpElement,
  };
}

/** The README's table: a row per route. */
function markdownTable(figures) {
  const head = '| Route | FCP | LCP | TBT | CLS | JS (gzip) | JS not run | Render-blocking |';
  const rule = '|---|---:|---:|---:|---:|---:|---:|---:|';
  const kb = (b) => `${(b / KB).toFixed(1)} KB`;
  const rows = figures.map(
    (f) =>
      `| \`${f.path}\` | ${f.fcp} ms | ${f.lcp} ms | ${f.tbt} ms | ${f.cls} | ${kb(f.js)} | ${kb(f.unused)} | ${f.blocking} |`,
  );
  return [head, rule, ...rows].join('\n');
}

export async function run() {
  const outDir = mkdtempSync(join(tmpdir(), 'site-bench-'));
  const { pages } = await buildStaticSite({ outDir, logLevel: 'error' });
  const site = await previewSite(outDir);
  const browser = await launchBrowser({ device: SLOW_PHONE.device });
  try {
    await measurePage(browser.context, `${site.url}/`); // warm-up: the mocks' first answers are slower
    const figures = [];
    const routes = [...pages.map((p) => p.path), ...EXTRA_ROUTES];
    for (const path of ONLY ?? routes) {
      const runs = [];
      for (let i = 0; i < RUNS; i += 1)
        runs.push(await measurePage(browser.context, `${site.url}${path}`, { throttle: SLOW_PHONE }));
      // Coverage slows the page: its own run, for the unexecuted bytes only.
      const covered = await measurePage(browser.context, `${site.url}${path}`, {
        throttle: SLOW_PHONE,
        coverage: true,
      });
      figures.push(figuresOf(path, runs, covered));
    }
    console.log(
      `\nEvery route on a phone on a slow network (median of ${RUNS} runs; bytes and CLS the worst run):\n\n${markdownTable(figures)}\n`,
    );
    // One row per target: the worst route's figure, and every route that misses it.
    const rows = TARGETS.map((t) => {
      const worst = figures.reduce((a, b) => (t.value(b) > t.value(a) ? b : a));
      const missed = figures.filter((f) => !t.ok(f));
      return {
        name: `every route: ${t.figure} (worst route)`,
        value: t.value(worst),
        unit: t.unit,
        detail: `${worst.path}${missed.length ? `; missed on ${missed.map((f) => `${f.path} ${t.value(f)}`).join(', ')}` : ''}${t.figure.startsWith('render') && worst.blockingPaths.length ? `; ${worst.blockingPaths.join(' ')}` : ''}`,
        target: t.target,
        ok: missed.length === 0,
      };
    });
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
