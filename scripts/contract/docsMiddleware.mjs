// Serves the API reference (dist/docs) at /docs, building pages that are missing or
// older than their contract first, so `npm start` and `npm run preview` always show
// the current contracts.
import { createReadStream, existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { root as projectRoot } from '../lib/prism.mjs';
import { buildDocs, contractApis } from './buildDocs.mjs';

function newestMtime(dir) {
  return Math.max(0, ...readdirSync(dir, { recursive: true }).map((f) => statSync(join(dir, String(f))).mtimeMs));
}

/** APIs whose page under `outDir` is missing or older than a file of its contract folder. */
export function staleApis(root, outDir) {
  return contractApis(root).filter((api) => {
    const page = join(outDir, `${api}.html`);
    return !existsSync(page) || statSync(page).mtimeMs < newestMtime(join(root, 'openapi', api));
  });
}

function send(res, status, text) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end(text);
}

/**
 * A Connect middleware (Vite dev server and preview) serving `<outDir>/index.html`
 * at `/docs/` and `<outDir>/<api>.html` at `/docs/<api>.html`; `/docs` redirects
 * to `/docs/`. Stale or missing pages are rebuilt with `build` before answering,
 * one build at a time. Other URLs go to `next`. `root` defaults to this project,
 * `outDir` to `<root>/dist/docs`, `build` to buildDocs.
 */
export function docsMiddleware({ root = projectRoot, outDir = join(root, 'dist', 'docs'), build = buildDocs } = {}) {
  let building;
  const refresh = async () => {
    while (building) await building;
    const stale = staleApis(root, outDir);
    if (!stale.length && existsSync(join(outDir, 'index.html'))) return;
    building = build({ root, outDir, apis: stale }).finally(() => (building = undefined));
    await building;
  };
  return async (req, res, next) => {
    const { pathname } = new URL(req.url ?? '/', 'http://localhost');
    if ((req.method !== 'GET' && req.method !== 'HEAD') || (pathname !== '/docs' && !pathname.startsWith('/docs/')))
      return next();
    if (pathname === '/docs') {
      res.statusCode = 302;
      res.setHeader('Location', '/docs/');
      return res.end();
    }
    const name = pathname.slice('/docs/'.length) || 'index.html';
    if (!/^[a-z0-9][a-z0-9-]*\.html$/i.test(name)) return send(res, 404, `No API reference page at ${pathname}`);
    try {
      await refresh();
    } catch (error) {
      return send(res, 500, `Could not build the API reference (npm run docs): ${error.message}`);
    }
    const file = join(outDir, name);
    if (!existsSync(file)) return send(res, 404, `No API reference page at ${pathname}; see /docs/`);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    if (req.method === 'HEAD') return res.end();
    createReadStream(file).pipe(res);
  };
}
