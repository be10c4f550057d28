// @ts-check
// The site's static build (`npm run build`: the browser bundle, then every page of the content
// route list prerendered with React from the layout service) and its preview server against Prism
// mocks on free ports (benchmarks; the tests have tests/support/site.ts).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, loadEnv, preview } from 'vite';
import { escapeHtml } from '../../src/core/escapeHtml.mjs';
import { startContentMock } from './contentMock.mjs';
import { checkLinks } from './deadLinks.mjs';
import { assertInlineCodeAllowed, headerRules, headersFile, HEADERS_FILE, HEADERS_JSON } from './securityHeaders.mjs';
import { freePort, MOCK_BACKED_MODE, root, startMocksOnFreePorts } from './prism.mjs';

/** @import { PreviewServer } from 'vite' */

/**
 * A prerendered page of the build.
 * @typedef {object} BuiltPage
 * @property {string} path
 * @property {string} file
 * @property {boolean} indexable
 * @property {string} [lastModified]
 * @property {string} language The page's language (`<html lang>`).
 * @property {{ language: string; path: string }[]} alternates The route's versions in every language it has, its own among them (none for a route in one language).
 */

/**
 * Options of {@link buildStaticSite}.
 * @typedef {object} BuildOptions
 * @property {string} [mode]
 * @property {string} [outDir]
 * @property {string} [contentPrismUrl]
 * @property {string} [publicDir] The folder whose files the build copies (never its dotfiles or git-ignored files). Defaults to public/.
 * @property {'info' | 'warn' | 'error' | 'silent'} [logLevel]
 * @property {(line: string) => void} [log]
 * @property {(line: string) => void} [warn] Where a development build reports its dead links. Defaults to `console.warn`.
 */

/** The unrendered app page a host serves for app-only paths (a wildcard item such as `/products/<id>`). */
export const SHELL_FILE = 'shell.html';

/** The list of prerendered paths the browser reads when a client-side navigation fails (same name as the site's). */
const STATIC_PAGES_FILE = 'static-pages.json';

/**
 * The file of a prerendered route in the build (`/` → `index.html`, `/news` → `news/index.html`).
 * @param {string} path
 * @returns {string}
 */
export function pageFile(path) {
  const trimmed = path.replace(/^\/+/, '').replace(/(?<!\/)\/+$/, '');
  return trimmed === '' ? 'index.html' : `${trimmed}/index.html`;
}

/**
 * A server-rendered page: the site's index.html (`template`, built or transformed by the dev server)
 * with the page's language, head, body and data, and its `preloads` (`''` for none). The static
 * build writes its pages with it, the editing host answers with it.
 * @param {string} template
 * @param {{ lang: string; head: string; body: string; state: string; preloads: string }} page
 * @returns {string}
 */
export function fillTemplate(template, page) {
  const filled = template
    .replace(/<html lang="[^"]*">/, () => `<html lang="${escapeHtml(page.lang)}">`)
    .replace(/<title>[^<]*<\/title>/, () => page.head)
    .replace('</head>', () => `${page.preloads}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.body}</div>\n    ${page.state}`);
  if (!filled.includes(page.state)) throw new Error('index.html has no <div id="root"></div> to prerender into');
  return filled;
}

/**
 * The client build's manifest (Vite's `.vite/manifest.json`): each source module's chunk and the
 * chunks it imports. Removed from the build once read (it is no file of the site).
 * @typedef {Record<string, { file: string; imports?: string[]; isEntry?: boolean }>} Manifest
 * @param {string} outDir
 * @returns {Manifest}
 */
function takeManifest(outDir) {
  const dir = join(outDir, '.vite');
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  rmSync(dir, { recursive: true, force: true });
  return manifest;
}

/**
 * The chunks `keys` (manifest keys: source paths from the project's root) load, their own and every
 * chunk they import, at any depth.
 * @param {Manifest} manifest
 * @param {Iterable<string>} keys
 * @param {string} page the page that needs them, for the error
 * @returns {Set<string>}
 */
