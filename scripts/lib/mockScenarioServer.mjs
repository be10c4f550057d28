// @ts-check
// The dev and preview servers' side of QA mock scenarios: a page request's
// `?mock=` is kept in a session cookie, turned into `Prefer` headers on the
// proxied API calls, and the scenario panel is injected into the HTML they
// serve. The plugin applies to `vite` and `vite preview` only (never to
// `vite build`), so nothing of it reaches the production bundle.
import { readFileSync } from 'node:fs';
import {
  loadScenarioCatalogue,
  loadedScenarioCatalogue,
  panelCatalogue,
  parseScenario,
  preferFor,
  SCENARIO_PARAM,
} from './mockScenarios.mjs';

/** @import { IncomingMessage, ServerResponse } from 'node:http' */
/** @import { Connect, Plugin, PreviewServer, ProxyOptions, ViteDevServer } from 'vite' */

/** The session cookie (no Max-Age: it ends with the browser session) holding the active `?mock=` value. */
const SCENARIO_COOKIE = /** @type {const} */ ('mockScenario');

/** Where the servers serve the panel host's stylesheet. */
const PANEL_STYLE_PATH = '/__mock-scenarios/host.css';

/**
 * The panel's host element, served in the page so that the panel takes its place without moving
 * anything: its height comes from a stylesheet of its own (loaded before the first paint), as the
 * site's Content-Security-Policy allows no inline style but the build's.
 */
export const PANEL_HOST = `<link rel="stylesheet" href="${PANEL_STYLE_PATH}"><div id="mock-scenarios"></div>`;

/** Where the servers serve the panel's script. */
export const PANEL_SCRIPT_PATH = '/__mock-scenarios/panel.js';

const PANEL_SCRIPT = new URL('./mockScenarioPanel.js', import.meta.url);

/**
 * The `Set-Cookie` value that stores `value`, or clears the scenario when `value` is empty.
 * @param {string} value
 * @returns {string}
 */
export function scenarioCookie(value) {
  const attributes = 'Path=/; HttpOnly; SameSite=Lax';
  return value
    ? `${SCENARIO_COOKIE}=${encodeURIComponent(value)}; ${attributes}`
    : `${SCENARIO_COOKIE}=; Max-Age=0; ${attributes}`;
}

/**
 * The `?mock=` value of the page a request came from (its `Referer`), for a request sent without
 * cookies: the site calls some services with `credentials: 'omit'` (the banner flow before consent),
 * and those must meet the page's scenario too. '' when the page's address has none.
 * @param {string | undefined} referer
 * @returns {string}
 */
function refererScenario(referer) {
  try {
    return new URL(String(referer ?? '')).searchParams.get(SCENARIO_PARAM) ?? '';
  } catch {
    return '';
  }
}

/**
 * The stored `?mock=` value in a request's `Cookie` header; '' when there is none.
 * @param {string | undefined} cookieHeader
 * @returns {string}
 */
export function readScenarioCookie(cookieHeader) {
  for (const part of String(cookieHeader ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== SCENARIO_COOKIE) continue;
    try {
      return decodeURIComponent(rest.join('='));
    } catch {
      return '';
    }
  }
  return '';
}

/**
 * Wraps a proxy table (path → Vite `ProxyOptions`) so that each request to an
 * API's mock carries the `Prefer` header of the active scenario. The API is the
 * one whose port in `ports` the entry targets, so the proxy table stays the one
 * place mapping paths to APIs. The header is set after any `configure` of the
 * entry's own, so a QA choice overrides a proxy's own `Prefer`.
 * @template {Record<string, ProxyOptions>} T
 * @param {T} proxy
 * @param {Record<string, number>} ports
 * @returns {T}
 */
