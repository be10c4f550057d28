// Calls every generated operation (orval output) that has path parameters with a hostile value
// and reports the URL it sent and how the mock answered: the contract tests of each API use it to
// show that a path parameter reaches the server as one encoded segment and never another operation.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { root, type ApiName } from '../../scripts/lib/prism.mjs';
import { isApiError } from '../../src/core/errors.ts';
import type { Transport } from '../../src/core/transport.ts';
import { readContract, resolveRef } from '../../scripts/contract/contracts.mjs';

/**
 * What a page URL such as `/products/..%2Fa%2Fb%3Fc%23d%25e` decodes to: every character that
 * changes a URL's meaning when it is not encoded (`/`, a `..` segment, `?`, `#`, `%`).
 */
export const HOSTILE = '../a/b?c#d%e';

type Node = Record<string, unknown>;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** One operation of a contract that has path parameters, with what a call needs besides them. */
export interface PathOperation {
  /** The contract's `operationId`. */
  id: string;
  /** Upper-case HTTP method. */
  method: string;
  /** The contract's path template, e.g. `/products/{productID}`. */
  path: string;
  /** Path parameter names in template order. */
  pathParams: string[];
  /** The generated function's name (orval.config.ts's `operationName`: `Products.Get` → `productsGet`). */
  functionName: string;
  /** The required query parameters with a value the contract accepts (its example, else a sample). */
  query: Record<string, unknown>;
  /** The request body example (`{}` when the contract gives none); `undefined` when the operation takes no body. */
  body: unknown;
}

/** The same camelCase orval.config.ts gives operation names. */
const camel = (id: string) =>
  id
    .replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ? c.toUpperCase() : ''))
    .replace(/^./, (c) => c.toLowerCase());

function contractOf(api: ApiName): Node {
  return readContract(join(root, 'openapi', api, 'openapi.yaml')) as Node;
}

// The contract tools' own `$ref` follower, bound to one contract.
function resolver(doc: Node) {
  return <T = Node>(node: unknown): T => resolveRef(doc, node) as T;
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  example?: unknown;
  schema?: Node;
}

function sample(parameter: Parameter): unknown {
  const schema = parameter.schema ?? {};
  if (parameter.example !== undefined) return parameter.example;
  if (schema.example !== undefined) return schema.example;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 1;
  if (schema.type === 'boolean') return true;
  return `${parameter.name}-1`;
}

function bodyExample(media: Node | undefined, resolve: ReturnType<typeof resolver>): unknown {
  if (!media) return {};
  if (media.example !== undefined) return media.example;
  const first = Object.values((media.examples as Node | undefined) ?? {})[0];
  return first === undefined ? {} : resolve<{ value: unknown }>(first).value;
}

/** Every operation of `api`'s contract that has path parameters. */
export function pathOperations(api: ApiName): PathOperation[] {
  const doc = contractOf(api);
  const resolve = resolver(doc);
  const operations: PathOperation[] = [];
  for (const [path, rawItem] of Object.entries(doc.paths as Node)) {
    const item = resolve(rawItem);
    for (const method of METHODS) {
      const op = item[method] as Node | undefined;
      if (!op) continue;
      const params = [...((item.parameters as unknown[]) ?? []), ...((op.parameters as unknown[]) ?? [])].map((p) =>
        resolve<Parameter>(p),
      );
      const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
      if (!pathParams.length) continue;
      if (typeof op.operationId !== 'string') throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      const requestBody = resolve<Node | undefined>(op.requestBody);
      const content = requestBody?.content as Node | undefined;
      operations.push({
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        pathParams,
        functionName: camel(op.operationId),
        query: Object.fromEntries(params.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, sample(p)])),
        body: content ? bodyExample(Object.values(content)[0] as Node, resolve) : undefined,
      });
    }
  }
  return operations;
}

type Generated = (...args: unknown[]) => Promise<unknown>;

/** Every generated fetch function of `api` (generated/<api>/hooks/<tag>/<tag>.ts), by name. */
export async function generatedFunctions(api: ApiName): Promise<Map<string, Generated>> {
  const dir = join(root, 'generated', api, 'hooks');
  const functions = new Map<string, Generated>();
  for (const tag of readdirSync(dir)) {
    const module = (await import(join(dir, tag, `${tag}.ts`))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module))
      if (typeof value === 'function') functions.set(name, value as Generated);
  }
  return functions;
}

