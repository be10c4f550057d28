import { defineConfig, TEMPLATE_TAG_REGEX, type OutputClientFunc, type Options } from 'orval';
import { contractApis } from './scripts/lib/apis.mjs';

/*
 * One orval project per contract in openapi/ for the React Query hooks, one more (`<api>Zod`) for
 * its zod schemas, which the contract tests check answers against, unless {@link withoutZod} names
 * it. Every hook sends through `orvalRequest`, which takes the API's transport from the hook's
 * `request` option (the React bindings put it there from their provider), so no module-level client exists.
 */

/** Nothing reads the commerce or engagement zod schemas, so they are not generated. */
const withoutZod: readonly string[] = ['commerce', 'engagement'];

// `Orders.List` and `OrdersList` collapse to one name in orval; drop the dot
// explicitly so the hook name is `useOrdersList` and the function `ordersList`.
const operationName = (operation: { operationId?: string }, route: string, verb: string): string =>
  (operation.operationId ?? `${verb}${route}`)
    .replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))
    .replace(/^./, (c) => c.toLowerCase());

/**
 * orval's React Query client with every path parameter sent as one encoded segment:
 * `/products/${encodeURIComponent(String(productID))}`, so `../me` is `..%2Fme` and never `/me`.
 * This is what orval's own `urlEncodeParameters: true` writes, but orval 7.13.2 honours that
 * option only for `httpClient: 'axios'`; with `'fetch'` it is ignored (orval-labs/orval#2172,
 * again #3343, fixed in orval 8). After moving to an orval that honours it, set the option and
 * use `client: 'react-query'` instead: never both, or parameters are encoded twice (the
 * `pathParams` contract tests of each API catch either mistake).
 */
const reactQueryEncodingPathParams: OutputClientFunc = (clients) => {
  const reactQuery = clients['react-query'];
  return {
    ...reactQuery,
    // The route feeds the URL builder and the query key alike; both get the encoded form.
    client: (verbOptions, options, _outputClient, output) =>
      reactQuery.client(
        verbOptions,
        { ...options, route: options.route.replace(TEMPLATE_TAG_REGEX, '${encodeURIComponent(String($1))}') },
        // orval tells its clients apart by this name; a function here would change their output.
        'react-query',
        output,
      ),
  };
};

// The commerce contract's token endpoint (tag `Auth`) is no resource operation of the official SDK:
// its hooks, like its facade (scripts/generators/commerce.mjs), hold exactly the SDK's 421 operations.
const excludedTags: Partial<Record<string, string[]>> = { commerce: ['Auth'] };

function hooks(api: string): Options {
  const excluded = excludedTags[api];
  return {
    input: {
      target: `./openapi/${api}/openapi.yaml`,
      ...(excluded ? { filters: { mode: 'exclude', tags: excluded } } : {}),
    },
    output: {
      target: `./generated/${api}/hooks`,
      schemas: `./generated/${api}/model`,
      mode: 'tags-split',
      client: reactQueryEncodingPathParams,
      httpClient: 'fetch',
      clean: true,
      prettier: false,
      override: {
        operationName,
        mutator: { path: './src/core/orvalRequest.ts', name: 'orvalRequest' },
        fetch: { includeHttpResponseReturnType: false },
        query: { version: 5, useQuery: true, signal: true },
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

// `npm run generate` names the APIs to generate in ORVAL_API (comma-separated); without it, orval
// generates every API.
const only = process.env.ORVAL_API?.split(',');
// orval runs in the project's folder, as the relative targets above assume.
const present = contractApis('.').filter((api) => !only || only.includes(api));

export default defineConfig(
  Object.fromEntries(
    present.flatMap((api) => [[api, hooks(api)], ...(withoutZod.includes(api) ? [] : [[`${api}Zod`, zod(api)]])]),
  ),
);
