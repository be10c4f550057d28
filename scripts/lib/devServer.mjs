// @ts-check
// The development and preview servers (`npm start`, `npm run preview`, the tests' sites): what `vite`
// and `vite preview` do besides serving the site's files. The browser sees production-like
// same-origin API paths, proxied to the Prism mocks (the content mock's `Prefer` added here, QA
// scenarios' too); the mock-backed mode serves dev-public/'s stand-ins; the preview serves a
// prerendered build as a static host does (each route's page, the not-found page with 404,
// compressed); and both serve the site only (servedFiles.mjs). Nothing here reaches a build.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';
import compression from 'compression';
import { mergeConfig } from 'vite';
import { docsPlugin } from '../contract/docs.mjs';
import { preferForItem, preferForRequest } from './contentMock.mjs';
import { preferForBannerRequest } from './oneconnectMock.mjs';
import { mockScenarios, withMockScenarios } from './mockScenarioServer.mjs';
import { MOCK_PORTS } from './apis.mjs';
import { MOCK_BACKED_MODE } from './prism.mjs';
import { siteFilesOnly } from './servedFiles.mjs';
import { pageFile, SHELL_FILE } from './siteServer.mjs';

/** @import { IncomingMessage, ServerResponse } from 'node:http' */
/** @import { Connect, Plugin, ProxyOptions } from 'vite' */
/** @import { ApiName } from './prism.mjs' */

/**
 * A proxy entry to the mock on `port`, with `strip` cut off the front of the path.
 * @param {number} port
 * @param {string} [strip]
 * @returns {ProxyOptions}
 */
const mock = (port, strip) => ({
  target: `http://127.0.0.1:${port}`,
  changeOrigin: true,
  ...(strip ? { rewrite: (/** @type {string} */ path) => path.slice(strip.length) || '/' } : {}),
});

// The sign-in and error pages under /api/auth are the site's own pages (the session client
// redirects readers there): a browser navigation to them gets the app, while the session client's
// JSON calls still reach the auth mock.
/**
 * @param {IncomingMessage} req
 * @returns {string | undefined}
 */
function siteOwnedAuthPages(req) {
  const accept = String(req.headers.accept ?? '');
  if (
    req.method === 'GET' &&
    accept.includes('text/html') &&
    /^\/api\/auth\/(signin|error)(\?|$)/.test(req.url ?? '')
  ) {
    return '/index.html';
  }
  return undefined;
}

// The content and banner mocks answer by example name, not by `item` or `language`: the proxy adds
// the `Prefer` that selects the requested example (or its 404), unless the request already chose
// one (QA). Only this mock layer adds it; the site's own requests never do.
/**
 * @param {ProxyOptions} options
 * @param {(url: string) => string | undefined} preferFor
 * @returns {ProxyOptions}
 */
function preferring(options, preferFor) {
  return {
    ...options,
    configure: (proxy) => {
      proxy.on('proxyReq', (proxyReq, req) => {
        if (proxyReq.getHeader('prefer') !== undefined) return;
        const prefer = preferFor(req.url ?? '');
        if (prefer) proxyReq.setHeader('Prefer', prefer);
      });
    },
  };
}

/**
 * The servers' proxy table: the site's same-origin API paths to the Prism mocks on `ports`
 * (`npm run mock`'s fixed ports by default; tests pass their own), with QA scenarios' `Prefer`.
 * @param {Record<ApiName, number>} [ports]
 * @returns {Record<string, ProxyOptions>}
 */
export function mockProxy(ports = MOCK_PORTS) {
  return withMockScenarios(
    {
      '/api/oneconnect': preferring(mock(ports.oneconnect), preferForBannerRequest),
      '/api/auth': { ...mock(ports.auth, '/api/auth'), bypass: siteOwnedAuthPages },
      '/engage-api': mock(ports.engagement, '/engage-api'),
      // The search layer calls {origin}/discover/v2/{key} and {origin}/event/{key}/v4/publish.
      '^/discover/v2/': mock(ports.search),
      '^/event/[^/]+/v4/publish': mock(ports.search),
      '/commerce-api': mock(ports.commerce, '/commerce-api'),
      '/content-api': preferring(mock(ports.content, '/content-api'), preferForRequest),
    },
    ports,
  );
}

