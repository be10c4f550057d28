// @ts-check
// The merge of a build split into shards (`--shard i/n` on each machine of a CI matrix): the
// shards' manifests joined into the build's own, the whole site checked, and its crawl files
// written once for every page (a sitemap index past 50,000 URLs).
import { cpSync } from 'node:fs';
import { MOCK_BACKED_MODE } from '../prism.mjs';
import { mergeManifests, readManifest, serverDirIn, stateDirOf, writeManifest } from './manifest.mjs';
import { checkSite } from './siteChecks.mjs';
import { loadBundle } from './site.mjs';
import { writeSiteFiles } from './siteFiles.mjs';
import { withStateLock } from './stateLock.mjs';

/**
 * Merges the shards whose state folders are `shardStates` into the build in `outDir` (its pages
 * already copied together) and its state folder (`stateDir`, where the publish server finds the
 * manifest and the server bundle). Returns the pages and the sitemap files.
 * @param {{ outDir: string; shardStates: string[]; stateDir?: string; mode?: string; warn?: (line: string) => void }} options
 * @returns {Promise<{ pages: number; sitemaps: string[] }>}
 */
export async function mergeShards({
  outDir,
  shardStates,
  stateDir = stateDirOf(outDir),
  mode,
  warn = (line) => console.warn(line),
}) {
  return withStateLock(stateDir, { holder: 'the merge of the shards', onWait: warn }, () =>
    merge({ outDir, shardStates, stateDir, mode, warn }),
  );
}

/**
 * {@link mergeShards} once the build's lock is held.
 * @param {{ outDir: string; shardStates: string[]; stateDir: string; mode?: string; warn: (line: string) => void }} options
 * @returns {Promise<{ pages: number; sitemaps: string[] }>}
 */
async function merge({ outDir, shardStates, stateDir, mode, warn }) {
  const manifests = shardStates.map((dir) => {
    const manifest = readManifest(dir);
    if (!manifest) throw new Error(`merge: ${dir} holds no prerender manifest (a shard's state folder)`);
    return manifest;
  });
  const merged = mergeManifests(manifests);
  merged.mode = mode ?? manifests[0]?.mode ?? MOCK_BACKED_MODE;
  const serverDir = serverDirIn(stateDir);
  if (serverDirIn(/** @type {string} */ (shardStates[0])) !== serverDir)
    cpSync(serverDirIn(/** @type {string} */ (shardStates[0])), serverDir, { recursive: true });
  const { server } = await loadBundle(outDir, serverDir);
  const origin = server.buildSettings.publicOrigin;
  checkSite(merged, { origin, appRoutes: server.buildSettings.appRoutes, mode: merged.mode, warn });
  const files = writeSiteFiles(outDir, merged, { origin, defaultLanguage: server.LANGUAGES[0] });
  writeManifest(stateDir, merged);
  return { pages: Object.keys(merged.routes).length, sitemaps: files.filter((f) => f.startsWith('sitemap')) };
}
