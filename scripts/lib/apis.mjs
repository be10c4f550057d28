// @ts-check
// The project's APIs, listed once: one per contract `openapi/<api>/openapi.yaml`, read from the folder
// by every tool (generate, contract lint, diff, docs, mocks, the QA scenarios, the tests), plus the one
// row an API adds by hand: its mock's fixed port for `npm run mock`. Adding an API is its contract and
// that row (docs/apis.md).
// No import.meta here: orval bundles orval.config.ts with its imports as CommonJS, where it is empty.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The fixed port of each API's mock (`npm run mock`, and the servers' proxy in the mock-backed mode),
 * as ../shared/design/ARCHITECTURE.md lists them. Tests never use these: they start mocks on free ports.
 */
export const MOCK_PORTS = /** @type {const} */ ({
  commerce: 4010,
  engagement: 4011,
  search: 4012,
  oneconnect: 4013,
  auth: 4014,
  content: 4015,
});

/** An API the project knows by its mock port row. @typedef {keyof typeof MOCK_PORTS} ApiName */

/**
 * API names that have a contract `openapi/<api>/openapi.yaml` under `dir` (the project's `root`,
 * scripts/lib/prism.mjs, or a copy of it): those with a row in {@link MOCK_PORTS} in its order (the
 * order messages and the QA panel list them in), then any other alphabetically. A contract whose API
 * has no row yet is listed too: every tool but the fixed-port mocks takes it as it is.
 * @param {string} dir
 * @returns {ApiName[]}
 */
export function contractApis(dir) {
  const folder = join(dir, 'openapi');
  if (!existsSync(folder)) return [];
  const rows = Object.keys(MOCK_PORTS);
  const rank = (/** @type {string} */ api) => (rows.includes(api) ? rows.indexOf(api) : rows.length);
  return /** @type {ApiName[]} */ (
    readdirSync(folder)
      .filter((api) => existsSync(join(folder, api, 'openapi.yaml')))
      .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
  );
}

/**
 * The fixed mock port of `api`; throws naming the row to add when it has none.
 * @param {string} api
 * @returns {number}
 */
export function mockPort(api) {
  const port = /** @type {Record<string, number>} */ (MOCK_PORTS)[api];
  if (port === undefined) {
    throw new Error(
      `No mock port for API "${api}": add a row \`${api}: <port>\` to MOCK_PORTS in scripts/lib/apis.mjs`,
    );
  }
  return port;
}
