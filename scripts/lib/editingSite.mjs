// @ts-check
// The site as the editing host (editingHost.mjs) renders and serves it. Its pages hydrate in the
// browser, so besides the renderer (src/site/editingRender.tsx, through the server entry) the host
// serves the site's client code: in the mock-backed mode the Vite dev server's, in middleware mode
// (its transforms, its proxies to the mocks, HMR), rendering from the content mock; in any other
// mode a client and a server build of the mode's own, rendering from its content host.
import { createReadStream, readFileSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { extname, join, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, createServer as createViteServer } from 'vite';
import { startContentMock } from './contentMock.mjs';
import { mockProxy } from './devServer.mjs';
import { MOCK_PORTS } from './apis.mjs';
import { freePort, MOCK_BACKED_MODE, root, startPrism } from './prism.mjs';
import { hasDotSegment, requestFilePath } from './servedFiles.mjs';

/** @import { Server } from 'node:http' */
/** @import { Connect } from 'vite' */
/** @import { ApiName, PrismServer } from './prism.mjs' */

/**
 * The editing renderer (src/site/editingRender.tsx `createEditingRenderer`), as the host calls it.
 * @typedef {{
 *   components: string[];
 *   renderRoute(args: { route: string; language: string; site: string; itemId: string; mode: 'edit' | 'preview' }): Promise<Page>;
 *   renderLayout(args: { path: string; layout: unknown; language: string; dictionary: Record<string, string> }): Promise<Page>;
 * }} Renderer
 * @typedef {{ status: number; lang: string; head: string; body: string; state: string }} Page
 */

/**
 * The site as the host renders and serves it: its renderer and languages, its index.html for a
 * page, its client files (`assets`, which call `next` for a path they do not have), and `close`.
 * @typedef {object} EditingSite
 * @property {() => Promise<{ renderer: Renderer; languages: string[] }>} load
 * @property {(path: string) => Promise<string>} template
 * @property {Connect.NextHandleFunction} assets
 * @property {() => Promise<void>} close
 */

/** @param {unknown} value */
const quote = (value) => JSON.stringify(String(value).slice(0, 120));

/**
 * Whether something listens on the loopback `port` (within a second).
 * @param {number} port
 * @returns {Promise<boolean>}
 */
function listening(port) {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', timeout: 1_000 });
    const done = (/** @type {boolean} */ open) => {
      socket.destroy();
      resolve(open);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}

/**
 * The mock-backed site: Vite in middleware mode (the site's modules, its proxies to the mocks, HMR on
 * the host's own `server`), rendering with the dev server's module of src/site/entry-server.tsx (an
 * edited file is picked up on the next call) from the content mock in front of the content Prism.
 * @param {{ mode: string; server: Server; contentPrismUrl?: string; mockPorts?: Partial<Record<ApiName, number>>; cacheDir: string; log: (line: string) => void }} options
 * @returns {Promise<EditingSite>}
 */
async function devSite({ mode, server, contentPrismUrl, mockPorts, cacheDir, log }) {
  /** @type {PrismServer | undefined} */
  let prism;
  /** @type {Awaited<ReturnType<typeof startContentMock>> | undefined} */
  let contentMock;
  try {
    let prismUrl = contentPrismUrl;
    if (!prismUrl && (await listening(MOCK_PORTS.content))) prismUrl = `http://127.0.0.1:${MOCK_PORTS.content}`;
    if (!prismUrl) {
      prism = startPrism('content', { port: await freePort() });
      prismUrl = prism.url;
      await prism.ready;
      log(`No content mock on port ${MOCK_PORTS.content}: started one at ${prismUrl} (npm run mock starts every mock)`);
    }
    contentMock = await startContentMock({ prismUrl });
    const vite = await createViteServer({
      root,
      mode,
      configFile: join(root, 'vite.config.ts'),
      appType: 'custom',
      logLevel: 'warn',
      cacheDir,
      // The page's own calls (/content-api, …) reach the same content mock as the renders.
      server: {
        middlewareMode: true,
        ws: { server },
        proxy: mockProxy({ ...MOCK_PORTS, ...mockPorts, content: Number(new URL(prismUrl).port) }),
      },
    });
    const contentHost = contentMock.url;
    /** @type {{ module: unknown; renderer: Renderer } | undefined} */
    let current;
    const stopMocks = [contentMock, prism];
    return {
      async load() {
        const module = await vite.ssrLoadModule('/src/site/entry-server.tsx');
        if (current?.module !== module) current = { module, renderer: module.createEditingRenderer({ contentHost }) };
        return { renderer: current.renderer, languages: module.LANGUAGES };
      },
      template: (path) => vite.transformIndexHtml(path, readFileSync(join(root, 'index.html'), 'utf8')),
      assets: (req, res, next) => vite.middlewares(req, res, next),
      async close() {
        await vite.close();
        for (const stoppable of stopMocks) await stoppable?.stop();
      },
    };
  } catch (error) {
    await contentMock?.stop();
    await prism?.stop();
    throw error;
  }
}

const CONTENT_TYPES = /** @type {Record<string, string>} */ ({
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
});

/**
 * The built site: a client build and a server build of `mode` (the mode's settings, checked by the
 * build) in the project's cache (never a build `npm run build` makes or serves), made once as the
 * host starts; renders from the mode's content host and serves the client build's files.
 * @param {{ mode: string }} options
 * @returns {Promise<EditingSite>}
 */
async function builtSite({ mode }) {
  const dir = join(root, 'node_modules', '.cache', 'editing-host', mode);
  const clientDir = join(dir, 'client');
  const serverDir = join(dir, 'server');
  const common = { root, mode, configFile: join(root, 'vite.config.ts'), logLevel: /** @type {const} */ ('warn') };
  await build({ ...common, build: { outDir: clientDir, emptyOutDir: true } });
  const ssr = join(root, 'src', 'site', 'entry-server.tsx');
  await build({ ...common, build: { ssr, outDir: serverDir, emptyOutDir: true, copyPublicDir: false } });
  const module = await import(pathToFileURL(join(serverDir, 'entry-server.js')).href);
  const contentHost = module.buildSettings.contentHost;
  if (!/^https?:\/\//i.test(contentHost ?? ''))
    throw new Error(`editing host (${mode}): VITE_CONTENT_HOST ${quote(contentHost)} is not an absolute URL`);
  const renderer = module.createEditingRenderer({ contentHost });
  const template = readFileSync(join(clientDir, 'index.html'), 'utf8');
  return {
    load: async () => ({ renderer, languages: module.LANGUAGES }),
    template: async () => template,
    assets(req, res, next) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      // Edit mode's media URLs go through the platform's shell media route (src/site/editMode.ts).
      const path = requestFilePath(req.url ?? '/').replace(/^\/sitecore\/shell(?=\/-\/)/i, '');
      const file = join(clientDir, path);
      if (hasDotSegment(path) || path.includes('\0') || !file.startsWith(clientDir + sep)) return next();
      const stats = statSync(file, { throwIfNoEntry: false });
      if (!stats?.isFile()) return next();
      const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
      res.writeHead(200, { 'Content-Type': type, 'Content-Length': stats.size });
      if (req.method === 'HEAD') return void res.end();
      createReadStream(file).pipe(res);
    },
    close: async () => {},
  };
}

/**
 * Options of {@link openEditingSite}.
 * @typedef {object} EditingSiteOptions
 * @property {string} mode The Vite mode: the mock-backed one serves through Vite, any other builds first.
 * @property {Server} server The host's server, which carries the dev server's HMR connection.
 * @property {string} [contentPrismUrl] The mock-backed mode's content Prism. Defaults to the one on its fixed port, else one started here.
 * @property {Partial<Record<ApiName, number>>} [mockPorts] The mock-backed mode's other mocks, whose ports the page's own calls are proxied to. Defaults to `npm run mock`'s fixed ports.
 * @property {string} cacheDir The dev server's cache.
 * @property {(line: string) => void} log
 */

/**
 * The site of `mode` for the editing host (see {@link EditingSite}); `close()` stops whatever it started.
 * @param {EditingSiteOptions} options
 * @returns {Promise<EditingSite>}
 */
export function openEditingSite({ mode, server, contentPrismUrl, mockPorts, cacheDir, log }) {
  return mode === MOCK_BACKED_MODE
    ? devSite({ mode, server, contentPrismUrl, mockPorts, cacheDir, log })
    : builtSite({ mode });
}
