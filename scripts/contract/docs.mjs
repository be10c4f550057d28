// @ts-check
// The static HTML API reference of every contract (`npm run docs`, Redocly's build-docs with
// docsTemplate.hbs, plus an index page), and the Vite plugin serving it at /docs in `npm start`
// and `npm run preview`, rebuilding pages that are missing or older than their contract first
// so the reference always shows the current contracts.
import { createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { root as projectRoot } from '../lib/prism.mjs';
import { escapeHtml } from '../../src/core/escapeHtml.mjs';
import { contractApis } from '../lib/apis.mjs';
import { METHODS, redocly } from './contracts.mjs';

/** @import { IncomingMessage, ServerResponse } from 'node:http' */
/** @import { Plugin } from 'vite' */

/**
 * One built reference page.
 * @typedef {object} DocsPage
 * @property {string} api
 * @property {string} file The page's file name in the output folder (`<api>.html`).
 * @property {string} title
 * @property {string} version
 * @property {string | undefined} description
 * @property {number} operations
 */

/**
 * @typedef {object} DocsOptions
 * @property {string} [root] Project root holding openapi/<api>/openapi.yaml. Defaults to this project.
 * @property {string} [outDir] Folder of the built pages. Defaults to `<root>/dist/docs`.
 * @property {(options: { root: string; outDir: string; apis: string[] }) => Promise<DocsPage[]>} [build]
 *   Builds the pages of `apis` and the index. Defaults to buildDocs.
 */

const TEMPLATE = join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, 'docsTemplate.hbs');

/**
 * @param {string} root
 * @param {string} api
 * @returns {DocsPage}
 */
function describe(root, api) {
  const doc = parse(readFileSync(join(root, 'openapi', api, 'openapi.yaml'), 'utf8'), { maxAliasCount: -1 });
  const operations = Object.values(doc.paths ?? {}).reduce((n, item) => n + METHODS.filter((m) => item?.[m]).length, 0);
  return {
    api,
    file: `${api}.html`,
    title: doc.info?.title ?? api,
    version: doc.info?.version ?? '',
    description: doc.info?.description,
    operations,
  };
}

/** @param {string | undefined} description */
function firstParagraph(description) {
  return (
    String(description ?? '')
      .trim()
      .split(/\n\s*\n/)[0]
      ?.replace(/\s+/g, ' ') ?? ''
  );
}

/**
 * The HTML of the index page for `pages`, linking each page by its file name so the index
 * works from disk and under `/docs/`.
 * @param {DocsPage[]} pages
 */
