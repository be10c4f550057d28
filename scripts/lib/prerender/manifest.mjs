// @ts-check
// The build's record of what it rendered (`manifest.json` in the build's state folder, beside the
// server bundle; never in the build, which ships no file of its own making): per page its
// language, the hash of the layout answer, the dictionary version and bundle it was rendered with,
// its `lastModified` in the route list, and what the site files need (indexable, language versions,
// links). The incremental build, the publish server and the shards' merge read it; the sitemap,
// robots.txt, static-pages.json and the dead-link check are written from it, never from the pages.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../prism.mjs';
import { writeFileAtomic } from './atomicWrite.mjs';

/** The manifest's file in the build's state folder. */
const MANIFEST_FILE = 'manifest.json';

const FORMAT = 1;

/**
 * The state folder of the build in `outDir` unless told otherwise: its manifest and the server
 * bundle the publish server renders with. Inside the project (the bundle's imports of react & co
 * resolve from node_modules), one folder per build folder; never in the build, which ships only the site.
 * @param {string} outDir
 * @returns {string}
 */
export const stateDirOf = (outDir) =>
  join(root, 'node_modules', '.cache', 'prerender-state', contentHash(outDir).slice(0, 16));

/**
 * The server bundle's folder in a state folder.
 * @param {string} stateDir
 * @returns {string}
 */
export const serverDirIn = (stateDir) => join(stateDir, 'server');

/**
 * One page of the manifest.
 * @typedef {object} ManifestEntry
 * @property {string} language
 * @property {string} file The page's file in the build.
 * @property {string} layoutHash The hash of the layout answer it was rendered from.
 * @property {string} dictionary The version of its language's dictionary it was rendered with.
 * @property {string} bundle The bundle (template and server code) it was rendered with.
 * @property {string} [lastModified] Its route list entry's `lastModified` when rendered.
 * @property {string} renderedAt
 * @property {boolean} indexable
 * @property {{ language: string; path: string }[]} alternates
 * @property {{ path: string; media: boolean }[]} links Its links on the site (the dead-link check, and the pages a removed route's publish re-renders).
 */

/**
 * The manifest of a build (or of a shard's part of it).
 * @typedef {object} SiteManifest
 * @property {number} format
 * @property {string} bundle
 * @property {string} [shard] `i/n` when one shard of the routes was rendered.
 * @property {string} [mode] The Vite mode it was built in.
 * @property {Record<string, string>} dictionaries Dictionary version per language.
 * @property {Record<string, ManifestEntry>} routes Page path → entry.
 * @property {Record<string, { file: string; links: { path: string; media: boolean }[] }>} extras Other pages (the not-found pages): their links, for the dead-link check.
 */

/**
 * A short content hash (the manifest's versions of layouts, dictionaries and bundles).
 * @param {string | Buffer} content
 * @returns {string}
 */
export const contentHash = (content) => createHash('sha256').update(content).digest('hex').slice(0, 32);

/**
 * An empty manifest for `bundle`.
 * @param {string} bundle
 * @returns {SiteManifest}
 */
export const emptyManifest = (bundle) => ({ format: FORMAT, bundle, dictionaries: {}, routes: {}, extras: {} });

/**
 * The manifest in the state folder `stateDir`, or `undefined` when it has none (or one of another format).
 * @param {string} stateDir
 * @returns {SiteManifest | undefined}
 */
export function readManifest(stateDir) {
  const file = join(stateDir, MANIFEST_FILE);
  if (!existsSync(file)) return undefined;
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  return manifest?.format === FORMAT ? manifest : undefined;
}

/**
 * What tells one written manifest from the next in `stateDir` (its file's change time and size), or
 * `undefined` when it has none: a process holding a manifest knows whether another wrote one since.
 * @param {string} stateDir
 * @returns {string | undefined}
 */
export function manifestStamp(stateDir) {
  try {
    const { ctimeMs, mtimeMs, size, ino } = statSync(join(stateDir, MANIFEST_FILE));
    return `${ino}:${ctimeMs}:${mtimeMs}:${size}`;
  } catch {
    return undefined;
  }
}

/**
 * Writes `manifest` into the state folder `stateDir` (atomically: a reader gets the old one or the new one).
 * @param {string} stateDir
 * @param {SiteManifest} manifest
 * @returns {void}
 */
export function writeManifest(stateDir, manifest) {
  writeFileAtomic(join(stateDir, MANIFEST_FILE), `${JSON.stringify(manifest)}\n`);
}

/**
 * Why the page must be rendered again whatever its layout answer says, or null when only a changed
 * layout answer would (the render thread then compares its hash): new, or rendered with another
 * bundle or dictionary, or its route list entry changed.
 * @param {ManifestEntry | undefined} entry
 * @param {{ lastModified?: string }} route
 * @param {{ bundle: string; dictionary: string }} current
 * @returns {string | null}
 */
export function renderReason(entry, route, current) {
  if (!entry) return 'new';
  if (entry.bundle !== current.bundle) return 'bundle';
  if (entry.dictionary !== current.dictionary) return 'dictionary';
  if (entry.lastModified !== route.lastModified) return 'route list entry';
  return null;
}

/**
 * One manifest of the shards' manifests (each a different slice of the same site, same bundle):
 * every shard's pages. Throws naming a page two shards rendered, or shards of different bundles.
 * @param {SiteManifest[]} manifests
 * @returns {SiteManifest}
 */
export function mergeManifests(manifests) {
  if (manifests.length === 0) throw new Error('merge: no shard manifests given');
  const bundles = new Set(manifests.map((m) => m.bundle));
  if (bundles.size > 1)
    throw new Error(
      `merge: the shards were built from different bundles (${[...bundles].join(', ')}); rebuild them from one commit`,
    );
  const merged = emptyManifest(/** @type {SiteManifest} */ (manifests[0]).bundle);
  for (const manifest of manifests) {
    Object.assign(merged.dictionaries, manifest.dictionaries);
    Object.assign(merged.extras, manifest.extras);
    for (const [path, entry] of Object.entries(manifest.routes)) {
      if (merged.routes[path])
        throw new Error(`merge: ${path} was rendered by two shards (${manifest.shard ?? '?'} and another)`);
      merged.routes[path] = entry;
    }
  }
  return merged;
}
