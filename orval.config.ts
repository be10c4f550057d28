import { existsSync, readFileSync } from 'node:fs';
import { defineConfig, type Options } from 'orval';

/**
 * One orval project per API for the React Query hooks, one more (`<api>Zod`)
 * for its zod schemas. Every hook sends through `orvalRequest`, which takes the
 * API's transport from the hook's `request` option (the React bindings put it
 * there from their provider), so no module-level client exists.
 */
export const apis = ['commerce', 'engagement', 'search', 'oneconnect', 'auth', 'content'] as const;

// `Orders.List` and `OrdersList` collapse to one name in orval; drop the dot
// explicitly so the hook name is `useOrdersList` and the function `ordersList`.
const operationName = (operation: { operationId?: string }, route: string, verb: string): string =>
  (operation.operationId ?? `${verb}${route}`).replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) =>
    c ? c.toUpperCase() : '',
  ).replace(/^./, (c) => c.toLowerCase());

/**
 * Per-API additions to the hooks' `override` (e.g. `operations.<id>.query.useQuery`
 * to make a POST search a query), kept beside the contract they tune.
 */
function overrides(api: string): Record<string, unknown> {
  const file = `./openapi/${api}/orval.overrides.json`;
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
}

function hooks(api: string): Options {
  return {
    input: { target: `./openapi/${api}/openapi.yaml` },
    output: {
      target: `./generated/${api}/hooks`,
      schemas: `./generated/${api}/model`,
      mode: 'tags-split',
      client: 'react-query',
      httpClient: 'fetch',
      clean: true,
      prettier: false,
      override: {
        operationName,
        mutator: { path: './src/core/orvalRequest.ts', name: 'orvalRequest' },
        fetch: { includeHttpResponseReturnType: false },
        query: { version: 5, useQuery: true, signal: true },
        ...overrides(api),
      },
    },
  };
}

function zod(api: string): Options {
  return {
    input: { target: `./openapi/${api}/openapi.yaml` },
    output: {
      target: `./generated/${api}/zod`,
      mode: 'tags-split',
      client: 'zod',
      clean: true,
      prettier: false,
      override: { operationName },
    },
  };
}

const present = apis.filter((api) => existsSync(`./openapi/${api}/openapi.yaml`));

export default defineConfig(
  Object.fromEntries(present.flatMap((api) => [[api, hooks(api)], [`${api}Zod`, zod(api)]])),
);
