import { copyFileSync, createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { parseEnv } from 'node:util';
import { defineConfig, loadEnv, type Connect, type Plugin, type ProxyOptions } from 'vite';
import react from '@vitejs/plugin-react';
import compression from 'compression';
import { docsPlugin } from './scripts/contract/docs.mjs';
import { mockScenarios, withMockScenarios } from './scripts/lib/mockScenarioServer.mjs';
import { MOCK_PORTS } from './scripts/lib/prism.mjs';
import { preferForItem, preferForRequest } from './scripts/lib/contentMock.mjs';
import { pageFile, SHELL_FILE } from './scripts/lib/siteServer.mjs';
import { devServerJudge, leftOutOfBuild, projectGitIgnore, refusedByPreview } from './scripts/lib/servedFiles.mjs';
import { assertSiteEnv, MOCK_BACKED_MODE } from './src/site/siteEnv.ts';

const mock = (port: number, strip?: string): ProxyOptions => ({
  target: `http://127.0.0.1:${port}`,
  changeOrigin: true,
  ...(strip ? { rewrite: (path: string) => path.slice(strip.length) || '/' } : {}),
});

/**
 * The sign-in and error pages under /api/auth are the site's own pages (the
 * session client redirects readers there): a browser navigation to them gets the
 * app, while the session client's JSON calls still reach the auth mock.
 */
function siteOwnedAuthPages(req: {
  method?: string;
  url?: string;
  headers: Record<string, unknown>;
}): string | undefined {
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

/**
 * The content mock answers by example name, not by `item`: the proxy adds the `Prefer` that
 * selects the requested item's example (or its 404), unless the request already chose one (QA).
 * Only this mock layer adds it; the site's own requests never do.
 */
function contentMock(port: number): ProxyOptions {
  return {
    ...mock(port, '/content-api'),
    configure: (proxy) => {
      proxy.on('proxyReq', (proxyReq, req) => {
        if (proxyReq.getHeader('prefer') !== undefined) return;
        const prefer = preferForRequest(req.url ?? '');
        if (prefer) proxyReq.setHeader('Prefer', prefer);
      });
    },
  };
}

/**
 * The browser sees production-like same-origin paths; in development and preview
 * they are proxied to the Prism mocks (`npm run mock` ports; tests pass their own).
 */
export function mockProxy(ports: Record<keyof typeof MOCK_PORTS, number> = MOCK_PORTS): Record<string, ProxyOptions> {
  // QA scenarios (`?mock=`) add each API's `Prefer` header to these requests.
  return withMockScenarios(
    {
      '/api/oneconnect': mock(ports.oneconnect),
      '/api/auth': { ...mock(ports.auth, '/api/auth'), bypass: siteOwnedAuthPages },
      '/engage-api': mock(ports.engagement, '/engage-api'),
      // The search layer calls {origin}/discover/v2/{key} and {origin}/event/{key}/v4/publish.
      '^/discover/v2/': mock(ports.search),
      '^/event/[^/]+/v4/publish': mock(ports.search),
      '/commerce-api': mock(ports.commerce, '/commerce-api'),
      '/content-api': contentMock(ports.content),
    },
    ports,
  );
}

// Scripts that serve the site against mocks on other ports (benchmarks) pass them in.
const proxy = mockProxy({
  ...MOCK_PORTS,
  ...(JSON.parse(process.env.SITE_MOCK_PORTS ?? '{}') as Partial<typeof MOCK_PORTS>),
});

/**
 * Development stand-in for the content platform's shell media route: in edit and
 * preview mode the site rewrites media to /sitecore/shell/-/media/…, which the
 * platform serves; here it serves the same file as /-/media/….
 */
function shellMedia(): Plugin {
  const rewrite: Connect.NextHandleFunction = (req, _res, next) => {
    if (req.url?.toLowerCase().startsWith('/sitecore/shell/-/')) req.url = req.url.slice('/sitecore/shell'.length);
    next();
  };
  return {
    name: 'shell-media',
    configureServer: (server) => void server.middlewares.use(rewrite),
    configurePreviewServer: (server) => void server.middlewares.use(rewrite),
  };
}

/**
 * The servers serve the site only: the dev server answers 404 for a dotfile or dot-folder
 * (`/.env.production`, `/.git/config`), a git-ignored path (logs, coverage, bench results, dist)
 * and any project file outside the site's sources (`/package.json`, `/scripts/…`, `/tests/…`,
 * `/openapi/…`, `/README.md`), by its root-relative path and as `/@fs/…` (scripts/lib/servedFiles.mjs).
 * Vite's own `server.fs` rules cover `/@fs/` and its static files only: a root-relative module
 * (`/scripts/build.mjs`, `/tests/x.ts`) goes through its transform, which they do not check, so
 * this runs in front of every middleware. The preview serves the build only; it answers 404 for
 * dotfiles, which a build never holds (see {@link publicFilesOnly}).
 */
function siteFilesOnly(): Plugin {
  const notFound = (res: import('node:http').ServerResponse) => {
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end('Not found');
  };
  return {
    name: 'site-files-only',
    enforce: 'pre',
    configureServer(server) {
      const refused = devServerJudge({ root: server.config.root, cacheDir: server.config.cacheDir });
      server.middlewares.use((req, res, next) => (refused(req.url ?? '/') ? notFound(res) : next()));
    },
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => (refusedByPreview(req.url ?? '/') ? notFound(res) : next()));
    },
  };
}

