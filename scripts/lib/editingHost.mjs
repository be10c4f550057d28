// @ts-check
// The editing host: the server the content platform's editors call, never visitors
// (../shared/reference/content-platform.md, "Two edit modes, and the editing host"). It lists the
// components the site renders, and renders a route's page on the server in the editor's mode, from
// the layout service (the metadata editor's GET) or from the layout answer the editor posts (the
// chromes editor's POST), with the same App as the static build (src/site/editingRender.tsx). Every
// call carries the secret the platform shares with it; anything else it serves is the site's client
// code, for the page to hydrate (editingSite.mjs).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { loadEnv } from 'vite';
import { openEditingSite } from './editingSite.mjs';
import { MOCK_BACKED_MODE, root } from './prism.mjs';
import { fillTemplate } from './prerender/pages.mjs';
import { routePathProblem } from './prerender/routePaths.mjs';
import {
  isObject,
  parseJson,
  quote,
  readBody,
  RequestProblem,
  secretMatcher,
  sendJson,
  listenOnLoopback,
  closeServer,
} from './serverParts.mjs';

/** @import { IncomingMessage, ServerResponse } from 'node:http' */
/** @import { EditingSite, Page, Renderer } from './editingSite.mjs' */

/** The editing host's port unless told otherwise (the site's dev server is on 5173). */
export const EDITING_HOST_PORT = 5174;

/** The secret of the mock-backed mode when `JSS_EDITING_SECRET` is unset: a documented value, no secret. */
export const DEV_EDITING_SECRET = 'dev-editing-secret';

/** What every call without the right secret gets (401), whatever it asked. */
export const UNAUTHORIZED_MESSAGE = 'Missing or invalid editing secret';

/** The largest body `POST /api/editing/render` reads (a layout answer in edit mode is 100-500 KB). */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

const CONFIG_PATH = '/api/editing/config';
const RENDER_PATH = '/api/editing/render';
/** @type {Record<string, string[]>} */
const METHODS = { [CONFIG_PATH]: ['GET'], [RENDER_PATH]: ['GET', 'POST'] };
const RENDER_PARAMS = ['sc_site', 'sc_itemid', 'sc_lang', 'route', 'mode'];
// Sent with every answer: an editor's page is never cached, indexed, or told where it was framed.
const COMMON_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex',
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
};
// Slow clients do not hold a connection: the renders' own deadline is the content client's.
const REQUEST_DEADLINE_MS = 30_000;

/**
 * Options of {@link startEditingHost}.
 * @typedef {object} EditingHostOptions
 * @property {number} [port] Defaults to 5174; 0 for a free one.
 * @property {string} [mode] The Vite mode: the mock-backed `development` serves through Vite, any other builds first. Defaults to `development`.
 * @property {string} [secret] Defaults to `JSS_EDITING_SECRET`, then (in the mock-backed mode only) {@link DEV_EDITING_SECRET}.
 * @property {string} [contentPrismUrl] The content Prism of the mock-backed mode. Defaults to the one on its fixed port, else one started here.
 * @property {Partial<Record<import('./prism.mjs').ApiName, number>>} [mockPorts] The mock-backed mode's other mocks (the page's own calls go there). Defaults to their fixed ports.
 * @property {(line: string) => void} [log] One line per editing call, without its secret. Defaults to `console.log`.
 * @property {string} [viteCacheDir] The dev server's cache. Defaults to its own, apart from `npm start`'s site.
 */

/**
 * The secret and the editor's origin (`VITE_EDITOR_ORIGIN`: the pages may be framed by it) of `mode`,
 * from `env`. In the mock-backed mode the secret defaults to {@link DEV_EDITING_SECRET} and the
 * editor is the host itself (`VITE_EDITOR_ORIGIN` unset or a same-origin path, as `.env.development`
 * has it); any other mode needs both, the editor on https. Throws naming every problem.
 * @param {string} mode
 * @param {Record<string, string | undefined>} env
 * @param {string} [secret]
 * @returns {{ secret: string; editorOrigin: string | undefined }}
 */
