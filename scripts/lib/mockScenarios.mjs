// @ts-check
// QA mock scenarios: which answers each API's mock can give (read from the
// contracts), the `?mock=` syntax that picks them, and the `Prefer` header each
// proxied request gets. Used by the dev and preview servers only
// (mockScenarioServer.mjs), never by the site's bundle.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { loadContract, operationMatcher, resolveRef } from '../contract/contracts.mjs';
import { contractApis } from './apis.mjs';
import { root } from './prism.mjs';

/** @import { OpenApiDocument } from '../contract/contracts.mjs' */

/**
 * The declared answers of one operation: status codes, and the code whose response holds each named example.
 * @typedef {object} ScenarioOperation
 * @property {string[]} codes
 * @property {Map<string, string>} exampleCodes
 */

/**
 * One API's scenario catalogue, read from its contract.
 * @typedef {object} ScenarioApi
 * @property {string[]} examples
 * @property {string[]} codes
 * @property {Map<string, ScenarioOperation>} operations
 * @property {(method: string, pathname: string) => ScenarioOperation | undefined} operationOf
 */

/** @typedef {Record<string, ScenarioApi>} ScenarioCatalogue */

/**
 * One validated `api:choice` entry.
 * @typedef {{ api: string; kind: 'example'; example: string; text: string }
 *   | { api: string; kind: 'code'; code: string; text: string }
 *   | { api: string; kind: 'dynamic'; text: string }} ScenarioChoice
 */

/** @typedef {{ ok: true; choices: ScenarioChoice[]; value: string } | { ok: false; error: string }} ParsedScenario */

/**
 * A catalogue being loaded for one set of contract files, and the last one loaded.
 * @typedef {{ stamp: string; loading: Promise<ScenarioCatalogue>; loaded: ScenarioCatalogue | undefined }} CacheEntry
 */

/** The page URL's query parameter that chooses a scenario: `?mock=search:noResults,oneconnect:code=500`. */
export const SCENARIO_PARAM = /** @type {const} */ ('mock');

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * One operation's declared answers: status codes, and which code holds each named example.
 * @param {OpenApiDocument} doc
 * @param {any} operation
 * @returns {ScenarioOperation}
 */
function describeOperation(doc, operation) {
  /** @type {string[]} */
  const codes = [];
  /** @type {Map<string, string>} */
  const exampleCodes = new Map();
  for (const [code, raw] of Object.entries(operation.responses ?? {})) {
    // `default` and ranges such as `2XX` cannot be asked for with `Prefer: code=`.
    if (!/^\d{3}$/.test(code)) continue;
    codes.push(code);
    for (const media of Object.values(resolveRef(doc, raw)?.content ?? {})) {
      for (const name of Object.keys(media?.examples ?? {})) if (!exampleCodes.has(name)) exampleCodes.set(name, code);
    }
  }
  return { codes, exampleCodes };
}

/**
 * Builds one API's catalogue from its parsed contract: `{ examples, codes, operationOf, operations }`.
 * @param {OpenApiDocument} doc
 * @returns {ScenarioApi}
 */
function describeApi(doc) {
  /** @type {Map<string, ScenarioOperation>} */
  const operations = new Map();
  /** @type {Set<string>} */
  const examples = new Set();
  /** @type {Set<string>} */
  const codes = new Set();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS.filter((m) => item?.[m])) {
      const described = describeOperation(doc, item[method]);
      operations.set(`${method.toUpperCase()} ${path}`, described);
      for (const name of described.exampleCodes.keys()) examples.add(name);
      for (const code of described.codes) codes.add(code);
    }
  }
  const match = operationMatcher(doc);
  return {
    examples: [...examples],
    codes: [...codes].sort(),
    operations,
    /** The declared answers of the operation a proxied request is for, or undefined. */
    operationOf(method, pathname) {
      const found = match(method, pathname);
      return found ? operations.get(`${found.method} ${found.path}`) : undefined;
    },
  };
}

// Shared by every copy of this module in the process: Vite bundles vite.config.ts
// with its imports, so the proxy hook and the plugin may run separate copies.
const CACHE = Symbol.for('aero-site.mockScenarios.catalogue');
const cache = /** @type {{ current: CacheEntry | undefined }} */ (
  /** @type {Record<symbol, unknown>} */ (globalThis)[CACHE] ??= { current: undefined }
);

/**
 * The scenario catalogue of every API with a contract (`contractApis()`), keyed
 * by API name, reloaded when a contract file changes. Defaults to this project's
 * `openapi/<api>/openapi.yaml` files.
 * @param {{ dir?: string; apis?: string[] }} [options]
 * @returns {Promise<ScenarioCatalogue>}
 */
export async function loadScenarioCatalogue({ dir = root, apis = contractApis(dir) } = {}) {
  const files = apis.map((api) => join(dir, 'openapi', api, 'openapi.yaml'));
  const stamp = `${dir}|${files.map((f) => `${f}@${statSync(f).mtimeMs}`).join('|')}`;
  if (cache.current?.stamp !== stamp) {
    const loading = Promise.all(files.map((f) => loadContract(f))).then((docs) =>
      Object.fromEntries(apis.map((api, i) => [api, describeApi(/** @type {OpenApiDocument} */ (docs[i]))])),
    );
    /** @type {CacheEntry} */
    const entry = { stamp, loading, loaded: cache.current?.loaded };
    cache.current = entry;
    loading.then(
      (catalogue) => {
        entry.loaded = catalogue;
      },
      () => {},
    );
  }
  return cache.current.loading;
}