export function withMockScenarios(proxy, ports) {
  const apiOfPort = new Map(Object.entries(ports).map(([api, port]) => [String(port), api]));
  return /** @type {T} */ (
    Object.fromEntries(
      Object.entries(proxy).map(([path, options]) => {
        const api = options?.target ? apiOfPort.get(new URL(String(options.target)).port) : undefined;
        if (!api) return [path, options];
        /** @type {NonNullable<ProxyOptions['configure']>} */
        const configure = (server, opts) => {
          options.configure?.(server, opts);
          // Read the contracts now: a proxied request cannot wait for them.
          loadScenarioCatalogue().catch(() => {});
          server.on('proxyReq', (proxyReq, req) => {
            const catalogue = loadedScenarioCatalogue();
            const stored = readScenarioCookie(req.headers.cookie) || refererScenario(req.headers.referer);
            if (!stored || !catalogue) return;
            const parsed = parseScenario(stored, catalogue);
            const prefer = parsed.ok
              ? preferFor(
                  catalogue,
                  parsed.choices,
                  api,
                  req.method ?? 'GET',
                  /** @type {string} */ ((req.url ?? '/').split('?')[0]),
                )
              : undefined;
            if (prefer && !proxyReq.headersSent) proxyReq.setHeader('prefer', prefer);
          });
        };
        return [path, { ...options, configure }];
      }),
    )
  );
}

// A browser navigation (not a fetch or a script): the requests that choose a scenario and get the panel.
/**
 * @param {IncomingMessage} req
 * @returns {boolean}
 */
function isPageRequest(req) {
  if (req.method !== 'GET') return false;
  const dest = req.headers['sec-fetch-dest'];
  return dest ? dest === 'document' : String(req.headers.accept ?? '').includes('text/html');
}

/**
 * Lets the HTML page that `res` is about to send through with `snippet` before
 * `</body>`; any other answer passes unchanged. Conditional request headers are
 * dropped so the page is always sent whole (its panel state changes between
 * visits while the file does not). An answer already encoded (the preview's own
 * compression of a static file) is not a page it can edit, and passes unchanged.
 *
 * The wrappers stay on `res` for the whole answer and hand every call to the
 * methods they wrapped: a middleware further down the chain (the preview's
 * compression) wraps `res` again after this, and putting the old methods back
 * would silently remove its wrappers mid-answer (half a gzip stream, or a body
 * that never ends).
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 * @param {string} snippet
 * @returns {void}
 */
function injectIntoHtml(req, res, snippet) {
  delete req.headers['if-none-match'];
  delete req.headers['if-modified-since'];
  // The wrappers take every overload of the methods they replace: typed loosely, as Node's own are.
  const { writeHead, write, end } = /** @type {any} */ (res);
  /** @type {Buffer[]} */
  const chunks = [];
  /** @type {boolean | undefined} */
  let buffering;
  const decide = () => {
    buffering ??=
      res.statusCode === 200 &&
      String(res.getHeader('content-type') ?? '').includes('text/html') &&
      !res.getHeader('content-encoding');
    return buffering;
  };
  /** @type {(chunk: any, encoding?: BufferEncoding | Function) => void} */
  const keep = (chunk, encoding) => {
    if (chunk != null && typeof chunk !== 'function')
      chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? encoding : undefined));
  };
  /** @type {any} */ (res).writeHead = (
    /** @type {number} */ status,
    /** @type {any} */ reason,
    /** @type {any} */ headers,
  ) => {
    res.statusCode = status;
    const fields = typeof reason === 'object' ? reason : headers;
    if (typeof reason === 'string') res.statusMessage = reason;
    for (const [name, value] of Object.entries(fields ?? {})) res.setHeader(name, value);
    return decide() ? res : writeHead.call(res, status);
  };
  /** @type {any} */ (res).write = (
    /** @type {any} */ chunk,
    /** @type {any} */ encoding,
    /** @type {any} */ callback,
  ) => {
    if (!decide()) return write.call(res, chunk, encoding, callback);
    keep(chunk, encoding);
    (typeof encoding === 'function' ? encoding : callback)?.();
    return true;
  };
  /** @type {any} */ (res).end = (
    /** @type {any} */ chunk,
    /** @type {any} */ encoding,
    /** @type {any} */ callback,
  ) => {
    if (!decide()) return end.call(res, chunk, encoding, callback);
    keep(chunk, encoding);
    // From here on the page goes out through the wrapped methods (their own `writeHead` included).
    buffering = false;
    const page = Buffer.concat(chunks).toString('utf8');
    const withScripts = page.includes('</body>') ? page.replace('</body>', `${snippet}</body>`) : page + snippet;
    // The panel's place, first in the body and at its height from the first paint: it pushes the page
    // down by one bar (no layout shift when the panel arrives) and never covers any of its controls.
    const html = withScripts.replace(/<body[^>]*>/, (body) => `${body}${PANEL_HOST}`);
    res.removeHeader('etag');
    res.setHeader('cache-control', 'no-store');
    res.setHeader('content-length', Buffer.byteLength(html));
    // The head was held back with the page: send it now, down the wrapped chain (an outer wrapper's
    // `writeHead`, called later by `end`, may no longer pass it on).
    writeHead.call(res, res.statusCode);
    return end.call(
      res,
      html,
      'utf8',
      typeof chunk === 'function' ? chunk : typeof encoding === 'function' ? encoding : callback,
    );
  };
}