function chunksOf(manifest, keys, page) {
  const files = new Set();
  const visit = (/** @type {string} */ key) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`prerender: ${page} loads ${key}, which is no module of the browser build`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return files;
}

/**
 * The page's `<link rel="modulepreload">` list: the chunks of its renderings' modules (`modules`)
 * that the entry does not load already (index.html links those). The browser fetches them with the
 * entry, in parallel, so hydration starts once they are here and never waits for a second round trip.
 * @param {Manifest} manifest
 * @param {string[]} modules
 * @param {string} page
 * @returns {string}
 */
function modulePreloads(manifest, modules, page) {
  const entry = Object.entries(manifest).flatMap(([key, chunk]) => (chunk.isEntry ? [key] : []));
  const loaded = chunksOf(manifest, entry, page);
  return (
    [...chunksOf(manifest, modules, page)]
      .filter((file) => !loaded.has(file))
      // At low priority, as the entry's own (vite.config.ts `contentFirst`): the page's images go first.
      .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`)
      .join('')
  );
}

/**
 * robots.txt: everything may be crawled but the session client's routes; the sitemap on the public origin.
 * @param {string} origin
 * @returns {string}
 */
export function robotsTxt(origin) {
  return `User-agent: *\nDisallow: /api/\n\nSitemap: ${new URL('/sitemap.xml', origin).href}\n`;
}

/**
 * sitemap.xml of `pages` (`{ path, lastModified?, alternates? }`) on the public origin: each page
 * with its language versions (`xhtml:link rel="alternate" hreflang`, the page's own among them,
 * and `x-default`, the `defaultLanguage` version) when it has more than one.
 * @param {string} origin
 * @param {{ path: string; lastModified?: string; alternates?: { language: string; path: string }[] }[]} pages
 * @param {string} [defaultLanguage]
 * @returns {string}
 */
export function sitemapXml(origin, pages, defaultLanguage = 'en') {
  const link = (/** @type {string} */ hreflang, /** @type {string} */ path) =>
    `<xhtml:link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${escapeHtml(new URL(path, origin).href)}"/>`;
  const urls = pages.map(({ path, lastModified, alternates = [] }) => {
    const lastmod = lastModified ? `<lastmod>${escapeHtml(lastModified)}</lastmod>` : '';
    const fallback = alternates.find((a) => a.language === defaultLanguage);
    const links = [
      ...alternates.map((a) => link(a.language, a.path)),
      ...(alternates.length > 1 && fallback ? [link('x-default', fallback.path)] : []),
    ];
    return `  <url><loc>${escapeHtml(new URL(path, origin).href)}</loc>${lastmod}${alternates.length > 1 ? links.join('') : ''}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

// What a browser ignores in or around a URL (tabs, newlines, controls, spaces at the ends) or reads as `/` (`\`).
// eslint-disable-next-line no-control-regex -- C0 controls are what a route path must not hold.
const UNREAD = /[\u0000-\u001f\u007f\\]|^ | $/;
const SCHEME = /^[a-z][a-z\d+.-]*:/i;

/**
 * Why `path`, a route of the content route list, is not a page of the site on `origin`, or null.
 * A route is prerendered at `path`, listed in sitemap.xml as `path` on the public origin and is its
 * own canonical URL, so it must be a plain path that the URL parser (as a browser or crawler reads
 * it) resolves to that same path on that origin: not `//host`, `/\host` or a scheme (another site
 * in the sitemap, and a page whose canonical silently becomes `/`), no `.`/`..` segment (plain or
 * percent-encoded), no query or fragment, no tab, newline or backslash a browser reads differently,
 * and no `*` (a wildcard item, rendered on request by the app).
 * @param {unknown} path
 * @param {string} origin
 * @returns {string | null}
 */
export function routePathProblem(path, origin) {
  if (typeof path !== 'string' || path === '') return 'is not a path';
  if (SCHEME.test(path)) return 'has a scheme; a route is a path of the site, starting with /';
  if (!path.startsWith('/')) return 'does not start with /';
  let resolved;
  try {
    resolved = new URL(path, origin);
  } catch {
    return 'is not a URL path';
  }
  if (resolved.origin !== new URL(origin).origin) return `resolves to another site, ${resolved.origin}`;
  if (UNREAD.test(path))
    return 'has a backslash, a control character or an edge space, which a browser reads differently';
  if (resolved.search || resolved.hash || /[?#]/.test(path)) return 'has a query or fragment';
  const segments = path.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
  if (segments.some((segment) => segment === '.' || segment === '..')) return 'has a . or .. segment';
  if (path.includes('*')) return 'is a wildcard item (rendered on request by the app, not prerendered)';
  return null;
}

/**
 * Throws one error naming every route of `paths` that is not a page of the site on `origin` (see
 * {@link routePathProblem}), so a content route list with several bad entries is fixed at once.
 * @param {unknown[]} paths
 * @param {string} origin
 * @returns {void}
 */
export function assertRoutePaths(paths, origin) {
  const problems = paths.flatMap((path) => {
    const problem = routePathProblem(path, origin);
    return problem ? [`  - ${JSON.stringify(path)}: ${problem}`] : [];
  });
  if (problems.length === 0) return;
  throw new Error(
    `prerender: the route list has ${problems.length === 1 ? 'an unusable path' : `${problems.length} unusable paths`} (a route must be a path of the site on ${origin}):\n${problems.join('\n')}`,
  );
}

/**
 * Builds the site for `mode` into `outDir` and prerenders it: the browser build, a server build of
 * src/site/entry-server.tsx, then one HTML file per route of the content route list (with its head
 * tags and the data it was rendered with), `404.html`, `shell.html`, `static-pages.json` (the prerendered
 * paths), `robots.txt`, `sitemap.xml`, and the security headers (`_headers`, `headers.json`:
 * securityHeaders.mjs), after checking that no page has inline code the policy does not allow.
 * Layout data comes from `PRERENDER_CONTENT_HOST` when set, else from the content mock in the
 * mock-backed mode (`contentPrismUrl`: a running content Prism to use; one is started otherwise),
 * else from the mode's `VITE_CONTENT_HOST`. `publicDir` is the folder whose files the build copies
 * (without dotfiles or git-ignored files); defaults to the project's public/. Every internal link of
 * every page written must lead to a page of the build or a route of the app (lib/deadLinks.mjs): a
 * dead one stops a uat or production build, naming it and its page, and is reported through `warn`
 * in development. Returns `{ outDir, pages }`.
 * @param {BuildOptions} [options]
 * @returns {Promise<{ outDir: string; pages: BuiltPage[] }>}
 */
export async function buildStaticSite(
  {
    mode = MOCK_BACKED_MODE,
    outDir = join(root, 'dist'),
    contentPrismUrl,
    publicDir,
    logLevel = 'warn',
    log = () => {},
    warn = (line) => console.warn(line),
  } = /** @type {BuildOptions} */ ({}),
) {
  const configFile = join(root, 'vite.config.ts');
  await build({
    root,
    mode,
    configFile,
    logLevel,
    ...(publicDir ? { publicDir } : {}),
    // The manifest maps each page's renderings to their chunks (modulePreloads).
    build: { outDir, emptyOutDir: true, manifest: true },
  });
  const manifest = takeManifest(outDir);
  // Inside the project, so the server build's imports of react & co resolve from node_modules.
  mkdirSync(join(root, 'node_modules', '.cache'), { recursive: true });
  const serverDir = mkdtempSync(join(root, 'node_modules', '.cache', 'prerender-'));
  let contentMock;
  try {
    await build({
      root,
      mode,
      configFile,
      logLevel,
      build: {
        ssr: join(root, 'src', 'site', 'entry-server.tsx'),
        outDir: serverDir,
        emptyOutDir: true,
        copyPublicDir: false,
      },
    });
    const server = await import(pathToFileURL(join(serverDir, 'entry-server.js')).href);
    const env = { ...loadEnv(mode, root, ''), ...process.env };
    let contentHost = env.PRERENDER_CONTENT_HOST;
    if (!contentHost && mode === MOCK_BACKED_MODE) {
      contentMock = await startContentMock({ prismUrl: contentPrismUrl });
      contentHost = contentMock.url;
    }
    contentHost ||= server.buildSettings.contentHost;
    if (!/^https?:\/\//i.test(contentHost ?? '')) {
      throw new Error(
        `prerender: the content host ${JSON.stringify(contentHost)} is not an absolute URL; set PRERENDER_CONTENT_HOST to where the build reaches the layout service`,
      );
    }
    log(`Prerendering from the layout service at ${contentHost}`);
    const prerenderer = server.createPrerenderer({ contentHost });
    /** @type {string[]} */
    const languages = server.LANGUAGES;
    /** @type {{ path: string; language: string; lastModified?: string }[]} */
    const routes = [];
    for (const language of languages) {
      let list;
      try {
        list = await prerenderer.listRoutes(language);
      } catch (error) {
        throw new Error(
          `prerender: could not read the route list from ${contentHost} (in ${language}: ${/** @type {Error} */ (error).message}); set PRERENDER_CONTENT_HOST if the build reaches the layout service at another address`,
          { cause: error },
        );
      }
      const origin = server.buildSettings.publicOrigin;
      assertRoutePaths(
        list.routes.map((/** @type {{ path: unknown }} */ route) => route.path),
        origin,
      );
      // A route is listed by its item; its page lives at the item's path in the language (`/de/…`).
      for (const route of list.routes)
        routes.push({ path: server.sitePath(route.path, language), language, lastModified: route.lastModified });
    }
    const origin = server.buildSettings.publicOrigin;
    const template = readFileSync(join(outDir, 'index.html'), 'utf8');
    writeFileSync(join(outDir, SHELL_FILE), template);
    /** @type {BuiltPage[]} */
    const pages = [];
    /** @type {{ path: string; html: string }[]} */
    const written = [];
    /** @type {(file: string, text: string) => void} */
    const write = (file, text) => {
      mkdirSync(dirname(join(outDir, file)), { recursive: true });
      writeFileSync(join(outDir, file), text);
    };
    for (const route of routes) {
      const { path } = route;
      let page;
      try {
        page = await prerenderer.render(path);
      } catch (error) {
        throw new Error(`prerender: ${path} failed: ${/** @type {Error} */ (error).message}`, { cause: error });
      }
      if (page.status !== 200)
        throw new Error(`prerender: ${path} is in the route list but the layout service has no item there`);
      const html = fillTemplate(template, { ...page, preloads: modulePreloads(manifest, page.modules, path) });
      write(pageFile(path), html);
      written.push({ path, html });
      pages.push({
        path,
        file: pageFile(path),
        indexable: page.indexable,
        lastModified: route.lastModified,
        language: page.lang,
        alternates: page.alternates,
      });
    }
    // A page names its versions in other languages: each must be a page of the build.
    const built = new Set(pages.map((p) => p.path));
    const missing = pages.flatMap((p) =>
      p.alternates.filter((a) => !built.has(a.path)).map((a) => `  - ${p.path} names ${a.path} (${a.language})`),
    );
    if (missing.length > 0)
      throw new Error(`prerender: language versions the route lists have no page of:\n${missing.join('\n')}`);
    // The not-found page of each language: `404.html`, and `<language>/404.html` under its prefix.
    for (const language of languages) {
      const notFoundPath = server.sitePath(server.NOT_FOUND_ITEM, language);
      const notFound = await prerenderer.render(notFoundPath);
      const prefix = server.sitePath('/', language).replace(/^\/+/, '');
      const html = fillTemplate(template, {
        ...notFound,
        preloads: modulePreloads(manifest, notFound.modules, notFoundPath),
      });
      write(prefix ? `${prefix}/404.html` : '404.html', html);
      written.push({ path: notFoundPath, html });
    }
    checkLinks(written, {
      mode,
      origin,
      routes: pages.map((p) => p.path),
      appRoutes: server.buildSettings.appRoutes,
      warn,
    });
    // Every page's inline code is the template's, which the policy allows by hash; the headers go with the pages.
    assertInlineCodeAllowed(written, template);
    const rules = headerRules(
      {
        origins: server.buildSettings.origins,
        trustedTypes: server.buildSettings.trustedTypes,
        publicOrigin: origin,
      },
      template,
    );
    write(HEADERS_FILE, headersFile(rules));
    write(HEADERS_JSON, `${JSON.stringify(rules, null, 2)}\n`);
    write('robots.txt', robotsTxt(origin));
    // What a failed client-side navigation falls back to (src/site/prerenderState.ts `hasStaticPage`).
    write(STATIC_PAGES_FILE, `${JSON.stringify({ paths: pages.map((p) => p.path) })}\n`);
    write(
      'sitemap.xml',
      sitemapXml(
        origin,
        pages.filter((p) => p.indexable),
        languages[0],
      ),
    );
    log(
      `Prerendered ${pages.length} pages in ${languages.join(', ')}, their not-found pages, ${STATIC_PAGES_FILE}, robots.txt and sitemap.xml into ${outDir}`,
    );
    return { outDir, pages };
  } finally {
    rmSync(serverDir, { recursive: true, force: true });
    await contentMock?.stop();
  }
}

/**
 * Builds and prerenders the mock-backed site into a temporary folder; returns the folder (removed
 * again when the build fails).
 * @param {{ contentPrismUrl?: string }} [options]
 * @returns {Promise<string>}
 */
export async function buildSite({ contentPrismUrl } = {}) {
  const outDir = mkdtempSync(join(tmpdir(), 'site-build-'));
  try {
    await buildStaticSite({ outDir, contentPrismUrl, logLevel: 'error' });
  } catch (error) {
    removeBuild(outDir);
    throw error;
  }
  return outDir;
}

/**
 * Starts every mock on a free port and `vite preview` of `outDir` proxying to them; returns `{ url, stop }`.
 * @param {string} outDir
 * @returns {Promise<{ url: string; stop(): Promise<void> }>}
 */
export async function previewSite(outDir) {
  const mocks = await startMocksOnFreePorts({ errors: false });
  process.env.SITE_MOCK_PORTS = JSON.stringify(mocks.ports); // read by devServer.mjs
  process.env.SITE_QA_PANEL = 'off'; // measured as a visitor gets it: no QA panel (devServer.mjs)
  /** @type {PreviewServer} */
  let server;
  const port = await freePort();
  try {
    server = await preview({
      root,
      mode: MOCK_BACKED_MODE, // serves dev-public/'s stand-ins
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir },
      preview: { port, strictPort: true, host: '127.0.0.1' },
    });
  } catch (error) {
    await mocks.stop(); // otherwise the mocks outlive the failed start and keep the process alive
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await server.close();
      await mocks.stop();
    },
  };
}

/**
 * Removes a build folder made by {@link buildSite}.
 * @param {string} outDir
 * @returns {void}
 */
export function removeBuild(outDir) {
  rmSync(outDir, { recursive: true, force: true });
}

/**
 * Whether `outDir` holds a prerendered build (a `shell.html` next to its pages).
 * @param {string} outDir
 * @returns {boolean}
 */
export function isPrerendered(outDir) {
  return existsSync(join(outDir, SHELL_FILE));
}
