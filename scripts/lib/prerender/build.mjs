// @ts-check
// The prerender of a whole build (or of a shard of it) once its bundles are built: every route of
// the route list rendered on the pool (only what changed when incremental), removed routes' pages
// deleted, the not-found pages, the whole-site checks, the security headers, the crawl files and the
// manifest. buildStaticSite (siteServer.mjs) runs it after Vite; the tests run it with a small bundle.
import { join } from 'node:path';
import { headerRules, headersFile, HEADERS_FILE, HEADERS_JSON } from '../securityHeaders.mjs';
import { writeFileAtomic } from './atomicWrite.mjs';
import { emptyManifest, readManifest, writeManifest } from './manifest.mjs';
import { openPrerender } from './site.mjs';
import { writeSiteFiles } from './siteFiles.mjs';
import { withStateLock } from './stateLock.mjs';

/** @import { Bundle, RenderReport } from './site.mjs' */
/** @import { SiteManifest } from './manifest.mjs' */
/** @import { Shard } from './routes.mjs' */

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
 * Options of {@link prerenderSite}.
 * @typedef {object} SitePrerender
 * @property {string} outDir
 * @property {string} stateDir Where the manifest is (read when incremental) and written.
 * @property {Bundle} bundle
 * @property {string} contentHost
 * @property {string} mode
 * @property {number} [workers]
 * @property {import('./resilientFetch.mjs').FetchPolicy} [fetchPolicy]
 * @property {number} [routePageSize] Routes per page of the route list.
 * @property {boolean} [incremental]
 * @property {boolean} [keepGoing]
 * @property {Shard} [shard]
 * @property {boolean} [locked] The caller holds the build's lock (stateLock.mjs); else it is taken here.
 * @property {(line: string) => void} [log]
 * @property {(line: string) => void} [warn]
 */

/**
 * Prerenders the site into `outDir` (see the file's comment) holding the build's lock, waiting for a
 * publish that holds it; returns its pages in the route list's order, what was rendered, left
 * unchanged, failed (with `keepGoing`) and removed, and the manifest it wrote.
 * @param {SitePrerender} options
 * @returns {Promise<{ outDir: string; pages: BuiltPage[]; report: RenderReport & { removed: string[] }; manifest: SiteManifest }>}
 */
export function prerenderSite(options) {
  if (options.locked) return prerenderLocked(options);
  const onWait = options.warn ?? ((line) => console.warn(line));
  return withStateLock(options.stateDir, { holder: 'a build', onWait }, () => prerenderLocked(options));
}

/**
 * {@link prerenderSite} once the lock is held.
 * @param {SitePrerender} options
 * @returns {Promise<{ outDir: string; pages: BuiltPage[]; report: RenderReport & { removed: string[] }; manifest: SiteManifest }>}
 */
async function prerenderLocked({
  outDir,
  stateDir,
  bundle,
  contentHost,
  mode,
  workers,
  fetchPolicy,
  routePageSize,
  incremental = false,
  keepGoing = false,
  shard,
  log = () => {},
  warn = (line) => console.warn(line),
}) {
  const previous = incremental ? readManifest(stateDir) : undefined;
  const prerender = await openPrerender({
    outDir,
    bundle,
    contentHost,
    mode,
    workers,
    fetchPolicy,
    routePageSize,
    warn,
  });
  try {
    const manifest = previous ?? emptyManifest(prerender.bundle);
    Object.assign(manifest, {
      bundle: prerender.bundle,
      mode,
      shard: shard ? `${shard.index}/${shard.count}` : undefined,
    });
    const routes = await prerender.listRoutes(shard);
    const dictionaries = await prerender.dictionaryVersions();
    const removed = prerender.removeMissing(manifest, routes, shard);
    const report = await prerender.render(routes, { manifest, dictionaries, incremental: !!previous, keepGoing });
    // In the route list's order (the sitemap's), whatever order the threads finished in.
    manifest.routes = Object.fromEntries(
      routes.flatMap(({ path }) => (manifest.routes[path] ? [[path, manifest.routes[path]]] : [])),
    );
    manifest.dictionaries = dictionaries;
    await prerender.renderNotFound(manifest, dictionaries);
    if (!shard || shard.count === 1) prerender.checkSite(manifest);
    const { origin, languages, template, server } = prerender;
    const { origins, trustedTypes } = server.buildSettings;
    const rules = headerRules({ origins, trustedTypes, publicOrigin: origin }, template);
    writeFileAtomic(join(outDir, HEADERS_FILE), headersFile(rules));
    writeFileAtomic(join(outDir, HEADERS_JSON), `${JSON.stringify(rules, null, 2)}\n`);
    writeSiteFiles(outDir, manifest, { origin, defaultLanguage: /** @type {string} */ (languages[0]) });
    writeManifest(stateDir, manifest);
    log(
      `Prerendered ${report.rendered.length} of ${routes.length} pages in ${languages.join(', ')}${previous ? ` (${report.unchanged.length} unchanged, ${removed.length} removed)` : ''}${report.failed.length ? `, ${report.failed.length} failed` : ''}, their not-found pages, static-pages.json, robots.txt and the sitemap into ${outDir}`,
    );
    /** @type {BuiltPage[]} */
    const pages = routes.flatMap(({ path, lastModified }) => {
      const entry = manifest.routes[path];
      if (!entry) return [];
      const { file, indexable, language, alternates } = entry;
      return [{ path, file, indexable, lastModified, language, alternates }];
    });
    return { outDir, pages, report: { ...report, removed }, manifest };
  } finally {
    await prerender.close();
  }
}
