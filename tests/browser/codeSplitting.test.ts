import { beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { DESKTOP, pageAtRest } from '../support/browser.ts';
import { renderingSamples } from '../support/renderingSamples.ts';
import { sharedBrowser, sharedBuiltSite, type SharedBuiltSite } from '../support/shared.ts';

// A prerendered page loads the code of its own renderings and nothing else: the build lists their
// chunks in the page (`modulepreload`), the page runs exactly those before it hydrates, and never
// fetches a rendering its layout does not have (the search layer, the sanitizer, commerce code).

// One page of each combination of renderings the route list has (pages with the same renderings
// load the same code), the routes behind a session gate aside (their page holds no renderings).
const samples = renderingSamples();

// What a page loads after it has hydrated, by design, whatever its renderings: the events SDK
// (page view) and the personalization call of a personalised offer (src/engagement).
const AFTER_HYDRATION = /^(sdk|personalize)-/;

const SEARCH = new Set(['SearchResults', 'RecommendationWidget']);

let built: SharedBuiltSite;
let browser: Browser;

beforeAll(async () => {
  [built, browser] = await Promise.all([sharedBuiltSite(), sharedBrowser()]);
}, 300_000);

interface Loaded {
  /** The chunks the served page lists: its entry and its `modulepreload` links. */
  listed: string[];
  /** Every script file the page requested. */
  requested: string[];
  /** The script files whose code ran. */
  ran: string[];
}

const fileOf = (url: string) => new URL(url).pathname.replace(/^\/assets\//, '');

async function load(path: string): Promise<Loaded> {
  const context = await browser.newContext({ ...DESKTOP });
  try {
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (r) => {
      // The build's own scripts (the preview's QA panel and consent stand-in are not the site's code).
      if (r.resourceType() === 'script' && new URL(r.url()).pathname.startsWith('/assets/'))
        requested.push(fileOf(r.url()));
    });
    await page.coverage.startJSCoverage({ resetOnNavigation: false });
    const response = await page.goto(`${built.url}${path}`);
    const html = (await response!.text()) ?? '';
    await pageAtRest(page);
    const coverage = await page.coverage.stopJSCoverage();
    const listed = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
    const ran = coverage
      .filter(
        (entry) => entry.url.includes('/assets/') && entry.functions.some((f) => f.ranges.some((r) => r.count > 0)),
      )
      .map((entry) => fileOf(entry.url));
    return { listed, requested: [...new Set(requested)], ran: [...new Set(ran)] };
  } finally {
    await context.close();
  }
}

// Each page in a browser context of its own: they run concurrently.
describe.concurrent('a prerendered page loads the code of its own renderings and nothing else', () => {
  it('the samples hold pages with a search rendering and pages without', () => {
    expect(samples.some((s) => [...s.names].some((name) => SEARCH.has(name)))).toBe(true);
    expect(samples.some((s) => ![...s.names].some((name) => SEARCH.has(name)))).toBe(true);
  });

  it.each(samples.map((s) => [s.path, [...s.names].sort().join(', ')] as const))(
    '%s (%s): the chunks it lists are the chunks it runs; no other, no search chunk without a search rendering, no sanitizer',
    async (path, names) => {
      const { listed, requested, ran } = await load(path);
      const later = ran.filter((file) => AFTER_HYDRATION.test(file));
      // Every listed chunk is code the page runs: nothing preloaded for nothing.
      expect(listed.filter((file) => !ran.includes(file))).toEqual([]);
      // Every chunk the page runs was listed (no second round trip before hydration), but for the
      // parts that load after hydration by design.
      expect(ran.filter((file) => !listed.includes(file) && !later.includes(file))).toEqual([]);
      // And nothing else is fetched: no search layer without a search rendering, and no sanitizer
      // (the page's rich text was sanitized by the build).
      expect(requested.filter((file) => !listed.includes(file) && !later.includes(file))).toEqual([]);
      const search = names.split(', ').some((name) => SEARCH.has(name));
      expect(requested.some((file) => file.startsWith('searchWidgets-'))).toBe(search);
      expect(requested.filter((file) => file.startsWith('sanitizedHtml-'))).toEqual([]);
    },
  );
});
