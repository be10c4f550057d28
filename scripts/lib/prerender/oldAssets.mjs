// @ts-check
// The browser build's files (`assets/`) that an incremental build removes: those no page of the site
// and no page a visitor may still hold can ask for. An incremental build writes its new chunks beside
// the old ones (the pages it did not render again may still load them), so without this every build
// for new code left its scripts and styles in the site for good. Kept: the files of every bundle a page
// of the manifest was rendered with (a page whose render failed keeps its old one), and of the build
// before this one (a page a browser or a CDN cached a moment ago asks for them). Which files each
// bundle has is recorded in the state folder (`assets.json`), from Vite's manifest of each build.
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative } from 'node:path';
import { writeFileAtomic } from './atomicWrite.mjs';

/** @import { ClientManifest } from './preloads.mjs' */
/** @import { SiteManifest } from './manifest.mjs' */

/** The record of each bundle's browser files, in the build's state folder. */
const RECORD_FILE = 'assets.json';

/** Where the browser build writes its files in the build (Vite's `assetsDir`). */
const ASSETS_DIR = 'assets';

/**
 * The build's files the client manifest lists (chunks, their styles and assets), as paths in the build.
 * @param {ClientManifest} clientManifest
 * @returns {string[]}
 */
function filesOf(clientManifest) {
  const files = new Set();
  for (const chunk of Object.values(clientManifest)) {
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
  }
  return [...files].sort();
}

/**
 * Records the files of the build just made (`manifest.bundle`, listed by `clientManifest`) and removes
 * from `outDir/assets` every file of no bundle still in use: the bundles of `manifest`'s pages and the
 * bundle before this one (the last other one recorded, else `previousBundle`, the manifest's before
 * this build). Removes nothing while a bundle in use has no record
 * (a build made before the record existed): its files are unknown. Returns the removed files' paths in
 * the build. Call it holding the build's lock, after the manifest is written.
 * @param {{ outDir: string; stateDir: string; manifest: SiteManifest; clientManifest: ClientManifest; previousBundle?: string }} build
 * @returns {string[]}
 */
export function removeOldAssets({ outDir, stateDir, manifest, clientManifest, previousBundle }) {
  const recordFile = join(stateDir, RECORD_FILE);
  /** @type {Record<string, string[]>} */
  const record = existsSync(recordFile) ? JSON.parse(readFileSync(recordFile, 'utf8')) : {};
  // The bundle before this one: the last other one recorded (a build of the same code again, for new
  // content, keeps it too), else the one the build replaced.
  const previous =
    Object.keys(record)
      .filter((bundle) => bundle !== manifest.bundle)
      .at(-1) ?? (previousBundle === manifest.bundle ? undefined : previousBundle);
  // Recorded last: the record's order is the order of the builds.
  delete record[manifest.bundle];
  record[manifest.bundle] = filesOf(clientManifest);
  const inUse = new Set([manifest.bundle, ...Object.values(manifest.routes).map((entry) => entry.bundle)]);
  if (previous) inUse.add(previous);
  const unknown = [...inUse].some((bundle) => !record[bundle]);
  writeFileAtomic(
    recordFile,
    `${JSON.stringify(Object.fromEntries(Object.entries(record).filter(([bundle]) => inUse.has(bundle))))}\n`,
  );
  const dir = join(outDir, ASSETS_DIR);
  if (unknown || !existsSync(dir)) return [];
  const keep = new Set([...inUse].flatMap((bundle) => record[bundle] ?? []));
  const removed = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = relative(outDir, join(entry.parentPath, entry.name)).split('\\').join('/');
    if (keep.has(file)) continue;
    rmSync(join(outDir, file), { force: true });
    removed.push(file);
  }
  return removed.sort();
}