/** The path a call with `value` in every path parameter must be sent to: each one encoded as one segment. */
export function encodedPath(op: PathOperation, value: string): string {
  return op.path.replace(/\{([^}]+)\}/g, () => encodeURIComponent(value));
}

/**
 * A fetch that records the URL of every request and hands it on to the real fetch, or with `answer`
 * answers it itself (for a test that reads only the URL, already checked against Prism).
 */
export function urlRecorder({ answer }: { answer?: () => Response } = {}): typeof fetch & { urls: string[] } {
  const urls: string[] = [];
  const record = (input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(input instanceof Request ? input.url : String(input));
    return answer ? Promise.resolve(answer()) : fetch(input, init);
  };
  return Object.assign(record as typeof fetch, { urls });
}

/** How one call ended: the answer's status, and Prism's error type when it refused the request. */
export interface Outcome {
  status: number;
  /** e.g. `https://stoplight.io/prism/errors#NO_PATH_MATCHED_ERROR`; `undefined` for a success or the contract's own error. */
  prismError: string | undefined;
}

/**
 * Calls the generated function of `op` through `client` with `value` in every path parameter
 * (the operation's required query and body examples alongside) and reports how it ended. The
 * arguments go by the function's own parameter names, so orval's argument order is not assumed.
 */
export async function callGenerated(
  fn: Generated,
  op: PathOperation,
  value: string,
  client: Transport,
): Promise<Outcome> {
  const names = /^async\s*(?:function\s*\w*\s*)?\(([^)]*)\)/
    .exec(fn.toString())?.[1]
    ?.split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  if (!names) throw new Error(`${op.id}: cannot read the parameters of ${op.functionName}`);
  const args = names.map((name) => {
    if (op.pathParams.includes(name)) return value;
    if (name === 'options') return { client };
    if (name === 'params') return op.query;
    return op.body;
  });
  try {
    await fn(...args);
    return { status: 200, prismError: undefined };
  } catch (error) {
    if (!isApiError(error)) throw error;
    const type = (error.body as { type?: unknown } | null)?.type;
    return {
      status: error.status,
      prismError: typeof type === 'string' && type.includes('stoplight.io/prism/errors') ? type : undefined,
    };
  }
}

/** Prism's own refusals that mean the request reached no operation of the contract. */
export const NOT_ROUTED = /#NO_(PATH|METHOD)_MATCHED_ERROR$/;

/**
 * Sends every operation of `operations` through its generated function with {@link HOSTILE} in
 * each path parameter and asserts, for all of them at once, that the URL sent carries each value
 * as one encoded segment and that Prism routed it to an operation (it may still refuse the value).
 * Returns the URLs sent, by operation id.
 */
export async function expectEncodedPaths(
  operations: PathOperation[],
  functions: Map<string, Generated>,
  client: Transport,
  recorder: { urls: string[] },
  baseUrl: string,
): Promise<Map<string, string>> {
  const failures: string[] = [];
  const sent = new Map<string, string>();
  for (const op of operations) {
    const fn = functions.get(op.functionName);
    if (!fn) {
      failures.push(`${op.id}: no generated function ${op.functionName}`);
      continue;
    }
    const before = recorder.urls.length;
    const outcome = await callGenerated(fn, op, HOSTILE, client);
    const url = recorder.urls[before];
    if (!url || recorder.urls.length !== before + 1) {
      failures.push(`${op.id}: sent ${recorder.urls.length - before} requests`);
      continue;
    }
    sent.set(op.id, url);
    const expected = `${baseUrl}${encodedPath(op, HOSTILE)}`;
    // The URL as given to fetch, and as fetch resolves it (where `..` segments would vanish).
    if (url.split('?')[0] !== expected) failures.push(`${op.id}: sent ${url}, expected ${expected}`);
    else if (new URL(url).href.split('?')[0] !== expected)
      failures.push(`${op.id}: ${url} resolves to ${new URL(url).href}`);
    if (outcome.prismError && NOT_ROUTED.test(outcome.prismError))
      failures.push(`${op.id}: reached no operation (${outcome.status} ${outcome.prismError})`);
  }
  expect(failures).toEqual([]);
  return sent;
}