/**
 * The build copies public/ into the bundle without its dotfiles and dot-folders and without
 * git-ignored files (a `.env`, an editor's `.DS_Store`, a `notes.log` left there): Vite's own copy
 * takes every file. Files the bundle itself wrote win over public/'s, as in Vite's copy. A build
 * that asks for no copy (`build.copyPublicDir: false`, the server build) gets none.
 */
function publicFilesOnly(): Plugin {
  let copy = true;
  let root = '';
  let publicDir = '';
  let outDir = '';
  const copyFiltered = (
    from: string,
    to: string,
    written: Set<string>,
    isIgnored: (path: string) => boolean,
    folder: string,
  ) => {
    for (const entry of readdirSync(from, { withFileTypes: true, recursive: true })) {
      if (!entry.isFile()) continue;
      const file = relative(from, join(entry.parentPath, entry.name)).split(sep).join('/');
      if (leftOutOfBuild(file, isIgnored, folder) || written.has(file)) continue;
      mkdirSync(join(to, file, '..'), { recursive: true });
      copyFileSync(join(from, file), join(to, file));
    }
  };
  return {
    name: 'public-files-only',
    apply: 'build',
    config(config) {
      copy = config.build?.copyPublicDir !== false;
      return { build: { copyPublicDir: false } };
    },
    configResolved(config) {
      root = config.root;
      publicDir = config.publicDir;
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      if (!copy || !publicDir || !existsSync(publicDir)) return;
      const folder = relative(root, publicDir).split(sep).join('/');
      copyFiltered(
        publicDir,
        outDir,
        new Set(Object.keys(bundle)),
        projectGitIgnore(root),
        folder.startsWith('..') || isAbsolute(folder) ? 'public' : folder,
      );
    },
  };
}

/**
 * Checks the mode's settings (its env file, overridden by the environment) before
 * a build or dev server starts: a uat or production build with a missing key or
 * a mock value stops here with one message naming every problem, instead of
 * shipping a bundle that silently calls nothing. `vite preview` only serves
 * files, so it is not checked.
 */
function siteEnv(): Plugin {
  return {
    name: 'site-env',
    config(config, { mode, isPreview }) {
      if (isPreview) return;
      const envDir = resolve(config.root ?? process.cwd(), typeof config.envDir === 'string' ? config.envDir : '');
      const devFile = join(envDir, `.env.${MOCK_BACKED_MODE}`);
      const devValues = existsSync(devFile) ? parseEnv(readFileSync(devFile, 'utf8')) : {};
      assertSiteEnv(loadEnv(mode, envDir, 'VITE_'), mode, devValues);
    },
  };
}

/**
 * Serves dev-public/ (the consent script stand-in and the web personalization
 * stand-in script) in the mock-backed mode only, from the dev server and from
 * `vite preview`. They live outside public/ so that no build copies them: a uat
 * or production bundle holds no stand-in.
 */
