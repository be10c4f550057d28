import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { prerenderSite, type SitePrerender } from '../../scripts/lib/prerender/build.mjs';
import { serverDirIn } from '../../scripts/lib/prerender/manifest.mjs';
import { CLIENT_MANIFEST_FILE, loadBundle } from '../../scripts/lib/prerender/site.mjs';
import { SHELL_FILE } from '../../scripts/lib/prerender/pages.mjs';

/** The page template of the small builds: the site's index.html, reduced to what pages fill in. */
const TEMPLATE =
  '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>x</title></head><body><div id="root"></div></body></html>\n';

/**
 * A build folder and state folder holding the small stand-in bundle (tests/support/prerenderBundle.mjs)
 * as a Vite build would leave them, and `build(options)`: the prerender of the whole site into it
 * (the code `npm run build` runs once its bundles are built). `remove()` deletes both folders.
 */
export async function smallBuild(contentHost: string) {
  const outDir = mkdtempSync(join(tmpdir(), 'prerender-out-'));
  const stateDir = mkdtempSync(join(tmpdir(), 'prerender-state-'));
  const serverDir = serverDirIn(stateDir);
  mkdirSync(serverDir, { recursive: true });
  copyFileSync(fileURLToPath(new URL('./prerenderBundle.mjs', import.meta.url)), join(serverDir, 'entry-server.js'));
  writeFileSync(join(serverDir, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(join(serverDir, CLIENT_MANIFEST_FILE), '{}');
  writeFileSync(join(outDir, SHELL_FILE), TEMPLATE);
  const bundle = await loadBundle(outDir, serverDir);
  return {
    outDir,
    stateDir,
    bundle,
    build: (options: Partial<SitePrerender> = {}) =>
      prerenderSite({
        outDir,
        stateDir,
        bundle,
        contentHost,
        mode: 'development',
        workers: 2,
        fetchPolicy: { backoffMs: 5, deadlineMs: 5000 },
        warn: () => {},
        ...options,
      }),
    remove() {
      rmSync(outDir, { recursive: true, force: true });
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}
