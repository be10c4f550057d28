import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { parseEnv } from 'node:util';
import { preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTENT_SPEC,
  exampleNameFor,
  LAYOUT_PATH,
  listedRoutes,
  startContentMock,
} from '../../scripts/lib/contentMock.mjs';
import { freePort, MOCK_BACKED_MODE, root } from '../../scripts/lib/prism.mjs';
import { buildStaticSite, type BuiltPage } from '../../scripts/lib/siteServer.mjs';
import { stateDirOf } from '../../scripts/lib/prerender/manifest.mjs';
import { PANEL_HOST, PANEL_SCRIPT_PATH } from '../../scripts/lib/mockScenarioServer.mjs';
import { sharedMock } from '../support/shared.ts';
import { rawGet } from '../support/site.ts';
import { readContract } from '../../scripts/contract/contracts.mjs';

// The static build as a crawler or a link preview reads it: the files `npm run build` writes,
// fetched without running any JavaScript, and served by `vite preview` as a static host would.

interface Example {
  value: {
    sitecore: {
      route: {
        name: string;
        displayName?: string;
        fields: Record<string, { value?: unknown }>;
        placeholders: { main: Array<{ componentName: string; fields?: Record<string, { value?: { src?: string } }> }> };
      };
    };
  };
}
const contract = readContract(CONTENT_SPEC);
const listed = listedRoutes();
// The German routes (listed by item; their pages live under /de).
const listedDe = listedRoutes(CONTENT_SPEC, 'de');
const dePath = (item: string) => (item === '/' ? '/de' : `/de${item}`);
const germanRouteOf = (item: string) => examples[`${exampleNameFor(item)}.de`]!.value.sitecore.route;
/** The `hreflang` alternates of a page: `[hreflang, href]` in order. */
const alternatesOf = (page: string) =>
  [...page.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]);
const examples: Record<string, Example> = contract.components.examples;
const routeOf = (path: string) => examples[exampleNameFor(path)]!.value.sitecore.route;
const text = (path: string, field: string) => String(routeOf(path).fields[field]?.value ?? '');
const devEnv = parseEnv(readFileSync(join(root, '.env.development'), 'utf8'));
const origin = devEnv.VITE_PUBLIC_ORIGIN!;
const PRIVATE = ['/account', '/cart', '/api/auth/signin', '/api/auth/error'];
// Routes an editor marked `requiresSession`: their static page is their gate only.
const GATED = listed.map((r) => r.path).filter((path) => routeOf(path).fields.requiresSession?.value === true);
const OPEN = listed.map((r) => r.path).filter((path) => !GATED.includes(path));
// Planted in the account page's rendering (the contract's fixture): text for signed-in readers only.
const GATED_MARKER = 'AD-MEMBERS-7Q4X';

/** Every file under `dir`, relative to it, with `/`. */
const filesUnder = (dir: string) =>
  readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'));

// The build copies public/; this one's also holds what must never reach a static host: dotfiles
// and dot-folders (a deployment's env file, an editor's or a tool's files) and a git-ignored log.
const PLANTED = ['.env.production', '.well-known/security.txt', '-/media/.DS_Store', '.cache/state.json', 'notes.log'];
const SECRET = 'PLANTED_SECRET_4b1f';

let outDir: string;
let publicDir: string;
let pages: BuiltPage[];
let contentMock: Awaited<ReturnType<typeof startContentMock>> | undefined;
beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'prerender-'));
  publicDir = mkdtempSync(join(tmpdir(), 'prerender-public-'));
  cpSync(join(root, 'public'), publicDir, { recursive: true });
  for (const file of PLANTED) {
    mkdirSync(join(publicDir, file, '..'), { recursive: true });
    writeFileSync(join(publicDir, file), `${SECRET}\n`);
  }
  // The content mock the build reads (in front of the run's content Prism), kept running so a test
  // can ask it what the build was given.
  const prismUrl = await sharedMock('content');
  contentMock = await startContentMock({ prismUrl });
  ({ pages } = await buildStaticSite({ outDir, publicDir, logLevel: 'error', contentPrismUrl: prismUrl }));
}, 240_000);
afterAll(async () => {
  rmSync(outDir, { recursive: true, force: true });
  rmSync(stateDirOf(outDir), { recursive: true, force: true });
  rmSync(publicDir, { recursive: true, force: true });
  await contentMock?.stop();
});