export function editingSettings(mode, env, secret = env.JSS_EDITING_SECRET) {
  const development = mode === MOCK_BACKED_MODE;
  const problems = [];
  if (!secret && development) secret = DEV_EDITING_SECRET;
  else if (!secret)
    problems.push(`JSS_EDITING_SECRET is not set: the ${mode} editing host needs the secret the platform sends`);
  else if (!development && secret === DEV_EDITING_SECRET) problems.push('JSS_EDITING_SECRET is the development value');
  const setting = env.VITE_EDITOR_ORIGIN || undefined;
  /** @type {string | undefined} */
  let editorOrigin;
  if (setting === undefined || (development && setting.startsWith('/') && !setting.startsWith('//'))) {
    if (!development)
      problems.push("VITE_EDITOR_ORIGIN is not set: the platform's page editor must be allowed to frame the pages");
  } else {
    const url = URL.canParse(setting) ? new URL(setting) : undefined;
    if (url?.protocol === 'https:' || (development && url?.protocol === 'http:')) editorOrigin = url.origin;
    else problems.push(`VITE_EDITOR_ORIGIN ${quote(setting)} is not an ${development ? 'http(s)' : 'https'} URL`);
  }
  if (problems.length > 0) throw new Error(`editing host (${mode}): ${problems.join('; ')}`);
  return { secret: /** @type {string} */ (secret), editorOrigin };
}

/**
 * Why `route` is no item path an editor can open (a path of the site: see `routePathProblem`), or null.
 * @param {string} route
 * @returns {string | null}
 */
function routeProblem(route) {
  // A wildcard item (`/products/*`) is edited like any other, unlike the static build's routes.
  return routePathProblem(route.replace(/\*/g, '_'), 'http://editing-host.invalid');
}

/**
 * The render call's page, checked: `GET` (the metadata editor: every parameter named in the query)
 * or `POST` (the chromes editor's `renderView` call with the layout answer and the view bag).
 * @param {IncomingMessage} req
 * @param {URL} url
 * @param {{ renderer: Renderer; languages: string[] }} site
 * @returns {Promise<Page & { path: string }>}
 */
