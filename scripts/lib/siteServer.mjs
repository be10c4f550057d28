// @ts-check
// The site's static build (`npm run build`: the browser bundle, then every page of the content
// route list prerendered with React from the layout service, by lib/prerender/) and its preview
// server against Prism mocks on free ports (benchmarks; the tests have tests/support/site.ts).
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, preview } from 'vite';
import { freePort, MOCK_BACKED_MODE, root, startMocksOnFreePorts } from './prism.mjs';
import { openContentHost } from './prerender/contentHost.mjs';
import { readManifest, serverDirIn, stateDirOf } from './prerender/manifest.mjs';
import { SHELL_FILE } from './prerender/pages.mjs';
import { takeClientManifest } from './prerender/preloads.mjs';
import { prerenderSite } from './prerender/build.mjs';
import { removeOldAssets } from './prerender/oldAssets.mjs';
import { withStateLock } from './prerender/stateLock.mjs';
import { CLIENT_MANIFEST_FILE, loadBundle } from './prerender/site.mjs';

export { pageFile, SHELL_FILE } from './prerender/pages.mjs';
export { assertRoutePaths, routePathProblem } from './prerender/routePaths.mjs';
export { robotsTxt, sitemapXml } from './prerender/siteFiles.mjs';

/** @import { PreviewServer } from 'vite' */
/** @import { Shard } from './prerender/routes.mjs' */

/** @typedef {import('./prerender/build.mjs').BuiltPage} BuiltPage */

/**
 * Options of {@link buildStaticSite}.
 * @typedef {object} BuildOptions
 * @property {string} [mode]
 * @property {string} [outDir]
 * @property {string} [contentPrismUrl]
 * @property {string} [publicDir] The folder whose files the build copies (never its dotfiles or git-ignored files). Defaults to public/.
 * @property {'info' | 'warn' | 'error' | 'silent'} [logLevel]
 * @property {(line: string) => void} [log]
 * @property {(line: string) => void} [warn] Where a development build reports its dead links (and `keepGoing` its failed pages). Defaults to `console.warn`.
 * @property {number} [workers] Render threads. Defaults to one per core.
 * @property {import('./prerender/resilientFetch.mjs').FetchPolicy} [fetchPolicy] Toward the layout service: requests at once (shared by the threads), retries, deadline.
 * @property {boolean} [incremental] Render only the pages whose layout, dictionary, bundle or route list entry changed since the build's manifest, and remove those of removed routes.
 * @property {boolean} [keepGoing] A page that still fails after its retries is reported and skipped (its previous page stays) instead of failing the build.
 * @property {Shard} [shard] Render only this shard's slice of the routes (merge the shards with scripts/merge-shards.mjs).
 * @property {string} [stateDir] Where the manifest and the server bundle are kept. Defaults to the build's own (`stateDirOf`, lib/prerender/manifest.mjs).
 */

/**
 * Builds the site for `mode` into `outDir` and prerenders it: the browser build, a server build of
 * src/site/entry-server.tsx, then one HTML file per route of the content route list (with its head
 * tags and the data it was rendered with), rendered on `workers` threads (lib/prerender/), `404.html`,
 * `shell.html`, `static-pages.json` (the prerendered paths), `robots.txt`, the sitemap, and the
 * security headers (`_headers`, `headers.json`: securityHeaders.mjs), after checking that no page has
 * inline code the policy does not allow; and the manifest (`.prerender-manifest.json`) that an
 * `incremental` build, a shard merge and the publish server read. Layout data comes from
 * `PRERENDER_CONTENT_HOST` when set, else from the content mock in the mock-backed mode
 * (`contentPrismUrl`: a running content Prism to use; one is started otherwise), else from the mode's
 * `VITE_CONTENT_HOST`. `publicDir` is the folder whose files the build copies (without dotfiles or
 * git-ignored files); defaults to the project's public/. Every internal link of every page written
 * must lead to a page of the build or a route of the app (lib/deadLinks.mjs): a dead one stops a uat
 * or production build, naming it and its page, and is reported through `warn` in development (a
 * shard checks nothing site-wide: its merge does). Returns `{ outDir, pages, report }`.
 * @param {BuildOptions} [options]
 * @returns {Promise<{ outDir: string; pages: BuiltPage[]; report: import('./prerender/site.mjs').RenderReport & { removed: string[] } }>}
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
    workers,
    fetchPolicy,
    incremental = false,
    keepGoing = false,
    shard,
    stateDir = stateDirOf(outDir),
  } = /** @type {BuildOptions} */ ({}),
) {
  // The build's files, its server bundle and its manifest are rewritten from the first step: no
  // publish may write into them meanwhile (lib/prerender/stateLock.mjs).
  return withStateLock(stateDir, { holder: 'npm run build', onWait: warn }, async () => {
    const configFile = join(root, 'vite.config.ts');
    // An incremental build keeps the pages it does not render again.
    const before = readManifest(stateDir);
    const previous = incremental && before !== undefined;
    await build({
      root,
      mode,
      configFile,
      logLevel,
      ...(publicDir ? { publicDir } : {}),
      // The manifest maps each page's renderings to their chunks (modulePreloads).
      build: { outDir, emptyOutDir: !previous, manifest: true },
    });
    const serverDir = serverDirIn(stateDir);
    mkdirSync(serverDir, { recursive: true });
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
    takeClientManifest(outDir, join(serverDir, CLIENT_MANIFEST_FILE));
    // index.html becomes the home page: the template stays as shell.html (the app-only paths' page).
    writeFileSync(join(outDir, SHELL_FILE), readFileSync(join(outDir, 'index.html'), 'utf8'));
    const bundle = await loadBundle(outDir, serverDir);
    const { buildSettings } = bundle.server;
    const contentHost = await openContentHost({ mode, configured: buildSettings.contentHost, contentPrismUrl });
    try {
      log(`Prerendering from the layout service at ${contentHost.url}`);
      const built = await prerenderSite({
        outDir,
        stateDir,
        bundle,
        contentHost: contentHost.url,
        mode,
        workers,
        fetchPolicy,
        incremental,
        keepGoing,
        shard,
        locked: true,
        log,
        warn,
      });
      const removed = removeOldAssets({
        outDir,
        stateDir,
        manifest: built.manifest,
        clientManifest: bundle.clientManifest,
        previousBundle: before?.bundle,
      });
      if (removed.length > 0)
        log(`Removed ${removed.length} files of builds no page uses any more from ${join(outDir, 'assets')}`);
      return built;
    } finally {
      await contentHost.stop();
    }
  });
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
 * Removes a build folder made by {@link buildSite}, and the server bundle kept for it.
 * @param {string} outDir
 * @returns {void}
 */
export function removeBuild(outDir) {
  rmSync(outDir, { recursive: true, force: true });
  rmSync(stateDirOf(outDir), { recursive: true, force: true });
}

/**
 * Whether `outDir` holds a prerendered build (a `shell.html` next to its pages).
 * @param {string} outDir
 * @returns {boolean}
 */
export function isPrerendered(outDir) {
  return existsSync(join(outDir, SHELL_FILE));
}
