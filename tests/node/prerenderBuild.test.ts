import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { readManifest } from '../../scripts/lib/prerender/manifest.mjs';
import { mergeShards } from '../../scripts/lib/prerender/merge.mjs';
import { pageFile } from '../../scripts/lib/prerender/pages.mjs';
import { inShard, parseShard, routePages } from '../../scripts/lib/prerender/routes.mjs';
import { SITEMAP_MAX_URLS, sitemapFiles } from '../../scripts/lib/prerender/siteFiles.mjs';
import { startSyntheticContent } from '../../scripts/lib/syntheticContent.mjs';
import { smallBuild } from '../support/prerenderSite.ts';

// The build's prerender (lib/prerender/) over small synthetic sites and a stand-in server bundle
// (tests/support/prerenderBundle.mjs): the real render threads, fetch policy, manifest and crawl
// files, in seconds. tests/node/prerender.test.ts runs it with the site's own bundles.

type Content = Awaited<ReturnType<typeof startSyntheticContent>>;
type Build = Awaited<ReturnType<typeof smallBuild>>;
const cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});
afterAll(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function site(options: Parameters<typeof startSyntheticContent>[0]): Promise<{ content: Content; build: Build }> {
  const content = await startSyntheticContent(options);
  cleanup.push(() => content.stop());
  const build = await smallBuild(content.url);
  cleanup.push(() => build.remove());
  return { content, build };
}

/** Every file of the build with its text. */
const snapshot = (dir: string): Map<string, string> =>
  new Map(
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = join(entry.parentPath, entry.name);
        return [relative(dir, file), readFileSync(file, 'utf8')];
      }),
  );
const changed = (before: Map<string, string>, after: Map<string, string>): string[] =>
  [...new Set([...before.keys(), ...after.keys()])].filter((file) => before.get(file) !== after.get(file)).sort();

