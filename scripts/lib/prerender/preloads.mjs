// @ts-check
// Each page's `<link rel="modulepreload">` list, from the client build's manifest (Vite's
// `.vite/manifest.json`): the chunks of the page's renderings the entry does not load already.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The client build's manifest: each source module's chunk and the chunks it imports.
 * @typedef {Record<string, { file: string; imports?: string[]; isEntry?: boolean; css?: string[]; assets?: string[] }>} ClientManifest
 */

/**
 * Moves the client build's manifest out of `outDir` (it is no file of the site) to `keepAs`, where
 * the publish server reads it later; returns it.
 * @param {string} outDir
 * @param {string} keepAs
 * @returns {ClientManifest}
 */
export function takeClientManifest(outDir, keepAs) {
  const dir = join(outDir, '.vite');
  const text = readFileSync(join(dir, 'manifest.json'), 'utf8');
  rmSync(dir, { recursive: true, force: true });
  writeFileSync(keepAs, text);
  return JSON.parse(text);
}

/**
 * The chunks `keys` (manifest keys: source paths from the project's root) load, their own and every
 * chunk they import, at any depth.
 * @param {ClientManifest} manifest
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
 * @param {ClientManifest} manifest
 * @param {string[]} modules
 * @param {string} page
 * @returns {string}
 */
export function modulePreloads(manifest, modules, page) {
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
