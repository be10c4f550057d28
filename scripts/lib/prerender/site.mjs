// @ts-check
// The one prerender module: renders routes of the site into a build with the render pool and keeps
// its manifest, for the static build (a whole site, a shard of it, or only what changed) and for the
// publish server (the pages a publish names). The server bundle, the page template and the client
// build's manifest are made by the build (siteServer.mjs) and kept for the publish server.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { siteLinks } from '../deadLinks.mjs';
import { checkSite } from './siteChecks.mjs';
import { assertInlineCodeAllowed } from '../securityHeaders.mjs';
import { writeFileAtomic } from './atomicWrite.mjs';
import { contentHash, renderReason } from './manifest.mjs';
import { fillTemplate, pageFile, SHELL_FILE } from './pages.mjs';
import { createRenderPool } from './pool.mjs';
import { modulePreloads } from './preloads.mjs';
import { assertRoutePaths } from './routePaths.mjs';
import { inShard, ROUTE_PAGE_SIZE, routePages } from './routes.mjs';

/** @import { SiteManifest, ManifestEntry } from './manifest.mjs' */
/** @import { FetchPolicy } from './resilientFetch.mjs' */
/** @import { SiteRoute, Shard } from './routes.mjs' */
/** @import { ClientManifest } from './preloads.mjs' */

/** The client build's manifest, as the build keeps it beside the server bundle. */
export const CLIENT_MANIFEST_FILE = 'client-manifest.json';

/**
 * Options of {@link openPrerender}.
 * @typedef {object} PrerenderSetup
 * @property {string} outDir The build.
 * @property {Bundle} bundle What it renders with ({@link loadBundle}).
 * @property {string} contentHost Where the layout service is.
 * @property {string} mode The Vite mode the bundles were built for (dead links stop any but the mock-backed one).
 * @property {number} [workers] Render threads. Defaults to one per core.
 * @property {FetchPolicy} [fetchPolicy] Toward the layout service.
 * @property {number} [routePageSize] Routes asked for per page of the route list. Defaults to {@link ROUTE_PAGE_SIZE}.
 * @property {(line: string) => void} [warn] Where failed pages and a development build's dead links are reported. Defaults to `console.warn`.
 */

/**
 * What a render of routes did: the pages rendered, the pages whose layout answer had not changed,
 * and the pages that failed (each kept as it was, when it existed).
 * @typedef {{ rendered: string[]; unchanged: string[]; failed: { path: string; message: string }[] }} RenderReport
 */

/**
 * The bundles a build renders with: the server bundle (imported), the page template, the client
 * build's manifest, and their version (a change to the template or the server code renders every
 * page again).
 * @typedef {{ server: any; serverEntry: string; template: string; clientManifest: ClientManifest; version: string }} Bundle
 */

/**
 * Loads the bundles of the build in `outDir` whose server bundle is in `serverDir`. (Its URL carries
 * no version: the bundle's chunks import the entry by its plain URL, and a second copy of the entry
 * would be a second copy of the app's React contexts. The threads, started per build, import it fresh.)
 * @param {string} outDir
 * @param {string} serverDir
 * @returns {Promise<Bundle>}
 */
export async function loadBundle(outDir, serverDir) {
  const file = join(serverDir, 'entry-server.js');
  const template = readFileSync(join(outDir, SHELL_FILE), 'utf8');
  const version = bundleVersion(template, file);
  const serverEntry = pathToFileURL(file).href;
  return {
    server: await import(serverEntry),
    serverEntry,
    template,
    clientManifest: JSON.parse(readFileSync(join(serverDir, CLIENT_MANIFEST_FILE), 'utf8')),
    version,
  };
}

/**
 * The version of the bundles of the build in `outDir` whose server bundle is in `serverDir` (as
 * {@link loadBundle} gives it), without loading them.
 * @param {string} outDir
 * @param {string} serverDir
 * @returns {string}
 */
export const bundleVersionOf = (outDir, serverDir) =>
  bundleVersion(readFileSync(join(outDir, SHELL_FILE), 'utf8'), join(serverDir, 'entry-server.js'));

/**
 * @param {string} template
 * @param {string} serverFile
 * @returns {string}
 */
const bundleVersion = (template, serverFile) =>
  contentHash(Buffer.concat([Buffer.from(template), readFileSync(serverFile)]));

/**
 * Opens the prerender of the build in `outDir` with `bundle`: starts the render threads.
 * @param {PrerenderSetup} setup
 */