describe('the prerender: every route on the render threads', () => {
  it('renders every route of both languages, retrying throttled (429) and failing (503) requests, with at most `concurrency` requests at once', async () => {
    // Every fifth page is throttled on its first request, every seventh fails twice.
    const { content, build } = await site({
      routes: 40,
      delayMs: 5,
      fault: ({ kind, item, attempt }) => {
        if (kind !== 'layout' || !item) return undefined;
        const n = Number(/\d+$/.exec(item)?.[0] ?? 0);
        if (n % 5 === 0 && attempt === 1) return 429;
        if (n % 7 === 0 && attempt <= 2) return 503;
        return undefined;
      },
    });
    const { pages, report } = await build.build({ fetchPolicy: { concurrency: 4, backoffMs: 5 } });
    expect(pages).toHaveLength(40);
    expect(report.failed).toEqual([]);
    for (const page of pages) expect(readFileSync(join(build.outDir, page.file), 'utf8')).toContain('<h1>');
    expect(content.attempts.get('en:/news/page-2')).toBe(1);
    expect(content.attempts.get('en:/legal/page-5')).toBe(2); // 429, then the page
    expect(content.attempts.get('de:/programmes/page-14')).toBe(3); // 503 twice, then the page
    expect(content.maxInFlight()).toBeGreaterThan(1);
    expect(content.maxInFlight()).toBeLessThanOrEqual(4);
  });

  it('fails the build naming a route that still fails after its retries', async () => {
    const { build } = await site({
      routes: 20,
      fault: ({ kind, item }) => (kind === 'layout' && item === '/news/page-2' ? 503 : undefined),
    });
    await expect(build.build({ fetchPolicy: { retries: 2, backoffMs: 1 } })).rejects.toThrow(
      /^prerender: \/news\/page-2 failed: the layout of \/news\/page-2 answered 503$/,
    );
  });

  it('with keepGoing, reports a failing route and keeps its previous page; the rest of the build goes on', async () => {
    let broken = false;
    const { content, build } = await site({
      routes: 20,
      fault: ({ kind, item }) => (broken && kind === 'layout' && item === '/news/page-2' ? 503 : undefined),
    });
    await build.build();
    const file = join(build.outDir, pageFile('/news/page-2'));
    const before = readFileSync(file, 'utf8');
    broken = true;
    content.publish('/news/page-2');
    content.publish('/careers/page-3');
    const { report } = await build.build({
      incremental: true,
      keepGoing: true,
      fetchPolicy: { retries: 1, backoffMs: 1 },
    });
    expect(report.failed).toEqual([
      { path: '/news/page-2', message: 'the layout of /news/page-2 answered 503' },
      { path: '/de/news/page-2', message: 'the layout of /de/news/page-2 answered 503' },
    ]);
    expect(report.rendered.sort()).toEqual(['/careers/page-3', '/de/careers/page-3']);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('reads the route list page by page, following nextCursor, and stops on a cursor that repeats', async () => {
    const asked: Array<string | undefined> = [];
    const list = async (_language: string, { cursor }: { cursor?: string; limit: number }) => {
      asked.push(cursor);
      const next = { undefined: 'b', b: 'c' }[String(cursor) as 'undefined' | 'b'];
      return { routes: [{ path: `/${cursor ?? 'a'}` }], ...(next ? { nextCursor: next } : {}) };
    };
    const paths = [];
    for await (const page of routePages(list, 'en', 1)) paths.push(...page.routes.map((r) => r.path));
    expect(paths).toEqual(['/a', '/b', '/c']);
    expect(asked).toEqual([undefined, 'b', 'c']);
    const loop = async () => ({ routes: [], nextCursor: 'same' });
    await expect(async () => {
      for await (const page of routePages(loop, 'de', 10)) void page;
    }).rejects.toThrow('the route list in de repeats the cursor "same"');
  });

  it('the build reads the route list in pages of `routePageSize`, and renders every route of them', async () => {
    const { content, build } = await site({ routes: 30 });
    const { pages } = await build.build({ routePageSize: 4 });
    expect(new Set(pages.map((p) => p.path)).size).toBe(30);
    expect(content.listRequests()).toBe(8); // 15 routes in each language, 4 a page
  });
});

describe('the incremental build', () => {
  it('re-renders exactly the changed routes, deletes the pages of removed ones, and rewrites the crawl files', async () => {
    const { content, build } = await site({ routes: 30 });
    await build.build();
    const before = snapshot(build.outDir);
    content.publish('/news/page-2'); // a new revision, in both languages
    content.removeRoute('/legal/page-5'); // in both languages
    content.addRoute('/news/launch'); // in English
    const { report } = await build.build({ incremental: true });
    expect(report.rendered.sort()).toEqual(['/de/news/page-2', '/news/launch', '/news/page-2']);
    expect(report.removed.sort()).toEqual(['/de/legal/page-5', '/legal/page-5']);
    expect(report.unchanged).toHaveLength(26);
    expect(changed(before, snapshot(build.outDir))).toEqual([
      'de/legal/page-5/index.html',
      'de/news/page-2/index.html',
      'legal/page-5/index.html',
      'news/launch/index.html',
      'news/page-2/index.html',
      'sitemap.xml',
      'static-pages.json',
    ]);
    expect(existsSync(join(build.outDir, 'legal/page-5/index.html'))).toBe(false);
    const sitemap = readFileSync(join(build.outDir, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain('<loc>https://www.aero.example/news/launch</loc>');
    expect(sitemap).not.toContain('/legal/page-5<');
  });

  it('re-renders every page of a language whose dictionary changed, and none of the other', async () => {
    const { content, build } = await site({ routes: 10 });
    await build.build();
    content.changeDictionary('de');
    const { report } = await build.build({ incremental: true });
    expect(report.rendered.sort()).toEqual(
      ['/de', '/de/capabilities', '/de/careers', '/de/news', '/de/programmes'].sort(),
    );
    expect(readFileSync(join(build.outDir, 'de/news/index.html'), 'utf8')).toContain('<p>1</p>');
  });

  it('renders nothing again when nothing changed', async () => {
    const { build } = await site({ routes: 10 });
    await build.build();
    const before = snapshot(build.outDir);
    const { report } = await build.build({ incremental: true });
    expect(report.rendered).toEqual([]);
    expect(changed(before, snapshot(build.outDir))).toEqual([]);
  });
});

describe('shards', () => {
  it('--shard i/n: each route falls in exactly one shard, whatever the order', () => {
    const paths = Array.from({ length: 2000 }, (_, i) => `/news/page-${i}`);
    for (const count of [1, 2, 7]) {
      const owners = paths.map((path) =>
        Array.from({ length: count }, (_, i) => i + 1).filter((index) => inShard(path, { index, count })),
      );
      expect(owners.every((o) => o.length === 1)).toBe(true);
      if (count === 7)
        expect(Math.min(...[1, 2, 3, 4, 5, 6, 7].map((i) => owners.filter((o) => o[0] === i).length))).toBeGreaterThan(
          200,
        );
    }
    expect(() => parseShard('3/2')).toThrow('--shard "3/2" is not i/n with 1 ≤ i ≤ n (e.g. 2/8: the second of eight)');
  });

  it('three shards render every route once, and their merge writes one sitemap of every page', async () => {
    const content = await startSyntheticContent({ routes: 24 });
    cleanup.push(() => content.stop());
    const builds = await Promise.all([1, 2, 3].map(() => smallBuild(content.url)));
    for (const b of builds) cleanup.push(() => b.remove());
    const [first] = builds;
    const reports = [];
    // Each machine of the matrix renders its shard into its own copy; here all write one folder.
    for (const [i, b] of builds.entries())
      reports.push(await b.build({ outDir: first!.outDir, shard: { index: i + 1, count: 3 } }));
    const rendered = reports.flatMap((r) => r.report.rendered);
    expect(rendered).toHaveLength(24);
    expect(new Set(rendered).size).toBe(24);
    const { pages, sitemaps } = await mergeShards({
      outDir: first!.outDir,
      shardStates: builds.map((b) => b.stateDir),
      stateDir: first!.stateDir,
      warn: () => {},
    });
    expect(pages).toBe(24);
    expect(sitemaps).toEqual(['sitemap.xml']);
    const sitemap = readFileSync(join(first!.outDir, 'sitemap.xml'), 'utf8');
    expect(sitemap.match(/<url>/g)).toHaveLength(24);
    expect(Object.keys(readManifest(first!.stateDir)!.routes)).toHaveLength(24);
  });

  it('a sitemap of more than 50,000 URLs is a sitemap index of parts of at most 50,000', () => {
    const pages = Array.from({ length: SITEMAP_MAX_URLS + 1 }, (_, i) => ({ path: `/news/page-${i}` }));
    const files = sitemapFiles('https://www.aero.example', pages);
    expect(files.map((f) => f.file)).toEqual(['sitemap-1.xml', 'sitemap-2.xml', 'sitemap.xml']);
    expect(files[0]!.text.match(/<url>/g)).toHaveLength(50_000);
    expect(files[1]!.text.match(/<url>/g)).toHaveLength(1);
    expect(files[2]!.text).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '  <sitemap><loc>https://www.aero.example/sitemap-1.xml</loc></sitemap>\n' +
        '  <sitemap><loc>https://www.aero.example/sitemap-2.xml</loc></sitemap>\n</sitemapindex>\n',
    );
    expect(sitemapFiles('https://www.aero.example', pages.slice(0, 50_000)).map((f) => f.file)).toEqual([
      'sitemap.xml',
    ]);
  });
});