/**
 * The panel's markup for one page: its state as JSON (safe inside a script element) and its script.
 * @param {unknown} state
 * @returns {string}
 */
function panelSnippet(state) {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script type="application/json" id="mock-scenarios-state">${json}</script><script type="module" src="${PANEL_SCRIPT_PATH}"></script>`;
}

/**
 * The middleware of both servers: serves the panel's script; on a page request
 * applies `?mock=` (a valid value is stored in the cookie, `?mock=` alone clears
 * it, a refused one keeps the previous state and its message goes to the panel)
 * and injects the panel with the active choice.
 * @returns {Connect.NextHandleFunction}
 */
export function scenarioMiddleware() {
  return async (req, res, next) => {
    try {
      const url = new URL(req.url ?? '/', 'http://site.invalid');
      if (url.pathname === PANEL_SCRIPT_PATH) {
        res.setHeader('content-type', 'text/javascript; charset=utf-8');
        res.setHeader('cache-control', 'no-store');
        res.end(readFileSync(PANEL_SCRIPT));
        return;
      }
      if (url.pathname === PANEL_STYLE_PATH) {
        res.setHeader('content-type', 'text/css; charset=utf-8');
        res.setHeader('cache-control', 'no-store');
        res.end('#mock-scenarios { display: block; min-height: 2.75rem; }\n');
        return;
      }
      // The API reference pages at /docs are not the site: no panel there.
      if (!isPageRequest(req) || url.pathname.startsWith('/docs')) return next();
      const catalogue = await loadScenarioCatalogue();
      let active = parseScenario(readScenarioCookie(req.headers.cookie), catalogue);
      /** @type {string | null} */
      let error = active.ok ? null : active.error;
      if (url.searchParams.has(SCENARIO_PARAM)) {
        const chosen = parseScenario(url.searchParams.get(SCENARIO_PARAM) ?? '', catalogue);
        if (chosen.ok) {
          res.setHeader('set-cookie', scenarioCookie(chosen.value));
          active = chosen;
          error = null;
        } else {
          error = chosen.error;
        }
      }
      const state = {
        param: SCENARIO_PARAM,
        apis: panelCatalogue(catalogue),
        active: active.ok ? active.value : '',
        error,
      };
      injectIntoHtml(req, res, panelSnippet(state));
      next();
    } catch (error) {
      next(error);
    }
  };
}

/**
 * Vite plugin: QA mock scenarios in `vite` (dev) and `vite preview`. Pair it
 * with {@link withMockScenarios} on the proxy table. Not applied to builds. `panel: false` leaves
 * pages as a visitor's host serves them (no `?mock=` handling, no injected panel); the scenario
 * cookie still applies. Defaults to true.
 * @param {{ panel?: boolean }} [options]
 * @returns {Plugin}
 */
export function mockScenarios({ panel = true } = {}) {
  /** @param {ViteDevServer | PreviewServer} server */
  const install = (server) => {
    if (!panel) return;
    // Start reading the contracts now; the first page request waits for them.
    loadScenarioCatalogue().catch((error) => server.config.logger.error(`Mock scenarios: ${error.message}`));
    server.middlewares.use(scenarioMiddleware());
  };
  return { name: 'mock-scenarios', apply: 'serve', configureServer: install, configurePreviewServer: install };
}