export async function openPrerender({
  outDir,
  bundle: loaded,
  contentHost,
  mode,
  workers,
  fetchPolicy = {},
  routePageSize = ROUTE_PAGE_SIZE,
  warn = (line) => console.warn(line),
}) {
  const { server, serverEntry, template, clientManifest, version: bundle } = loaded;
  /** @type {string} */
  const origin = server.buildSettings.publicOrigin;
  /** @type {string[]} */
  const languages = server.LANGUAGES;
  // The main thread reads the route list and the dictionaries; the threads read layouts and render.
  const reader = server.createPrerenderer({ contentHost });
  const pool = await createRenderPool({ serverEntry, contentHost, workers, fetchPolicy });

  /**
   * Writes a rendered page (its template filled, its inline code checked against the policy) and
   * returns its links on the site.
   * @param {string} path
   * @param {import('./pool.mjs').RenderResult['page'] & {}} page
   */
  const writePage = (path, page, file = pageFile(path)) => {
    const html = fillTemplate(template, { ...page, preloads: modulePreloads(clientManifest, page.modules, path) });
    assertInlineCodeAllowed([{ path, html }], template);
    writeFileAtomic(join(outDir, file), html);
    return siteLinks(html, path, origin);
  };

  return {
    server,
    bundle,
    origin,
    languages,
    template,

    /**
     * The site's routes in every language (in `shard` only, when given), read page by page, each
     * path checked (one error names every unusable one).
     * @param {Shard} [shard]
     * @returns {Promise<SiteRoute[]>}
     */
    async listRoutes(shard) {
      /** @type {SiteRoute[]} */
      const routes = [];
      for (const language of languages) {
        try {
          for await (const page of routePages((lang, at) => reader.listRoutes(lang, at), language, routePageSize)) {
            assertRoutePaths(
              page.routes.map((route) => route.path),
              origin,
            );
            for (const { path: item, lastModified } of /** @type {{ path: string; lastModified?: string }[]} */ (
              page.routes
            )) {
              const path = server.sitePath(item, language);
              if (inShard(path, shard)) routes.push({ path, language, lastModified });
            }
          }
        } catch (error) {
          if (/** @type {Error} */ (error).message.startsWith('prerender:')) throw error;
          throw new Error(
            `prerender: could not read the route list from ${contentHost} (in ${language}: ${/** @type {Error} */ (error).message}); set PRERENDER_CONTENT_HOST if the build reaches the layout service at another address`,
            { cause: error },
          );
        }
      }
      return routes;
    },

    /**
     * The version of each language's dictionary now (`none` for one that fails to load).
     * @returns {Promise<Record<string, string>>}
     */
    async dictionaryVersions() {
      const found = await Promise.all(languages.map((language) => reader.getDictionary(language)));
      return Object.fromEntries(
        languages.map((language, i) => [language, found[i] ? contentHash(JSON.stringify(found[i])) : 'none']),
      );
    },

    /**
     * Renders `routes` into the build and records them in `manifest`: every one when `incremental`
     * is false, else only those whose bundle, dictionary, route list entry or layout answer
     * changed. A failed page stays as it was; without `keepGoing` the first failure stops the
     * render (the pages in flight finish) and throws naming it. The report lists its paths in the
     * route list's order.
     * @param {SiteRoute[]} routes
     * @param {{ manifest: SiteManifest; dictionaries: Record<string, string>; incremental?: boolean; keepGoing?: boolean }} options
     * @returns {Promise<RenderReport>}
     */
    async render(routes, { manifest, dictionaries, incremental = false, keepGoing = false }) {
      /** @type {RenderReport} */
      const report = { rendered: [], unchanged: [], failed: [] };
      let next = 0;
      const worker = async () => {
        while (next < routes.length && (keepGoing || report.failed.length === 0)) {
          const route = /** @type {SiteRoute} */ (routes[next]);
          next += 1;
          const old = manifest.routes[route.path];
          const dictionary = dictionaries[route.language] ?? 'none';
          const reason = !incremental
            ? 'full build'
            : old && !existsSync(join(outDir, old.file))
              ? 'missing file'
              : renderReason(old, route, { bundle, dictionary });
          const result = await pool.render({
            path: route.path,
            language: route.language,
            knownLayoutHash: reason === null ? old?.layoutHash : undefined,
            dictionaryVersion: dictionary,
          });
          if (result.unchanged) {
            report.unchanged.push(route.path);
            continue;
          }
          const problem =
            result.error ??
            (result.page?.status !== 200 ? 'is in the route list but the layout service has no item there' : undefined);
          if (problem || !result.page) {
            report.failed.push({ path: route.path, message: problem ?? 'no page' });
            warn(`prerender: ${route.path} failed: ${problem}${old ? ' (its previous page stays)' : ''}`);
            continue;
          }
          const { page } = result;
          const links = writePage(route.path, page);
          /** @type {ManifestEntry} */
          const entry = {
            language: route.language,
            file: pageFile(route.path),
            layoutHash: /** @type {string} */ (result.layoutHash),
            dictionary,
            bundle,
            ...(route.lastModified ? { lastModified: route.lastModified } : {}),
            renderedAt: new Date().toISOString(),
            indexable: page.indexable,
            alternates: page.alternates,
            links,
          };
          manifest.routes[route.path] = entry;
          report.rendered.push(route.path);
        }
      };
      await Promise.all(Array.from({ length: Math.min(pool.window, routes.length) }, worker));
      // In the route list's order, not the order the threads happened to finish in: the same build
      // reports (and names its first failure) the same way on a busy machine as on an idle one.
      const order = new Map(routes.map((route, index) => [route.path, index]));
      const byRoute = (/** @type {string} */ a, /** @type {string} */ b) => (order.get(a) ?? 0) - (order.get(b) ?? 0);
      report.rendered.sort(byRoute);
      report.unchanged.sort(byRoute);
      report.failed.sort((a, b) => byRoute(a.path, b.path));
      if (!keepGoing && report.failed.length > 0) {
        const [first] = report.failed;
        throw new Error(`prerender: ${first?.path} failed: ${first?.message}`);
      }
      return report;
    },

    /**
     * Renders each language's not-found page (`404.html`, `<language>/404.html`).
     * @param {SiteManifest} manifest
     * @param {Record<string, string>} dictionaries
     */
    async renderNotFound(manifest, dictionaries) {
      for (const language of languages) {
        const path = server.sitePath(server.NOT_FOUND_ITEM, language);
        const result = await pool.render({ path, language, dictionaryVersion: dictionaries[language] });
        if (!result.page) throw new Error(`prerender: the not-found page ${path} failed: ${result.error}`);
        const prefix = server.sitePath('/', language).replace(/^\/+/, '');
        const file = prefix ? `${prefix}/404.html` : '404.html';
        manifest.extras[path] = { file, links: writePage(path, result.page, file) };
      }
    },

    /**
     * Removes the pages of `manifest` no longer in `routes` (of `shard` only), files and entries.
     * @param {SiteManifest} manifest
     * @param {SiteRoute[]} routes
     * @param {Shard} [shard]
     * @returns {string[]} the removed paths
     */
    removeMissing(manifest, routes, shard) {
      const listed = new Set(routes.map((r) => r.path));
      return this.removePages(
        manifest,
        Object.keys(manifest.routes).filter((path) => inShard(path, shard) && !listed.has(path)),
      );
    },

    /**
     * Removes the pages at `paths` (their files and entries) from the build; returns those it had.
     * @param {SiteManifest} manifest
     * @param {Iterable<string>} paths
     * @returns {string[]}
     */
    removePages(manifest, paths) {
      const removed = [];
      for (const path of paths) {
        const entry = manifest.routes[path];
        if (!entry) continue;
        rmSync(join(outDir, entry.file), { force: true });
        delete manifest.routes[path];
        removed.push(path);
      }
      return removed;
    },

    /**
     * The whole site's checks, from the manifest ({@link checkSite}).
     * @param {SiteManifest} manifest
     * @param {(line: string) => void} [warnTo] Where a development build's dead links go. Defaults to the prerender's `warn`.
     */
    checkSite: (manifest, warnTo = warn) =>
      checkSite(manifest, { origin, appRoutes: server.buildSettings.appRoutes, mode, warn: warnTo }),

    /**
     * Renders a not-found page on every thread and throws the pages away: a thread's first render
     * compiles the app and reads the dictionary, so the first publish then does not wait for that.
     * @returns {Promise<void>}
     */
    async warmUp() {
      const path = server.sitePath(server.NOT_FOUND_ITEM, languages[0]);
      const language = /** @type {string} */ (languages[0]);
      await Promise.all(Array.from({ length: pool.size }, () => pool.render({ path, language })));
    },

    /** Stops the render threads. */
    close: () => pool.close(),
  };
}

/** @typedef {Awaited<ReturnType<typeof openPrerender>>} Prerender */