function indexHtml(pages) {
  const items = pages
    .map(
      (p) => `    <li>
      <a href="./${escapeHtml(p.file)}"><strong>${escapeHtml(p.api)}</strong>: ${escapeHtml(p.title)}</a>
      <span class="meta">version ${escapeHtml(p.version)}, ${p.operations} operation${p.operations === 1 ? '' : 's'}</span>
      <p>${escapeHtml(firstParagraph(p.description))}</p>
    </li>`,
    )
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta http-equiv="Content-Security-Policy" content="default-src 'self' 'unsafe-inline' data:">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <link rel="icon" href="data:,">
  <title>API reference</title>
  <style>
    body { font: 16px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 52rem; padding: 0 1rem; color: #1b1f24; }
    ul { list-style: none; padding: 0; }
    li { border-top: 1px solid #d0d7de; padding: 1rem 0; }
    a { font-size: 1.15rem; }
    .meta { display: block; color: #57606a; font-size: .9rem; }
    p { margin: .4rem 0 0; }
  </style>
</head>
<body>
  <h1>API reference</h1>
  <p>Built from the contracts in <code>openapi/</code> by <code>npm run docs</code>.</p>
  <ul>
${items}
  </ul>
</body>
</html>
`;
}

// Redoc's attribution shows its logo from cdn.redoc.ly, which the page's policy (self and data: only)
// refuses, an error in the console of every page. The page carries its own instead: the same
// attribution ("API docs by Redocly") as an inline SVG, so it works offline and from disk too.
const REDOC_LOGOS = /** @type {const} */ ([
  ['https://cdn.redoc.ly/redoc/logo-mini-full.svg', svgData(64, 'Redocly')],
  ['https://cdn.redoc.ly/redoc/logo-mini.svg', svgData(14, 'R')],
]);

/**
 * A `data:` URL of an SVG showing `text` in Redocly's orange, `width` wide and 16 high (percent-encoded:
 * it lands in a JavaScript template literal inside the page's inline script).
 * @param {number} width
 * @param {string} text
 */
function svgData(width, text) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="16" viewBox="0 0 ${width} 16"><text x="0" y="13" font-family="sans-serif" font-size="13" font-weight="700" fill="#ff3c00">${text}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

// --inlineBundle embeds Redoc's script in the page (no CDN at view time, works from disk).
/**
 * @param {string} root
 * @param {string} outDir
 * @param {string} api
 */
async function buildPage(root, outDir, api) {
  const args = [
    'build-docs',
    join('openapi', api, 'openapi.yaml'),
    '--inlineBundle',
    '-t',
    TEMPLATE,
    '-o',
    join(outDir, `${api}.html`),
  ];
  await redocly(args, { root, cwd: root, failure: `redocly build-docs failed for ${api}` });
  const page = join(outDir, `${api}.html`);
  const html = readFileSync(page, 'utf8');
  writeFileSync(
    page,
    REDOC_LOGOS.reduce((text, [remote, local]) => text.replaceAll(remote, local), html),
  );
}

/**
 * Writes `<outDir>/<api>.html` for each API in `apis` (a Redoc page with the contract, its
 * examples and Redoc's script inlined) and `<outDir>/index.html` linking the pages of every
 * contract. Builds two at a time (two cores here). Resolves the pages of `apis`. `root`
 * defaults to this project, `outDir` to `<root>/dist/docs`, `apis` to every contract.
 * @param {{ root?: string; outDir?: string; apis?: string[] }} [options]
 * @returns {Promise<DocsPage[]>}
 */
export async function buildDocs({
  root = projectRoot,
  outDir = join(root, 'dist', 'docs'),
  apis = contractApis(root),
} = {}) {
  mkdirSync(outDir, { recursive: true });
  const queue = [...apis];
  await Promise.all(
    [0, 1].map(async () => {
      for (let api = queue.shift(); api !== undefined; api = queue.shift()) await buildPage(root, outDir, api);
    }),
  );
  const pages = contractApis(root)
    .filter((api) => existsSync(join(outDir, `${api}.html`)))
    .map((api) => describe(root, api));
  writeFileSync(join(outDir, 'index.html'), indexHtml(pages));
  return pages.filter((page) => apis.includes(page.api));
}

/** @param {string} dir */
function newestMtime(dir) {
  return Math.max(0, ...readdirSync(dir, { recursive: true }).map((f) => statSync(join(dir, String(f))).mtimeMs));
}

/**
 * APIs whose page under `outDir` is missing or older than a file of its contract folder.
 * @param {string} root
 * @param {string} outDir
 */
function staleApis(root, outDir) {
  return contractApis(root).filter((api) => {
    const page = join(outDir, `${api}.html`);
    return !existsSync(page) || statSync(page).mtimeMs < newestMtime(join(root, 'openapi', api));
  });
}

/**
 * @param {ServerResponse} res
 * @param {number} status
 * @param {string} text
 */
function send(res, status, text) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end(text);
}

/**
 * A Connect middleware (Vite dev server and preview) serving `<outDir>/index.html` at `/docs/`
 * and `<outDir>/<api>.html` at `/docs/<api>.html`; `/docs` redirects to `/docs/`. Stale or
 * missing pages are rebuilt with `build` before answering, one build at a time. Other URLs go
 * to `next`. `root` defaults to this project, `outDir` to `<root>/dist/docs`, `build` to buildDocs.
 * @param {DocsOptions} [options]
 * @returns {(req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => Promise<void>}
 */
export function docsMiddleware({ root = projectRoot, outDir = join(root, 'dist', 'docs'), build = buildDocs } = {}) {
  /** @type {Promise<unknown> | undefined} */
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
      return void res.end();
    }
    const name = pathname.slice('/docs/'.length) || 'index.html';
    if (!/^[a-z0-9][a-z0-9-]*\.html$/i.test(name)) return send(res, 404, `No API reference page at ${pathname}`);
    try {
      await refresh();
    } catch (error) {
      return send(
        res,
        500,
        `Could not build the API reference (npm run docs): ${/** @type {Error} */ (error).message}`,
      );
    }
    const file = join(outDir, name);
    if (!existsSync(file)) return send(res, 404, `No API reference page at ${pathname}; see /docs/`);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'no-cache');
    if (req.method === 'HEAD') return void res.end();
    createReadStream(file).pipe(res);
  };
}

/**
 * A Vite plugin serving the static API reference (`npm run docs`, dist/docs) at `/docs/` in
 * the dev server and in preview, building missing or outdated pages on the first request.
 * Options as for docsMiddleware; defaults to this project's contracts and dist/docs.
 * @param {DocsOptions} [options]
 * @returns {Plugin}
 */
export function docsPlugin(options = {}) {
  return {
    name: 'contract-docs',
    configureServer(server) {
      server.middlewares.use(docsMiddleware(options));
    },
    configurePreviewServer(server) {
      server.middlewares.use(docsMiddleware(options));
    },
  };
}