const html = (file: string) => readFileSync(join(outDir, file), 'utf8');
const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
/** The content of the head tag matching `selector` (`name="description"`, `property="og:title"`), or undefined. */
function metaContent(page: string, selector: string): string | undefined {
  const tag = page.match(new RegExp(`<meta ${selector} content="([^"]*)"`));
  return tag ? decode(tag[1]!) : undefined;
}
const titleOf = (page: string) => decode(page.match(/<title>([^<]*)<\/title>/)?.[1] ?? '');
const h1Of = (page: string) => decode(page.match(/<h1[^>]*>([^<]*)</)?.[1] ?? '');

describe('npm run build: a static page for every route of the content route list', () => {
  it('writes one page per listed route, and nothing for the wildcard item', () => {
    expect(pages.map((p) => p.path)).toEqual([...listed.map((r) => r.path), ...listedDe.map((r) => dePath(r.path))]);
    for (const { path } of listed)
      expect(existsSync(join(outDir, path === '/' ? 'index.html' : `${path.slice(1)}/index.html`)), path).toBe(true);
    expect(existsSync(join(outDir, 'products'))).toBe(false);
  });

  it('builds routes that need a session (the account page) and routes anyone may read', () => {
    expect(GATED).toEqual(['/account']);
    expect(OPEN.length).toBeGreaterThan(10);
  });

  it.each(OPEN)('%s has its heading, title, description, canonical and share tags in the raw HTML', (path) => {
    const page = html(pages.find((p) => p.path === path)!.file);
    expect(h1Of(page), 'h1').not.toBe('');
    expect(titleOf(page)).toBe(text(path, 'pageTitle'));
    expect(metaContent(page, 'name="description"')).toBe(text(path, 'metaDescription'));
    const canonical = new URL(path, origin).href;
    expect(page).toContain(`<link rel="canonical" href="${canonical}"`);
    expect(metaContent(page, 'property="og:title"')).toBe(text(path, 'pageTitle'));
    expect(metaContent(page, 'property="og:description"')).toBe(text(path, 'metaDescription'));
    expect(metaContent(page, 'property="og:url"')).toBe(canonical);
    expect(metaContent(page, 'name="twitter:title"')).toBe(text(path, 'pageTitle'));
    expect(page).toMatch(/^<!doctype html>\s*<html lang="en">/);
    // The share image: the route's ogImage, else its hero's image, on the public origin.
    const route = routeOf(path);
    const image =
      (route.fields.ogImage?.value as { src?: string } | undefined)?.src ??
      route.placeholders.main.find((r) => r.componentName === 'Hero')?.fields?.image?.value?.src;
    expect(metaContent(page, 'property="og:image"')).toBe(image ? new URL(image, origin).href : undefined);
    expect(metaContent(page, 'name="twitter:card"')).toBe(image ? 'summary_large_image' : 'summary');
    // Visitor pages are kept out of search engines; the others are not.
    expect(metaContent(page, 'name="robots"')).toBe(PRIVATE.includes(path) ? 'noindex' : undefined);
    // JSON-LD Organization on the home page only.
    expect(page.includes('"@type":"Organization"')).toBe(path === '/');
  });

  it('gives every page its own title, and every page anyone may read its own description', () => {
    expect(new Set(pages.map((p) => titleOf(html(p.file)))).size).toBe(pages.length);
    const open = pages.filter((p) => OPEN.includes(p.path));
    expect(new Set(open.map((p) => metaContent(html(p.file), 'name="description"'))).size).toBe(open.length);
  });

  it('puts the home page organization in JSON-LD a parser accepts', () => {
    const json = html('index.html').match(/<script type="application\/ld\+json"[^>]*>([^<]*)<\/script>/)?.[1];
    expect(JSON.parse(json!)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Aerospace & Defence',
      url: `${origin}/`,
      logo: `${origin}/-/media/images/hero-1280.svg`,
    });
  });

  it("renders an article body (editors' HTML) sanitized into the page, as a browser would show it", () => {
    const page = html('news/f-35-sustainment/index.html');
    expect(page).toMatch(/<div class="rich-text"><p>Availability is the measure that matters/);
    const body = page.slice(
      page.indexOf('<div id="root">'),
      page.indexOf('<script type="application/json" id="site-state">'),
    );
    expect(body).toMatch(/Availability is the measure that matters/);
    expect(body).not.toMatch(/<script/i);
    // The page's only classic script is the site's own, in its head: the consent platform's loader.
    const head = page.slice(0, page.indexOf('</head>'));
    expect(page.match(/<script(?![^>]*(type="module"|type="application\/(json|ld\+json)"))/g)).toEqual(['<script']);
    expect(head).toMatch(
      /<script>if \(!location\.pathname\.startsWith\('\/api\/editing\/'\) && \(function getPageMode/,
    );
  });

  it("carries each rich text field's HTML as the build sanitized it, and says where, so a visitor's browser loads no sanitizer", () => {
    const article = html('news/f-35-sustainment/index.html');
    const state = JSON.parse(article.match(/<script type="application\/json" id="site-state">([^<]*)<\/script>/)![1]!);
    expect(state.sanitized).toHaveLength(1);
    const [[index, ...path]] = state.sanitized;
    const field = path.reduce(
      (node: Record<string, unknown>, key: string) => node[key],
      state.queries.queries[index].state.data,
    );
    // The field's value is exactly the HTML shown in the page's rich text.
    const shown = article.match(/<div class="rich-text">(.*?)<\/div>/)![1]!;
    expect(field.value).toBe(shown);
    for (const { file } of pages) expect(html(file)).not.toMatch(/modulepreload[^>]*sanitizedHtml-/);
  });

  it("carries the article's date as the build formatted it, so a visitor's browser does not format it while hydrating", () => {
    const article = html('news/f-35-sustainment/index.html');
    const state = JSON.parse(article.match(/<script type="application\/json" id="site-state">([^<]*)<\/script>/)![1]!);
    const [iso, shown] = article.match(/<time dateTime="([^"]+)"[^>]*>([^<]+)<\/time>/i)!.slice(1);
    expect(Object.entries(state.dates)).toEqual([[expect.stringMatching(new RegExp(` ${iso}$`)), shown]]);
    expect(shown).toMatch(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    // A page without a date carries none.
    expect(html('index.html')).not.toMatch(/"dates":/);
  });

  it('preloads on each page the chunks of the renderings it shows, and only those', () => {
    const preloads = (file: string) =>
      [...html(file).matchAll(/<link rel="modulepreload"[^>]* href="\/assets\/([a-zA-Z]+)-/g)].map((m) => m[1]);
    const shell = preloads('shell.html');
    const own = (file: string) => preloads(file).filter((chunk) => !shell.includes(chunk));
    // Home: sections, articles (list), rich text, personalised offer and recommendations (the search layer).
    expect(own('index.html')).toEqual(
      expect.arrayContaining(['sections', 'articles', 'personalized', 'searchWidgets']),
    );
    // A capability page shows sections and rich text: no search layer, articles or careers code.
    expect(own('capabilities/space/index.html')).toEqual(expect.arrayContaining(['sections', 'richText']));
    for (const other of [
      'searchWidgets',
      'articles',
      'careers',
      'personalized',
      'sanitizedHtml',
      'commerce',
      'session',
    ])
      expect(own('capabilities/space/index.html')).not.toContain(other);
    expect(own('careers/index.html')).toContain('careers');
    expect(own('careers/index.html')).not.toContain('searchWidgets');
    expect(own('search/index.html')).toContain('searchWidgets');
    for (const { file } of pages)
      for (const [, asset] of html(file).matchAll(/<link rel="modulepreload"[^>]* href="\/(assets\/[^"]+)"/g))
        expect(existsSync(join(outDir, asset!))).toBe(true);
  });

  it('runs React DOM in a task of its own: a chunk the entry imports only when it has run, which every page preloads', () => {
    // One module graph is evaluated in one task: React DOM inside the entry's graph made a task of
    // 100-120 ms on a phone's CPU. Its chunk is the one that marks a root container (`__reactContainer$`).
    const asset = (file: string) => readFileSync(join(outDir, 'assets', file), 'utf8');
    const scripts = (file: string) =>
      [...html(file).matchAll(/ (?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
    const entry = html('index.html').match(/<script type="module"[^>]* src="\/assets\/([^"]+\.js)"/)![1]!;
    const reactDom = scripts('index.html').filter((file) => asset(file).includes('__reactContainer$'));
    expect(reactDom).toHaveLength(1);
    expect(reactDom[0]).not.toBe(entry);
    // Not among the entry's static imports (`import … from "./client-….js"`), and imported by it.
    const staticImports = [
      ...asset(entry).matchAll(/(?:^|;|\})import\s*(?:[^'"();]*?from\s*)?["']\.\/([^"']+)["']/g),
    ].map((m) => m[1]);
    expect(staticImports.length).toBeGreaterThan(0);
    expect(staticImports).not.toContain(reactDom[0]);
    expect(asset(entry)).toContain(reactDom[0]);
    for (const { file } of pages) expect(scripts(file), file).toContain(reactDom[0]);
  });

  it("fetches its scripts behind its content: every script and preload at low priority, the hero's image at high", () => {
    for (const { file } of pages) {
      const tags = html(file).match(/<script type="module"[^>]*>|<link rel="modulepreload"[^>]*>/g)!;
      expect(tags.length).toBeGreaterThan(1);
      for (const tag of tags) expect(tag).toContain('fetchpriority="low"');
    }
    expect(html('index.html')).toMatch(/<img src="\/-\/media\/images\/hero-1280.svg"[^>]*fetchPriority="high"/);
  });

  it('embeds the layout data each page anyone may read was rendered with, for hydration without a refetch', () => {
    for (const { path, file } of pages.filter((p) => OPEN.includes(p.path))) {
      const state = JSON.parse(
        html(file).match(/<script type="application\/json" id="site-state">([^<]*)<\/script>/)![1]!,
      );
      expect(state.url).toBe(path);
      expect(state.notFound).toBe(false);
      const [query] = state.queries.queries;
      expect(query.queryKey).toEqual(['content', 'route', '/content-api', 'aero', 'en', path, 'normal']);
      expect(query.state.data.sitecore.route.fields.pageTitle.value).toBe(text(path, 'pageTitle'));
    }
  });

  it("never prerenders an editor's page: no editing markup, no chrome and no unpublished content in any page or crawl file", () => {
    // Only the contract's edit and preview answers of the home page hold this call to action: it is not published yet.
    const draft = 'Meet us at the airshow';
    expect(JSON.stringify(examples['home.preview'])).toContain(draft);
    expect(JSON.stringify(examples.home)).not.toContain(draft);
    for (const file of filesUnder(outDir).filter((f) => /\.(html|json|xml|txt)$/.test(f))) {
      // The site's stylesheet (inlined into every page) styles editing markup; it is no markup itself.
      const text = readFileSync(join(outDir, file), 'utf8').replace(/<style>[\s\S]*?<\/style>/g, '');
      expect(text, file).not.toMatch(/scWebEditInput|scFieldValue|chrometype|sc_mode=/i);
      expect(text, file).not.toContain(draft);
    }
  });

  it('shells the pages that depend on the visitor: no account, cart or search results in the HTML', () => {
    const body = (file: string) =>
      html(file).match(/<div id="root">([\s\S]*)<\/div>\s*<script type="application\/json"/)![1]!;
    expect(h1Of(body('account/index.html'))).toBe('Your account');
    expect(body('account/index.html')).toContain('<p role="status">Loading…</p>');
    expect(body('account/index.html')).not.toContain('Signed in as');
    expect(h1Of(body('search/index.html'))).toBe('Search our capabilities');
    expect(body('search/index.html')).not.toMatch(/F-35/);
  });

  describe('/account, a route that needs a session', () => {
    const path = '/account';
    const page = () => html('account/index.html');
    const state = () =>
      JSON.parse(page().match(/<script type="application\/json" id="site-state">([^<]*)<\/script>/)![1]!);

    it('is prerendered as its gate: its heading and a status, its title, noindex, and a state that says "gate" and holds no data', () => {
      expect(h1Of(page())).toBe('Your account');
      expect(page()).toContain('<p role="status">Loading…</p>');
      expect(titleOf(page())).toBe(text(path, 'pageTitle'));
      expect(metaContent(page(), 'name="robots"')).toBe('noindex');
      // Nothing of its fields in the head: no description, no share tags.
      expect(page()).not.toMatch(/<meta (name="description"|property="og:|name="twitter:)/);
      expect(page()).not.toContain('data-layout-id=');
      // The page's dictionary (public UI strings) is all it carries.
      const { queries, ...rest } = state() as { queries: { queries: { queryKey: unknown[] }[]; mutations: [] } };
      expect(rest).toEqual({ url: path, notFound: false, gate: { heading: 'Your account' } });
      expect(queries.mutations).toEqual([]);
      expect(queries.queries.map((q) => q.queryKey.slice(0, 2))).toEqual([['content', 'dictionary']]);
      expect(pages.find((p) => p.path === path)?.indexable).toBe(false);
      expect(html('sitemap.xml')).not.toContain(`<loc>${new URL(path, origin).href}</loc>`);
    });

    it('ships none of its data: what the content mock answers for it (the planted marker included) is in no file of the build', async () => {
      const url = new URL(LAYOUT_PATH, contentMock!.url);
      url.search = new URLSearchParams({
        item: path,
        sc_apikey: devEnv.VITE_CONTENT_API_KEY!,
        sc_site: 'aero',
        sc_lang: 'en',
      }).toString();
      const answer = await (await fetch(url)).text();
      expect(answer).toContain(GATED_MARKER);
      // Every value of the route's data but its name, display name and title (the gate's), the
      // names of its components (the site's code) and values every route shares (language, template).
      const route = JSON.parse(answer).sitecore.route;
      const others = JSON.stringify(Object.entries(examples).filter(([name]) => name !== exampleNameFor(path)));
      const kept = new Set([route.name, route.displayName, route.fields.pageTitle.value]);
      const values = [GATED_MARKER];
      const collect = (node: unknown, key = ''): void => {
        if (typeof node === 'string') {
          if (key !== 'componentName' && !kept.has(node) && !others.includes(JSON.stringify(node))) values.push(node);
        } else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) collect(v, k);
      };
      collect(route);
      expect(values).toEqual(expect.arrayContaining([text(path, 'metaDescription'), route.itemId, 'Signed in as']));
      const files = readdirSync(outDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
      expect(files.length).toBeGreaterThan(20);
      const leaks = files.flatMap((entry) => {
        const content = readFileSync(join(entry.parentPath, entry.name), 'utf8');
        return values
          .filter((v) => content.includes(v) || content.includes(JSON.stringify(v).slice(1, -1)))
          .map((v) => `${v} in ${entry.name}`);
      });
      expect(leaks).toEqual([]);
    });
  });

  it('writes 404.html: the not-found page, not indexed, with no canonical URL', () => {
    const page = html('404.html');
    expect(h1Of(page)).toBe('Page not found');
    expect(titleOf(page)).toBe('Page not found | Aerospace & Defence');
    expect(metaContent(page, 'name="robots"')).toBe('noindex');
    expect(page).not.toContain('rel="canonical"');
  });

  it('writes robots.txt with the sitemap on the public origin, and a sitemap of every indexable page', () => {
    expect(html('robots.txt')).toBe(`User-agent: *\nDisallow: /api/\n\nSitemap: ${origin}/sitemap.xml\n`);
    const sitemap = html('sitemap.xml');
    expect(
      sitemap.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
      ),
    ).toBe(true);
    const locs = [
      ...sitemap.matchAll(/<url><loc>([^<]+)<\/loc><lastmod>([^<]+)<\/lastmod>(?:<xhtml:link [^>]*\/>)*<\/url>/g),
    ].map((m) => [m[1], m[2]]);
    const indexable = listed.filter((r) => !PRIVATE.includes(r.path));
    expect(locs).toEqual([
      ...indexable.map((r) => [new URL(r.path, origin).href, r.lastModified]),
      ...listedDe.map((r) => [new URL(dePath(r.path), origin).href, r.lastModified]),
    ]);
  });
});

describe('npm run build: German under /de/', () => {
  it('lists German versions of home, capabilities, a capability, news, an article and careers', () => {
    expect(listedDe.map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/',
        '/capabilities',
        '/capabilities/space',
        '/news',
        '/news/f-35-sustainment',
        '/careers',
      ]),
    );
  });

  it.each(listedDe.map((r) => r.path))(
    '%s in German: German content, lang="de", its own canonical URL, alternates to English and x-default',
    (item) => {
      const path = dePath(item);
      const page = html(pages.find((p) => p.path === path)!.file);
      const route = germanRouteOf(item);
      expect(page).toMatch(/^<!doctype html>\s*<html lang="de">/);
      expect(titleOf(page)).toBe(String(route.fields.pageTitle!.value));
      expect(metaContent(page, 'name="description"')).toBe(String(route.fields.metaDescription!.value));
      expect(page).toContain(`<link rel="canonical" href="${new URL(path, origin).href}"`);
      // The frame in German too, from the German dictionary (no English to replace on hydration).
      expect(page).toContain('Zum Inhalt springen');
      expect(page).not.toContain('Skip to content');
      const both = [
        ['en', new URL(item, origin).href],
        ['de', new URL(path, origin).href],
        ['x-default', new URL(item, origin).href],
      ];
      expect(alternatesOf(page)).toEqual(both);
      // …and the English page names its German version the same way.
      const english = html(pages.find((p) => p.path === item)!.file);
      expect(english).toMatch(/^<!doctype html>\s*<html lang="en">/);
      expect(alternatesOf(english)).toEqual(both);
      // The state carries the German dictionary the page was rendered with.
      const state = JSON.parse(
        decode(page.match(/<script type="application\/json" id="site-state">(.*?)<\/script>/)![1]!),
      );
      const dictionary = state.queries.queries.find((q: { queryKey: unknown[] }) => q.queryKey[1] === 'dictionary');
      expect(dictionary.state.data.lang).toBe('de');
    },
  );

  it('shows German content on the German capability page', () => {
    const page = html('de/capabilities/space/index.html');
    expect(h1Of(page)).toBe('Raumfahrtsysteme');
    expect(page).toContain('Sichere Satellitenkommunikation');
    expect(page).not.toContain('Secure satellite communications');
  });

  it('offers a route with no German version in English only: no German page, no hreflang, no language switcher', () => {
    expect(listedDe.map((r) => r.path)).not.toContain('/capabilities/air');
    expect(existsSync(join(outDir, 'de/capabilities/air/index.html'))).toBe(false);
    const page = html('capabilities/air/index.html');
    expect(alternatesOf(page)).toEqual([]);
    // In the page's markup (the inlined stylesheet names the class too).
    expect(page.slice(page.indexOf('<body'))).not.toContain('language-switcher');
    expect(page).not.toContain('/de/capabilities/air');
    expect(html('sitemap.xml')).not.toContain('/de/capabilities/air');
  });

  it('lists every language version in the sitemap, with xhtml:link alternates both ways', () => {
    const sitemap = html('sitemap.xml');
    const entry = (path: string) =>
      sitemap.match(new RegExp(`<url><loc>${new URL(path, origin).href}</loc>.*?</url>`))?.[0] ?? '';
    for (const { path: item } of listedDe) {
      const links = [
        `<xhtml:link rel="alternate" hreflang="en" href="${new URL(item, origin).href}"/>`,
        `<xhtml:link rel="alternate" hreflang="de" href="${new URL(dePath(item), origin).href}"/>`,
        `<xhtml:link rel="alternate" hreflang="x-default" href="${new URL(item, origin).href}"/>`,
      ].join('');
      expect(entry(item), item).toContain(links);
      expect(entry(dePath(item)), dePath(item)).toContain(links);
    }
    expect(entry('/capabilities/air')).not.toContain('xhtml:link');
  });

  it('writes de/404.html: the German not-found page', () => {
    const page = html('de/404.html');
    expect(page).toMatch(/^<!doctype html>\s*<html lang="de">/);
    expect(h1Of(page)).toBe('Seite nicht gefunden');
    expect(titleOf(page)).toBe('Seite nicht gefunden | Aerospace & Defence');
    expect(metaContent(page, 'name="robots"')).toBe('noindex');
  });
});

describe('npm run build: public/ in the build', () => {
  it('copies every file of public/, and none of its dotfiles, dot-folders or git-ignored files', () => {
    const built = filesUnder(outDir);
    const shipped = filesUnder(join(root, 'public'));
    expect(shipped.length).toBeGreaterThan(0);
    for (const file of shipped) expect(built, file).toContain(file);
    expect(
      built.filter((file) => file.split('/').some((part) => part.startsWith('.')) || file.endsWith('.log')),
    ).toEqual([]);
    expect(built.filter((file) => readFileSync(join(outDir, file), 'latin1').includes(SECRET))).toEqual([]);
  });
});

describe('npm run preview of the static build', () => {
  let server: PreviewServer;
  let base: string;
  beforeAll(async () => {
    server = await preview({
      root,
      mode: MOCK_BACKED_MODE,
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir },
      preview: { port: await freePort(), strictPort: true, host: '127.0.0.1' },
    });
    base = server.resolvedUrls!.local[0]!.replace(/\/$/, '');
  });
  afterAll(() => server?.close());

  const get = (path: string, accept = 'text/html') => fetch(`${base}${path}`, { headers: { accept } });

  it('serves each route its own page, with or without a trailing slash or a query', async () => {
    for (const path of [
      '/',
      '/capabilities/space',
      '/capabilities/space/',
      '/news/f-35-sustainment',
      '/search?q=f-35',
      '/api/auth/signin?callbackUrl=%2Faccount',
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const route = new URL(path, base).pathname.replace(/(.)\/$/, '$1');
      expect(titleOf(await res.text()), path).toBe(text(route, 'pageTitle'));
    }
  });

  it('answers an unknown path with the not-found page and status 404, to curl and browsers alike', async () => {
    for (const accept of ['text/html', '*/*']) {
      const res = await get('/no/such/page', accept);
      expect(res.status).toBe(404);
      expect(h1Of(await res.text())).toBe('Page not found');
    }
    expect((await fetch(`${base}/no/such/page`, { method: 'HEAD' })).status).toBe(404);
  });

  it('answers an unknown path under /de/ with the German not-found page and status 404', async () => {
    const res = await get('/de/keine/solche/seite');
    expect(res.status).toBe(404);
    const page = await res.text();
    expect(h1Of(page)).toBe('Seite nicht gefunden');
    expect(page).toMatch(/<html lang="de">/);
    // A route with no German version is not a German page either.
    expect((await get('/de/capabilities/air')).status).toBe(404);
    const german = await get('/de/capabilities/space');
    expect(german.status).toBe(200);
    expect(titleOf(await german.text())).toBe(String(germanRouteOf('/capabilities/space').fields.pageTitle!.value));
  });

  it('serves app-only paths of a wildcard item (a product) the app shell with status 200', async () => {
    const res = await get('/products/TIT-FAST-100');
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('<div id="root"></div>');
    expect(page).not.toContain('id="site-state"');
  });

  it('serves robots.txt as text/plain and sitemap.xml as XML', async () => {
    const robots = await get('/robots.txt', '*/*');
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await robots.text()).toContain(`Sitemap: ${origin}/sitemap.xml`);
    const sitemap = await get('/sitemap.xml', '*/*');
    expect(sitemap.headers.get('content-type')).toMatch(/xml/);
  });

  // What curl and crawlers send: no Sec-Fetch-Dest, so nothing says whether a page or a file is wanted.
  const CRAWLER = { accept: 'text/html', 'accept-encoding': 'gzip' };
  const clients: Record<string, Record<string, string>> = {
    'a crawler (Accept: text/html, Accept-Encoding: gzip, no Sec-Fetch-Dest)': CRAWLER,
    'a browser navigation': {
      accept: 'text/html,application/xhtml+xml',
      'accept-encoding': 'gzip, br',
      'sec-fetch-dest': 'document',
    },
    'a browser script or fetch': { accept: '*/*', 'accept-encoding': 'gzip, deflate, br', 'sec-fetch-dest': 'script' },
  };
  // The QA panel the mock-backed preview adds to its pages (the page around it is the built file).
  const withoutPanel = (page: string) =>
    page
      .replace(
        new RegExp(
          `<script type="application/json" id="mock-scenarios-state">[^<]*</script><script type="module" src="${PANEL_SCRIPT_PATH}"></script>`,
        ),
        '',
      )
      .replace(PANEL_HOST, '');

  it.each(Object.entries(clients))(
    'sends sitemap.xml, robots.txt, a script and a page whole and compressed to %s',
    async (_client, headers) => {
      const script = filesUnder(join(outDir, 'assets')).find((file) => /^index-.*\.js$/.test(file))!;
      const files = {
        '/sitemap.xml': 'sitemap.xml',
        '/robots.txt': 'robots.txt',
        [`/assets/${script}`]: `assets/${script}`,
        '/capabilities': 'capabilities/index.html',
        '/': 'index.html',
      };
      for (const [path, file] of Object.entries(files)) {
        const res = await rawGet(base, path, headers);
        expect(res.status, path).toBe(200);
        const expected = readFileSync(join(outDir, file), 'utf8');
        // Small files (robots.txt) are not worth compressing; everything else is.
        if (expected.length >= 1024) expect(res.headers['content-encoding'], path).toMatch(/^(gzip|br)$/);
        const body = res.decoded().toString('utf8');
        expect(file.endsWith('.html') ? withoutPanel(body) : body, path).toBe(expected);
      }
    },
  );

  it('answers 404 for dotfiles, git-ignored files and anything that is not a file of the build', async () => {
    const paths = [
      '/.env.production',
      '/.well-known/security.txt',
      '/-/media/.DS_Store',
      '/.cache/state.json',
      '/notes.log', // planted in public/
      '/%2e%65nv.production',
      '/-/media/..%2f.env.production',
      '/.git/config',
      '/.gitignore',
      '/.env.development',
      '/package.json',
      '/README.md',
      '/vite.config.ts',
      '/scripts/build.mjs',
      '/tests/support/site.ts',
      '/openapi/content/openapi.yaml',
      '/src/site/siteEnv.ts',
      '/dev-public/consent-stub.js',
      '/coverage/index.html',
      '/bench/results/site.json',
      '/npm-debug.log',
    ];
    const served: string[] = [];
    for (const path of paths) {
      for (const headers of Object.values(clients)) {
        const res = await rawGet(base, path, headers);
        if (res.status !== 404 || res.decoded().toString('utf8').includes(SECRET))
          served.push(`${path} (${headers.accept}): ${res.status}`);
      }
    }
    expect(served).toEqual([]);
  });
});