/**
 * The catalogue last loaded by {@link loadScenarioCatalogue}, for synchronous callers (the proxy); undefined before.
 * @returns {ScenarioCatalogue | undefined}
 */
export function loadedScenarioCatalogue() {
  return cache.current?.loaded;
}

/**
 * The valid choices of one API, as written after `api:`: its examples, `code=NNN` per declared code, and `dynamic`.
 * @param {ScenarioApi} api
 * @returns {string[]}
 */
function choicesOf(api) {
  return [...api.examples, ...api.codes.map((c) => `code=${c}`), 'dynamic'];
}

/**
 * Parses one `api:choice` entry; returns `{ choice }` or `{ error }`.
 * @param {string} entry
 * @param {ScenarioCatalogue} catalogue
 * @returns {{ choice: ScenarioChoice; error?: undefined } | { choice?: undefined; error: string }}
 */
function parseEntry(entry, catalogue) {
  const apiNames = Object.keys(catalogue);
  const colon = entry.indexOf(':');
  const apiName = (colon < 0 ? entry : entry.slice(0, colon)).trim();
  const text = colon < 0 ? '' : entry.slice(colon + 1).trim();
  const api = Object.hasOwn(catalogue, apiName) ? catalogue[apiName] : undefined;
  if (!api) return { error: `unknown API "${apiName}". Valid APIs: ${apiNames.join(', ')}.` };
  if (!text) {
    return {
      error: `"${entry}" names no choice: write ${apiName}:<example>, ${apiName}:code=NNN or ${apiName}:dynamic. Valid choices for ${apiName}: ${choicesOf(api).join(', ')}.`,
    };
  }
  if (text === 'dynamic') return { choice: { api: apiName, kind: 'dynamic', text } };
  if (text.startsWith('code=')) {
    const code = text.slice('code='.length);
    const valid = `Valid codes for ${apiName}: ${api.codes.map((c) => `code=${c}`).join(', ')}.`;
    if (!/^\d{3}$/.test(code)) return { error: `"${text}" is not a status code (write code=NNN). ${valid}` };
    if (!api.codes.includes(code)) return { error: `${apiName} declares no status code ${code}. ${valid}` };
    return { choice: { api: apiName, kind: 'code', code, text } };
  }
  if (!api.examples.includes(text)) {
    return {
      error: `${apiName} has no example "${text}". Valid choices for ${apiName}: ${choicesOf(api).join(', ')}.`,
    };
  }
  return { choice: { api: apiName, kind: 'example', example: text, text } };
}

/**
 * Parses and validates a `?mock=` value against the catalogue. Entries are
 * comma-separated `api:choice` (an example name, `code=NNN` or `dynamic`); an
 * empty value clears the scenario. Returns `{ ok: true, choices, value }` with
 * the normalised value, or `{ ok: false, error }` naming every refused entry and
 * its valid choices: one bad entry refuses the whole value.
 * @param {string} raw
 * @param {ScenarioCatalogue} catalogue
 * @returns {ParsedScenario}
 */
export function parseScenario(raw, catalogue) {
  const entries = [
    ...new Set(
      String(raw)
        .split(',')
        .map((e) => e.trim())
        .filter(Boolean),
    ),
  ];
  /** @type {ScenarioChoice[]} */
  const choices = [];
  /** @type {string[]} */
  const errors = [];
  for (const entry of entries) {
    const { choice, error } = parseEntry(entry, catalogue);
    if (error) errors.push(error);
    else if (choice) choices.push(choice);
  }
  if (errors.length > 0) return { ok: false, error: `Mock scenario "${raw}" refused: ${errors.join(' ')}` };
  return { ok: true, choices, value: choices.map((c) => `${c.api}:${c.text}`).join(',') };
}

/**
 * The `Prefer` header for one proxied request to `api`'s mock, or undefined for
 * the mock's default answer. A choice applies only to the operations that
 * declare it, because Prism answers 404 to an example or code the operation
 * lacks: an example is sent with the status code whose response holds it
 * (Prism looks for it only there), `code=NNN` only where NNN is declared,
 * `dynamic` everywhere. When several choices for one API apply, the first wins.
 * @param {ScenarioCatalogue | undefined} catalogue
 * @param {ScenarioChoice[]} choices
 * @param {string} api
 * @param {string} method
 * @param {string} pathname
 * @returns {string | undefined}
 */
export function preferFor(catalogue, choices, api, method, pathname) {
  const mine = choices.filter((c) => c.api === api);
  if (mine.length === 0 || !catalogue?.[api]) return undefined;
  const operation = catalogue[api].operationOf(method, pathname);
  for (const choice of mine) {
    if (choice.kind === 'dynamic') return 'dynamic=true';
    if (!operation) continue;
    if (choice.kind === 'code' && operation.codes.includes(choice.code)) return `code=${choice.code}`;
    const code = choice.kind === 'example' ? operation.exampleCodes.get(choice.example) : undefined;
    // `code` is only found for an example choice.
    if (code) return `code=${code}, example=${/** @type {{ example: string }} */ (choice).example}`;
  }
  return undefined;
}

/**
 * What the panel lists per API: `{ [api]: { examples, codes } }`.
 * @param {ScenarioCatalogue} catalogue
 * @returns {Record<string, { examples: string[]; codes: string[] }>}
 */
export function panelCatalogue(catalogue) {
  return Object.fromEntries(
    Object.entries(catalogue).map(([name, api]) => [name, { examples: api.examples, codes: api.codes }]),
  );
}