function devStandIns(): Plugin {
  let dir = '';
  let enabled = false;
  const serve: Connect.NextHandleFunction = (req, res, next) => {
    let file: string;
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

// Paths the preview hands to the mocks (and the API reference): never pages of the site.
const proxied = (pathname: string) =>
  pathname.startsWith('/docs') ||
  Object.keys(proxy).some((key) => (key.startsWith('^') ? new RegExp(key).test(pathname) : pathname.startsWith(key)));

/**
 * `vite preview` of a prerendered build serves it as a static host should: each route's own HTML
 * (`/news` → news/index.html), an HTML file of the build by its name, and for any other page path
 * the not-found page with status 404, except app-only paths the content has (a wildcard item such
 * as `/products/<id>`, known from the content mock in the mock-backed mode), which get the
 * unrendered app shell. A file path the build does not have (`/package.json`, `/src/main.tsx`) is
 * the not-found page with status 404 too, never the home page. A build without prerendered pages
 * keeps Vite's own fallback.
 */
function prerenderedPages(): Plugin {
  return {
    name: 'prerendered-pages',
    configurePreviewServer(server) {
      const dist = resolve(server.config.root, server.config.build.outDir);
      const mockBacked = server.config.mode === MOCK_BACKED_MODE;
      const isFile = (file: string) => file.startsWith(dist + sep) && existsSync(file) && statSync(file).isFile();
      const send = (res: import('node:http').ServerResponse, file: string, status: number, head: boolean) => {
        res.statusCode = status;
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader('Cache-Control', 'no-cache');
        if (head) return void res.end();
        createReadStream(file).pipe(res);
      };
      server.middlewares.use((req, res, next) => {
        if ((req.method !== 'GET' && req.method !== 'HEAD') || !existsSync(join(dist, SHELL_FILE))) return next();
        let pathname: string;
        try {
          pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://site.invalid').pathname);
        } catch {
          return next();
        }
        const head = req.method === 'HEAD';
        // Every HTML answer leaves from here, so each is compressed once, by compressedPreview.
        const page = join(dist, extname(pathname) === '.html' ? pathname : pageFile(pathname));
        if (isFile(page)) return send(res, page, 200, head);
        if (proxied(pathname)) return next();
        if (extname(pathname))
          return isFile(join(dist, pathname)) ? next() : send(res, join(dist, '404.html'), 404, head);
        const accept = String(req.headers.accept ?? '*/*');
        if (!/text\/html|\*\/\*/.test(accept)) return next();
        if (mockBacked && preferForItem(pathname) !== 'code=404') return send(res, join(dist, SHELL_FILE), 200, head);
        send(res, join(dist, '404.html'), 404, head);
      });
    },
  };
}

/**
 * `vite preview` compresses what it serves (gzip), as every static host and CDN does: a phone on a
 * slow network downloads the compressed pages and scripts, and the site bench measures that.
 * Registered before the QA panel's injection, so the page it injects into is compressed whole.
 * Vite's preview compresses the static files it serves itself (assets, sitemap.xml), behind every
 * plugin's middleware; this covers the answers of those middlewares (the pages), and passes an
 * answer Vite already encoded unchanged.
 */
function compressedPreview(): Plugin {
  // Typed for Express; it only uses the Node request and response that Connect passes.
  return {
    name: 'compressed-preview',
    configurePreviewServer: (server) =>
      void server.middlewares.use(compression() as unknown as Connect.NextHandleFunction),
  };
}

export default defineConfig({
  plugins: [
    siteFilesOnly(),
    siteEnv(),
    publicFilesOnly(),
    react(),
    docsPlugin(),
    shellMedia(),
    devStandIns(),
    compressedPreview(),
    mockScenarios({ panel: process.env.SITE_QA_PANEL !== 'off' }),
    prerenderedPages(),
  ],
  server: { port: 5173, strictPort: true, host: '127.0.0.1', proxy },
  preview: { port: 4173, strictPort: true, host: '127.0.0.1', proxy },
  build: { outDir: 'dist', sourcemap: false },
});
