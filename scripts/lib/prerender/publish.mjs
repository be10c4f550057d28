// @ts-check
// What a publish changes on the site: the platform's webhooks (the content contract's
// `PublishWebhook`) checked, turned into the pages to render again and to remove, and applied
// through the prerender module: each page written atomically, a failed one left as it was, the
// crawl files rewritten when the set of pages changed, and the changed URLs sent to the purge hook.
import { isObject, quote, RequestProblem } from '../serverParts.mjs';
import { writeManifest } from './manifest.mjs';
import { writeSiteFiles } from './siteFiles.mjs';
import { routePathProblem } from './routePaths.mjs';

/** @import { SiteManifest } from './manifest.mjs' */
/** @import { Prerender } from './site.mjs' */
/** @import { SiteRoute } from './routes.mjs' */
/** @import { BatchResult } from './publishQueue.mjs' */

const ENTITIES = ['LayoutData', 'Item', 'Dictionary', 'Media'];
const OPERATIONS = ['Create', 'Update', 'Delete'];
/** The most updates one webhook may name (the contract's `maxItems`). */
const MAX_UPDATES = 10_000;

/**
 * One change a webhook names, checked.
 * @typedef {{ entity: string; operation: string; language: string; path?: string }} PublishChange
 */

/**
 * The changes of a webhook body, checked against the content contract's `PublishWebhook` and the
 * site's `languages`; a 400 {@link RequestProblem} naming the first field that breaks its rule.
 * @param {unknown} body
 * @param {readonly string[]} languages
 * @returns {PublishChange[]}
 */
export function publishChanges(body, languages) {
  const bad = (/** @type {string} */ message) => new RequestProblem(400, message);
  if (!isObject(body))
    throw bad("The body must be an object { updates: [...] } (the content contract's PublishWebhook)");
  const { updates } = body;
  if (!Array.isArray(updates) || updates.length === 0) throw bad('updates must be a non-empty array');
  if (updates.length > MAX_UPDATES) throw bad(`updates has ${updates.length} entries; at most ${MAX_UPDATES}`);
  return updates.map((update, i) => {
    const at = `updates[${i}]`;
    if (!isObject(update)) throw bad(`${at} must be an object`);
    const { entity_definition: entity, operation, entity_culture: language, path, identifier } = update;
    if (typeof identifier !== 'string' || identifier === '') throw bad(`${at}.identifier must be a non-empty string`);
    if (typeof entity !== 'string' || !ENTITIES.includes(entity))
      throw bad(`${at}.entity_definition must be one of ${ENTITIES.join(', ')} (got ${quote(entity)})`);
    if (typeof operation !== 'string' || !OPERATIONS.includes(operation))
      throw bad(`${at}.operation must be one of ${OPERATIONS.join(', ')} (got ${quote(operation)})`);
    if (typeof language !== 'string' || !languages.includes(language))
      throw bad(`${at}.entity_culture ${quote(language)} is not a language of the site (${languages.join(', ')})`);
    if (entity === 'LayoutData' || entity === 'Item') {
      if (path === undefined) throw bad(`${at}.path is required for ${entity} (the route's item path, e.g. "/news")`);
      const problem = routePathProblem(path, 'http://publish.invalid');
      if (problem) throw bad(`${at}.path ${quote(path)} ${problem}`);
      return { entity, operation, language, path: /** @type {string} */ (path) };
    }
    return { entity, operation, language };
  });
}

/**
 * Applies the changes of a batch of webhooks to the build: renders again every page of a language
 * whose dictionary changed and every page named, removes the pages of deleted routes, renders again
 * the pages that link to a route added or removed, rewrites the crawl files when the set of pages
 * changed, then the manifest; and calls `purge` with the public URLs that changed.
 * @param {PublishChange[]} changes
 * @param {{ prerender: Prerender; manifest: SiteManifest; outDir: string; stateDir: string; purge: (urls: string[]) => Promise<void> }} site
 * @returns {Promise<BatchResult>}
 */
export async function applyPublish(changes, { prerender, manifest, outDir, stateDir, purge }) {
  const { server, origin, languages } = prerender;
  const url = (/** @type {string} */ path) => new URL(path, origin).href;
  const dictionaries = await prerender.dictionaryVersions();
  /** @type {Map<string, SiteRoute>} */
  const toRender = new Map();
  /** @type {Set<string>} */
  const removed = new Set();
  /** @type {Set<string>} */
  const added = new Set();
  const now = new Date().toISOString();
  // A page the publish names was modified now (its sitemap `lastmod`); one rendered again for its
  // dictionary or its links keeps its date.
  const routeOf = (/** @type {string} */ path, /** @type {string} */ language, named = false) => ({
    path,
    language,
    lastModified: named ? now : (manifest.routes[path]?.lastModified ?? now),
  });
  for (const language of new Set(changes.filter((c) => c.entity === 'Dictionary').map((c) => c.language)))
    for (const [path, entry] of Object.entries(manifest.routes))
      if (entry.language === language) toRender.set(path, routeOf(path, language));
  for (const change of changes) {
    if (!change.path) continue;
    const path = server.sitePath(change.path, change.language);
    if (change.operation === 'Delete') {
      removed.add(path);
      toRender.delete(path);
    } else {
      if (!manifest.routes[path]) added.add(path);
      removed.delete(path);
      toRender.set(path, routeOf(path, change.language, true));
    }
  }
  // The pages that link to a route that appears or goes: their links change with it.
  const moved = new Set([...added, ...removed]);
  if (moved.size > 0)
    for (const [path, entry] of Object.entries(manifest.routes))
      if (!removed.has(path) && entry.links.some((link) => moved.has(link.path)))
        toRender.set(path, routeOf(path, entry.language));
  const gone = prerender.removePages(manifest, removed);
  const report = await prerender.render([...toRender.values()], { manifest, dictionaries, keepGoing: true });
  manifest.dictionaries = { ...manifest.dictionaries, ...dictionaries };
  /** @type {string[]} */
  const warnings = [];
  const urls = [...report.rendered, ...gone].map(url);
  // The crawl files follow the pages (a new `lastmod`, a page more or less); cheap to write whole.
  const files = writeSiteFiles(outDir, manifest, { origin, defaultLanguage: /** @type {string} */ (languages[0]) });
  if (urls.length > 0) urls.push(...files.filter((f) => f !== 'robots.txt').map((f) => url(`/${f}`)));
  if (moved.size > 0) {
    try {
      prerender.checkSite(manifest, (line) => warnings.push(line));
    } catch (error) {
      warnings.push(/** @type {Error} */ (error).message);
    }
  }
  writeManifest(stateDir, manifest);
  if (urls.length > 0)
    await purge(urls).catch((error) => warnings.push(`the purge failed: ${/** @type {Error} */ (error).message}`));
  return {
    urls,
    failed: report.failed.map((f) => ({ ...f, url: url(f.path) })),
    warnings,
  };
}
