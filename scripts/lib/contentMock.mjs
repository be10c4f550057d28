// @ts-check
// The content mock's routing. Prism picks an answer by example name or status (`Prefer`), never by
// query value, so whatever serves the site against the mock (the dev and preview proxy, the
// prerender build) turns a layout request's `item` into `Prefer` here. This mapping lives only in
// the mock layer: the site's own requests never carry `Prefer`.
import { statSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { join } from 'node:path';
import { freePort, root, startPrism } from './prism.mjs';
import { readContract } from '../contract/contracts.mjs';

/** @import { AddressInfo } from 'node:net' */
/** @import { OutgoingHttpHeaders } from 'node:http' */
/** @import { PrismServer } from './prism.mjs' */

/**
 * Options of the mapping.
 * @typedef {object} PreferOptions
 * @property {string} [mode] `edit` or `preview` selects an item's `.edit` or `.preview` example when there is
 * one. Defaults to normal.
 * @property {string} [language] The content language (`sc_lang`): another than `en` selects the item's
 * `.<language>` example (`home.de`, `home.de.preview`), and no example in it answers 404. Defaults to `en`.
 * @property {ReadonlySet<string>} [examples] The example names to choose from. Defaults to the content contract's.
 */

/**
 * A route of the mock's route listing.
 * @typedef {{ path: string; name: string; language: string; lastModified: string }} ListedRoute
 */

/** Path of the layout service, as the mock serves it (the site reaches it below its own prefix). */
export const LAYOUT_PATH = /** @type {const} */ ('/sitecore/api/layout/render/jss');

/** Path of the dictionary service below the content host, up to the app (`/aero/<language>` follows). */
const DICTIONARY_PATH = /** @type {const} */ ('/sitecore/api/jss/dictionary/');

/** Path of the route listing below the content host. */
const ROUTES_PATH = /** @type {const} */ ('/sitecore/api/jss/routes');

/** The content language of a request without `sc_lang`: its examples carry no language in their name. */
const DEFAULT_CONTENT_LANGUAGE = 'en';

/** The content contract whose examples the mock answers with. */
export const CONTENT_SPEC = join(root, 'openapi', 'content', 'openapi.yaml');

/**
 * An item path as the platform matches it: leading `/`, no trailing `/`, lower case
 * (`/Capabilities/Space/` → `/capabilities/space`).
 * @param {string} item
 * @returns {string}
 */
function normaliseItem(item) {
  const path = `/${String(item)
    .trim()
    .replace(/^\/+/, '')
    .replace(/(?<!\/)\/+$/, '')}`;
  return path.toLowerCase();
}

/**
 * The example name of an item path (the contract's naming rule): segments joined with `-`,
 * `/` is `home`, a wildcard segment `*` is spelt `wildcard` (`/products/*` → `products-wildcard`).
 * @param {string} item
 * @returns {string}
 */
export function exampleNameFor(item) {
  const path = normaliseItem(item);
  if (path === '/') return 'home';
  return path
    .slice(1)
    .split('/')
    .map((segment) => (segment === '*' ? 'wildcard' : segment))
    .join('-');
}

/** @type {{ spec: string; mtime: number; names: ReadonlySet<string>; dictionaries: ReadonlySet<string>; listings: ReadonlySet<string> } | undefined} */
let cached;

/**
 * Names of the layout service's 200 examples in `spec` (defaults to the content contract),
 * re-read when the file changes so an edited contract is picked up without a restart.
 * @param {string} [spec]
 * @returns {ReadonlySet<string>}
 */
export function layoutExampleNames(spec = CONTENT_SPEC) {
  const mtime = statSync(spec).mtimeMs;
  if (cached?.spec === spec && cached.mtime === mtime) return cached.names;
  const doc = readContract(spec);
  const names = (/** @type {string} */ path) =>
    Object.keys(
      Object.entries(doc.paths ?? {}).find(([key]) => key.startsWith(path))?.[1]?.get?.responses?.['200']?.content?.[
        'application/json'
      ]?.examples ?? {},
    );
  cached = {
    spec,
    mtime,
    names: new Set(names(LAYOUT_PATH)),
    dictionaries: new Set(names(DICTIONARY_PATH)),
    listings: new Set(names(ROUTES_PATH)),
  };
  return cached.names;
}

/**
 * Names of the dictionary service's and the route listing's 200 examples in `spec` (defaults to the
 * content contract), re-read with {@link layoutExampleNames}.
 * @param {string} [spec]
 * @returns {{ dictionaries: ReadonlySet<string>; listings: ReadonlySet<string> }}
 */
function serviceExampleNames(spec = CONTENT_SPEC) {
  layoutExampleNames(spec);
  const { dictionaries, listings } = /** @type {NonNullable<typeof cached>} */ (cached);
  return { dictionaries, listings };
}

/**
 * The routes the mock's route listing answers in `language` (`GET /sitecore/api/jss/routes`,
 * example `aero` of `spec` in English, `aero.<language>` in another; `spec` defaults to the
 * content contract): `{ path, name, language, lastModified }` each, in order; none for a language
 * the listing has no example of.
 * @param {string} [spec]
 * @param {string} [language]
 * @returns {ListedRoute[]}
 */
export function listedRoutes(spec = CONTENT_SPEC, language = DEFAULT_CONTENT_LANGUAGE) {
  const doc = readContract(spec);
  const name = language === DEFAULT_CONTENT_LANGUAGE ? 'aero' : `aero.${language}`;
  return doc.paths[ROUTES_PATH].get.responses['200'].content['application/json'].examples[name]?.value.routes ?? [];
}

/**
 * The `Prefer` value that makes the mock answer `item`: `example=<name>` for the item's own
 * example, else for its parent's wildcard item (`/products/abc` → `/products/*`, one level, as
 * the platform matches wildcards), with `.edit` or `.preview` appended in edit or preview mode when
 * such an example exists; `code=404` (the `route: null` answer) when none matches.
 * `examples` defaults to the content contract's example names.
 * @param {string} item
 * @param {PreferOptions} [options]
 * @returns {string}
 */
export function preferForItem(item, { mode, language, examples = layoutExampleNames() } = {}) {
  const path = normaliseItem(item);
  const candidates = [path];
  if (path !== '/') candidates.push(path.replace(/\/[^/]*$/, '/*'));
  const inLanguage = language && language !== DEFAULT_CONTENT_LANGUAGE ? `.${language}` : '';
  for (const candidate of candidates) {
    const name = `${exampleNameFor(candidate)}${inLanguage}`;
    if (!examples.has(name)) continue;
    const editor = mode === 'edit' || mode === 'preview' ? `${name}.${mode}` : undefined;
    return editor && examples.has(editor) ? `example=${editor}` : `example=${name}`;
  }
  return 'code=404';
}

/**
 * The `Prefer` value for a request URL (absolute or a path, any prefix before the service's path):
 * a layout request with an `item` by {@link preferForItem} (its `sc_mode` and `sc_lang`), a
 * dictionary request by its language (`example=de`, `code=404` for a language without one), a
 * route listing by its `sc_lang` (`example=aero.de`, `code=404` likewise); `undefined` for anything
 * else (Prism then answers as usual, e.g. 400 for a layout request without `item`).
 * @param {string} url
 * @param {Omit<PreferOptions, 'mode' | 'language'>} [options]
 * @returns {string | undefined}
 */
export function preferForRequest(url, options) {
  const parsed = new URL(url, 'http://mock.invalid');
  const language = parsed.searchParams.get('sc_lang') ?? undefined;
  const dictionary = parsed.pathname.indexOf(DICTIONARY_PATH);
  if (dictionary >= 0) {
    const lang = parsed.pathname.slice(dictionary + DICTIONARY_PATH.length).split('/')[1];
    if (!lang) return undefined;
    return serviceExampleNames().dictionaries.has(lang) ? `example=${lang}` : 'code=404';
  }
  if (parsed.pathname.endsWith(ROUTES_PATH)) {
    const name = !language || language === DEFAULT_CONTENT_LANGUAGE ? 'aero' : `aero.${language}`;
    return serviceExampleNames().listings.has(name) ? `example=${name}` : 'code=404';
  }
  if (!parsed.pathname.endsWith(LAYOUT_PATH)) return undefined;
  const item = parsed.searchParams.get('item');
  if (!item) return undefined;
  return preferForItem(item, { mode: parsed.searchParams.get('sc_mode') ?? undefined, language, ...options });
}

/**
 * Serves the content mock as a content host: an HTTP front on a free loopback port that adds the
 * `Prefer` of {@link preferForRequest} and passes everything else to Prism at `prismUrl` (started
 * here on a free port when not given, and stopped with the front). The static build reads layout
 * data from it as it would from a delivery host. Returns `{ url, stop }`.
 * @param {{ prismUrl?: string }} [options]
 * @returns {Promise<{ url: string; stop(): Promise<void> }>}
 */
export async function startContentMock({ prismUrl } = {}) {
  /** @type {PrismServer | undefined} */
  let prism;
  if (!prismUrl) {
    prism = startPrism('content', { port: await freePort() });
    await prism.ready;
    prismUrl = prism.url;
  }
  const upstream = new URL(prismUrl);
  const front = createServer((req, res) => {
    /** @type {OutgoingHttpHeaders} */
    const headers = { ...req.headers, host: upstream.host };
    const prefer = headers.prefer === undefined ? preferForRequest(req.url ?? '/') : undefined;
    if (prefer) headers.prefer = prefer;
    const forward = request(
      { hostname: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', (error) =>
      res.writeHead(502, { 'content-type': 'text/plain' }).end(`content mock: ${error.message}`),
    );
    req.pipe(forward);
  });
  await /** @type {Promise<void>} */ (new Promise((resolve) => front.listen(0, '127.0.0.1', resolve)));
  const { port } = /** @type {AddressInfo} */ (front.address());
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await /** @type {Promise<void>} */ (new Promise((resolve) => front.close(() => resolve())));
      await prism?.stop();
    },
  };
}