// The servers' addresses and proxies. Options given to Vite directly (a test's free port and its
// own mocks' proxy) win over these, as they would over the same options in vite.config.ts.
/**
 * @param {Record<string, ProxyOptions>} proxy
 * @returns {Plugin}
 */
function serverOptions(proxy) {
  const defaults = {
    server: { port: 5173, strictPort: true, host: '127.0.0.1', proxy },
    preview: { port: 4173, strictPort: true, host: '127.0.0.1', proxy },
  };
  return {
    name: 'server-options',
    config(config) {
      const merged = mergeConfig(defaults, { server: config.server ?? {}, preview: config.preview ?? {} });
      config.server = merged.server;
      config.preview = merged.preview;
    },
  };
}

// The content platform's shell media route: in edit and preview mode the site rewrites media to
// /sitecore/shell/-/media/…, which the platform serves; here it serves the same file as /-/media/….
/** @returns {Plugin} */
function shellMedia() {
  /** @type {Connect.NextHandleFunction} */
  const rewrite = (req, _res, next) => {
    if (req.url?.toLowerCase().startsWith('/sitecore/shell/-/')) req.url = req.url.slice('/sitecore/shell'.length);
    next();
  };
  return {
    name: 'shell-media',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

// dev-public/ (the consent script stand-in and the web personalization stand-in script), served in
// the mock-backed mode only, by the dev server and the preview. They live outside public/ so that
// no build copies them: a uat or production bundle holds no stand-in.
/** @returns {Plugin} */
function devStandIns() {
  let dir = '';
  let enabled = false;
  /** @type {Connect.NextHandleFunction} */
  const serve = (req, res, next) => {
    let file;
    try {
      file = join(dir, decodeURIComponent(new URL(req.url ?? '/', 'http://site').pathname));
    } catch {
      return next(); // a malformed path is not a stand-in; Vite answers it
    }
    if (!enabled || !file.startsWith(dir + sep) || !existsSync(file) || !statSync(file).isFile()) return next();
    res.setHeader('Content-Type', file.endsWith('.js') ? 'text/javascript' : 'application/octet-stream');
    createReadStream(file).pipe(res);
  };
  return {
    name: 'dev-stand-ins',
    configResolved(config) {
      dir = join(config.root, 'dev-public');
      enabled = config.mode === MOCK_BACKED_MODE;
    },
    configureServer: (server) => void server.middlewares.use(serve),
    configurePreviewServer: (server) => void server.middlewares.use(serve),
  };
}

// `vite preview` compresses what it serves (gzip), as every static host and CDN does: a phone on a
// slow network downloads the compressed pages and scripts, and the site bench measures that.
// Registered before the QA panel's injection, so the page it injects into is compressed whole.
// Vite's preview compresses the static files it serves itself (assets, sitemap.xml), behind every
// plugin's middleware; this covers the answers of those middlewares (the pages), and passes an
// answer Vite already encoded unchanged.
/** @returns {Plugin} */
function compressedPreview() {
  return {
    name: 'compressed-preview',
    configurePreviewServer: (server) =>
      void server.middlewares.use(
        // compression's types are Express's; the handler is a plain Node one, as Connect's are.
        /** @type {Connect.NextHandleFunction} */ (/** @type {unknown} */ (compression())),
      ),
  };
}

// `vite preview` of a prerendered build serves it as a static host should: each route's own HTML
// (`/news` → news/index.html), an HTML file of the build by its name, and for any other page path
// the not-found page with status 404 (its language's under a language prefix: `/de/…` → de/404.html), except app-only paths the content has (a wildcard item such
// as `/products/<id>`, known from the content mock in the mock-backed mode), which get the
// unrendered app shell. A file path the build does not have (`/package.json`, `/src/main.tsx`) is
// the not-found page with status 404 too, never the home page. Paths the preview hands to the
// mocks (`proxy`) and the API reference are never pages. A build without prerendered pages keeps
// Vite's own fallback.
/**
 * @param {Record<string, ProxyOptions>} proxy
 * @returns {Plugin}
 */
function prerenderedPages(proxy) {
  const proxied = (/** @type {string} */ pathname) =>
    pathname.startsWith('/docs') ||
    Object.keys(proxy).some((key) => (key.startsWith('^') ? new RegExp(key).test(pathname) : pathname.startsWith(key)));
  return {
    name: 'prerendered-pages',
    configurePreviewServer(server) {
      const dist = resolve(server.config.root, server.config.build.outDir);
      const mockBacked = server.config.mode === MOCK_BACKED_MODE;
      const isFile = (/** @type {string} */ file) =>
        file.startsWith(dist + sep) && existsSync(file) && statSync(file).isFile();
      /** @type {(res: ServerResponse, file: string, status: number, head: boolean) => void} */
      const send = (res, file, status, head) => {
        res.statusCode = status;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        if (head) return void res.end();
        createReadStream(file).pipe(res);
      };
      // A language's own not-found page under its prefix (`/de/…` → de/404.html), else the default's.
      const notFound = (/** @type {string} */ pathname) => {
        const prefix = /^\/([a-z]{2})(?:\/|$)/.exec(pathname)?.[1];
        const own = prefix ? join(dist, prefix, '404.html') : undefined;
        return own && isFile(own) ? own : join(dist, '404.html');
      };
      server.middlewares.use((req, res, next) => {
        if ((req.method !== 'GET' && req.method !== 'HEAD') || !existsSync(join(dist, SHELL_FILE))) return next();
        let pathname;
        try {
          // Appended to the origin, not resolved against it: resolved, `//evil.example` and
          // `/\evil.example` name another host and would read as `/`, the home page. (The served-files
          // guard answers those 404 before this runs; here they stay paths, with no page.)
          const url = req.url ?? '/';
          pathname = decodeURIComponent(new URL(url.startsWith('/') ? `http://site.invalid${url}` : url).pathname);
        } catch {
          return next();
        }
        const head = req.method === 'HEAD';
        // Every HTML answer leaves from here, so each is compressed once, by compressedPreview.
        const page = join(dist, extname(pathname) === '.html' ? pathname : pageFile(pathname));
        if (isFile(page)) return send(res, page, 200, head);
        if (proxied(pathname)) return next();
        if (extname(pathname)) return isFile(join(dist, pathname)) ? next() : send(res, notFound(pathname), 404, head);
        const accept = String(req.headers.accept ?? '*/*');
        if (!/text\/html|\*\/\*/.test(accept)) return next();
        if (mockBacked && preferForItem(pathname) !== 'code=404') return send(res, join(dist, SHELL_FILE), 200, head);
        send(res, notFound(pathname), 404, head);
      });
    },
  };
}

/**
 * The Vite plugins of the development and preview servers, in the order their middleware runs: the
 * served-files guard, the API reference at /docs, the shell media route, the stand-ins, the
 * preview's compression, the QA scenario panel and the prerendered pages; plus the servers' ports
 * (5173, preview 4173, on 127.0.0.1) and the proxy to the mocks on `mockPorts`. `mockPorts`
 * defaults to the fixed ports, overridden by `SITE_MOCK_PORTS` (JSON, set by scripts that serve
 * the site against mocks on other ports); `panel: false` serves pages without the QA panel, as a
 * visitor gets them (defaults to on unless `SITE_QA_PANEL=off`).
 * @param {{ mockPorts?: Record<ApiName, number>; panel?: boolean }} [options]
 * @returns {Plugin[]}
 */
export function devServer({
  mockPorts = { ...MOCK_PORTS, ...JSON.parse(process.env.SITE_MOCK_PORTS ?? '{}') },
  panel = process.env.SITE_QA_PANEL !== 'off',
} = {}) {
  const proxy = mockProxy(mockPorts);
  return [
    serverOptions(proxy),
    siteFilesOnly(),
    docsPlugin(),
    shellMedia(),
    devStandIns(),
    compressedPreview(),
    mockScenarios({ panel }),
    prerenderedPages(proxy),
  ];
}