async function renderCall(req, url, { renderer, languages }) {
  /** @type {(language: unknown, what: string) => string} */
  const siteLanguage = (language, what) => {
    if (typeof language === 'string' && languages.includes(language)) return language;
    throw new RequestProblem(400, `${what} ${quote(language)} is not a language of the site (${languages.join(', ')})`);
  };
  if (req.method === 'GET') {
    const query = url.searchParams;
    const missing = RENDER_PARAMS.filter((name) => !query.get(name));
    if (missing.length > 0) throw new RequestProblem(400, `Missing query parameters: ${missing.join(', ')}`);
    const [site, itemId, lang, route, mode] = /** @type {[string, string, string, string, string]} */ (
      RENDER_PARAMS.map((name) => query.get(name))
    );
    if (mode !== 'edit' && mode !== 'preview')
      throw new RequestProblem(400, `mode must be edit or preview (got ${quote(mode)})`);
    const problem = routeProblem(route);
    if (problem) throw new RequestProblem(400, `route ${quote(route)} ${problem}`);
    const language = siteLanguage(lang, 'sc_lang');
    return { path: route, ...(await renderer.renderRoute({ route, language, site, itemId, mode })) };
  }
  const text = await readBody(req, MAX_BODY_BYTES);
  if (text === undefined) throw new RequestProblem(413, `The body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB`);
  const call = parseJson(text, 'The body');
  if (!isObject(call))
    throw new RequestProblem(400, 'The body must be an object { id, functionName, moduleName, args }');
  const { functionName, args } = /** @type {Record<string, unknown>} */ (call);
  if (functionName !== 'renderView')
    throw new RequestProblem(400, `functionName must be "renderView" (got ${quote(functionName)})`);
  if (!Array.isArray(args) || args.length !== 3 || !args.every((arg) => typeof arg === 'string'))
    throw new RequestProblem(400, 'args must be 3 strings: [path, the layout answer as JSON, the view bag as JSON]');
  const [rawPath, layoutJson, viewBagJson] = /** @type {[string, string, string]} */ (args);
  // The editor's path may carry its query (`/about?sc_mode=edit`): the item is the path before it.
  const path = /** @type {string} */ (rawPath.split(/[?#]/)[0]);
  const problem = routeProblem(path);
  if (problem) throw new RequestProblem(400, `args[0] (the path) ${quote(path)} ${problem}`);
  const layout = parseJson(layoutJson, 'args[1] (the layout answer)');
  const sitecore = isObject(layout) ? /** @type {Record<string, unknown>} */ (layout).sitecore : undefined;
  if (!isObject(sitecore) || !isObject(/** @type {Record<string, unknown>} */ (sitecore).context))
    throw new RequestProblem(400, 'args[1] (the layout answer) has no sitecore.context object');
  const { context, route } = /** @type {{ context: Record<string, unknown>; route?: unknown }} */ (sitecore);
  if (route !== null && !isObject(route))
    throw new RequestProblem(400, 'args[1] (the layout answer) has no sitecore.route (an object, or null for no item)');
  const viewBag = parseJson(viewBagJson, 'args[2] (the view bag)');
  const dictionary = isObject(viewBag) ? /** @type {Record<string, unknown>} */ (viewBag).dictionary : undefined;
  if (!isObject(dictionary)) throw new RequestProblem(400, 'args[2] (the view bag) has no dictionary object');
  const odd = Object.entries(/** @type {object} */ (dictionary)).find(([, text]) => typeof text !== 'string');
  if (odd) throw new RequestProblem(400, `args[2] (the view bag): dictionary entry ${quote(odd[0])} is not a string`);
  const language = siteLanguage(
    /** @type {Record<string, unknown>} */ (viewBag).language ?? context.language,
    'args[2] (the view bag) language',
  );
  const page = await renderer.renderLayout({
    path,
    layout,
    language,
    dictionary: /** @type {Record<string, string>} */ (dictionary),
  });
  return { path, ...page };
}

/**
 * The request's URL (its target read as a path: `//x` is no host).
 * @param {IncomingMessage} req
 * @returns {URL}
 */
const requestUrl = (req) => new URL(`http://editing-host.invalid${req.url?.startsWith('/') ? req.url : '/'}`);

/**
 * The host's request handler: `/api/editing/*` here (the secret first, compared in constant time),
 * anything else to the site's client files.
 * @param {{ site: EditingSite; secret: string; editorOrigin: string | undefined; log: (line: string) => void }} options
 * @returns {(req: IncomingMessage, res: ServerResponse) => Promise<void>}
 */
function editingHandler({ site, secret, editorOrigin, log }) {
  const matches = secretMatcher(secret);
  const frameAncestors = `frame-ancestors 'self'${editorOrigin ? ` ${editorOrigin}` : ''}`;
  const packages = sdkPackages();
  /** @type {(req: IncomingMessage, res: ServerResponse) => Promise<void>} */
  const handle = async (req, res) => {
    for (const [name, value] of Object.entries(COMMON_HEADERS)) res.setHeader(name, value);
    const url = requestUrl(req);
    if (!url.pathname.startsWith('/api/editing/')) {
      return site.assets(req, res, (/** @type {unknown} */ error) =>
        error
          ? sendJson(res, 500, { message: 'The editing host failed' })
          : sendJson(res, 404, { message: 'Not found' }),
      );
    }
    const started = Date.now();
    url.searchParams.delete('secret'); // what the log shows
    res.on('finish', () =>
      log(`${req.method} ${url.pathname}${url.search} → ${res.statusCode} (${Date.now() - started} ms)`),
    );
    const methods = METHODS[url.pathname];
    if (!methods) return sendJson(res, 404, { message: `No editing endpoint at ${url.pathname}` });
    const given = requestUrl(req).searchParams.get('secret');
    if (!matches(given)) return sendJson(res, 401, { message: UNAUTHORIZED_MESSAGE });
    if (!methods.includes(req.method ?? '')) {
      res.setHeader('Allow', methods.join(', '));
      return sendJson(res, 405, { message: `${req.method} is not allowed here: use ${methods.join(' or ')}` });
    }
    try {
      const loaded = await site.load();
      if (url.pathname === CONFIG_PATH) {
        return sendJson(res, 200, { components: loaded.renderer.components, packages, editMode: 'metadata' });
      }
      const page = await renderCall(req, url, loaded);
      const html = fillTemplate(await site.template(page.path), { ...page, preloads: '' });
      if (req.method === 'POST') return sendJson(res, 200, { html });
      res.setHeader('Content-Security-Policy', frameAncestors);
      res.writeHead(page.status, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
    } catch (error) {
      if (error instanceof RequestProblem) {
        if (error.status === 413) res.setHeader('Connection', 'close');
        return sendJson(res, error.status, { message: error.message });
      }
      const failure = /** @type {Error} */ (error);
      // The layout service's failures are its own (502); anything else is the render's (500).
      const upstream = failure.name === 'LayoutServiceError';
      if (!upstream) log(`${url.pathname} failed: ${failure.stack ?? failure.message}`);
      sendJson(res, upstream ? 502 : 500, { message: upstream ? failure.message : 'The page could not be rendered' });
    }
  };
  return (req, res) =>
    handle(req, res).catch((error) => {
      log(`${requestUrl(req).pathname} failed: ${error instanceof Error ? error.message : String(error)}`);
      if (res.headersSent) res.destroy();
      else sendJson(res, 500, { message: 'The editing host failed' });
    });
}

/**
 * The packages the editor is told the site renders with: this project's own name and version, and
 * the installed React, React DOM and TanStack Query.
 * @returns {Record<string, string>}
 */
function sdkPackages() {
  const read = (/** @type {string} */ file) => JSON.parse(readFileSync(file, 'utf8'));
  const own = read(join(root, 'package.json'));
  /** @type {Record<string, string>} */
  const packages = { [own.name]: own.version };
  for (const name of ['react', 'react-dom', '@tanstack/react-query'])
    packages[name] = read(join(root, 'node_modules', name, 'package.json')).version;
  return packages;
}

/**
 * Starts the editing host on 127.0.0.1:`port` for `mode` (see {@link EditingHostOptions}): in the
 * mock-backed mode through Vite against the content mock, in any other after building the site for
 * it (its settings, `JSS_EDITING_SECRET` and `VITE_EDITOR_ORIGIN` required). Returns its URL and
 * `stop()`, which stops everything it started.
 * @param {EditingHostOptions} [options]
 * @returns {Promise<{ url: string; stop(): Promise<void> }>}
 */
export async function startEditingHost({
  port = EDITING_HOST_PORT,
  mode = MOCK_BACKED_MODE,
  secret,
  contentPrismUrl,
  mockPorts,
  log = (line) => console.log(line),
  viteCacheDir = join(root, 'node_modules', '.cache', 'vite-editing-host'),
} = {}) {
  const settings = editingSettings(mode, { ...loadEnv(mode, root, ''), ...process.env }, secret);
  const server = createServer();
  server.requestTimeout = REQUEST_DEADLINE_MS;
  const site = await openEditingSite({ mode, server, contentPrismUrl, mockPorts, cacheDir: viteCacheDir, log });
  server.on('request', editingHandler({ site, ...settings, log }));
  let url;
  try {
    url = await listenOnLoopback(server, port, 'editing host');
  } catch (error) {
    await site.close();
    throw error;
  }
  return {
    url,
    async stop() {
      await closeServer(server);
      await site.close();
    },
  };
}
