// The drop-in facade: a client with the official SDK's resources, operation names and
// positional arguments, built from the generated operation table, and a typed raw client
// over the same transport.
import createClient, { type Client, defaultPathSerializer } from 'openapi-fetch';
import { assertNoDotSegments, isDotSegment } from '../core/pathSegments.ts';
import type { Transport } from '../core/transport.ts';
import { commerceOperations, type CommerceOperation } from '../../generated/commerce/operations.ts';
import type { CommerceOperations } from '../../generated/commerce/operationTypes.ts';
import type { paths } from '../../generated/commerce/schema.d.ts';
import { newCacheKey } from './queryKey.ts';
import { createCommerceTransport, serializeQuery, type CommerceClientOptions, type CommerceInit } from './transport.ts';
import type { RequestOptions } from './types.ts';

/** A resource's operations plus `As()`, which returns a one-shot impersonation handle. */
export type CommerceResource<R extends keyof CommerceOperations> = CommerceOperations[R] & {
  /**
   * A handle whose next call, and only that one, is sent with the impersonation token; its
   * later calls use the main token. Each handle is independent: holding one across awaits,
   * or calling the resource in between, never changes which token a call carries.
   */
  As(): CommerceOperations[R];
};

/** A commerce client: every resource under its official name, plus the transport they share. */
export type CommerceClient = { readonly [R in keyof CommerceOperations]: CommerceResource<R> } & {
  /** The client's transport (base address, tokens, errors); the bound React hooks send through it. */
  readonly transport: Transport;
  /** The base address calls are resolved against. */
  readonly baseUrl: string;
  /** The client's identity in query keys: the `cacheKey` option, else an opaque id unique to this client. */
  readonly cacheKey: string;
};

function pathValue(id: string, names: readonly string[], name: string, args: readonly unknown[]): string {
  const index = names.indexOf(name);
  const value = args[index];
  if ((typeof value !== 'string' && typeof value !== 'number') || value === '') {
    throw new TypeError(
      `${id}: path parameter "${name}" (argument ${index + 1}) must be a non-empty string, got ${value === '' ? "''" : String(value)}`,
    );
  }
  const segment = encodeURIComponent(value);
  if (isDotSegment(segment)) {
    throw new TypeError(`${id}: path parameter "${name}" (argument ${index + 1}) must not be "${value}"`);
  }
  return segment;
}

/**
 * Sends one operation of the table with the official SDK's positional arguments (path
 * parameters, body, options, request options) and resolves to the parsed answer
 * (`undefined` for a 204). `impersonate` is decided by the caller before the first await.
 */
const SPLIT = new Map<string, string[]>();
async function callOperation(
  transport: Transport,
  id: string,
  operation: CommerceOperation,
  args: readonly unknown[],
  impersonate: boolean,
): Promise<unknown> {
  const [method, template, names, hasBody, query] = operation;
  // Split at the braces, names at odd indexes: a replace with a callback per call cost more than
  // the rest of the facade's work together.
  let split = SPLIT.get(template);
  if (!split) SPLIT.set(template, (split = template.split(/[{}]/)));
  const parts = split.slice();
  for (let i = 1; i < parts.length; i += 2) parts[i] = pathValue(id, names, parts[i]!, args);
  const path = parts.join('');
  let next = names.length;
  const body = hasBody ? args[next++] : undefined;
  const options = query.length ? ((args[next++] ?? {}) as object) : undefined;
  const request = (args[next] ?? {}) as RequestOptions;
  const init: CommerceInit = {
    method,
    query: options,
    impersonate,
    accessToken: request.accessToken,
    signal: request.signal,
    timeoutMs: request.timeoutMs,
  };
  // Bodyless POST/PUT operations send no body at all, not `{}`.
  if (body !== undefined) init.body = JSON.stringify(body);
  const answer = await transport.read(path, init);
  return answer ?? undefined;
}

type Operations = Record<string, (...args: unknown[]) => Promise<unknown>>;

function bindOperations(resource: string, transport: Transport, impersonateNext: () => boolean): Operations {
  const operations: Operations = {};
  for (const [name, row] of Object.entries(commerceOperations[resource] ?? {})) {
    // impersonateNext() runs synchronously at the call, before any await: nothing can interleave.
    const id = `${resource}.${name}`;
    operations[name] = (...args) => callOperation(transport, id, row, args, impersonateNext());
  }
  return operations;
}

function createResource(resource: string, transport: Transport): Operations & { As(): Operations } {
  const As = (): Operations => {
    let pending = true;
    return bindOperations(resource, transport, () => {
      const now = pending;
      pending = false;
      return now;
    });
  };
  return Object.assign(
    bindOperations(resource, transport, () => false),
    { As },
  );
}

/**
 * Creates a commerce client with the official SDK v12's resources, operation names and
 * positional arguments (`client.Orders.List('Incoming', { page: 2, filters: { 'xp.Color': 'red' } })`),
 * built at runtime from the generated operation table. Each client holds its own tokens; resources
 * are built on first use. Throws for an unknown region or environment, a region without a host,
 * or a `cacheKey` that is not a non-empty string.
 */
export function createCommerceClient(options: CommerceClientOptions = {}): CommerceClient {
  const { cacheKey = newCacheKey() } = options;
  if (typeof cacheKey !== 'string' || !cacheKey) {
    throw new TypeError(`cacheKey must be a non-empty string, got ${cacheKey === '' ? "''" : String(cacheKey)}`);
  }
  const transport = createCommerceTransport(options);
  const client = { transport, baseUrl: transport.baseUrl, cacheKey };
  for (const resource of Object.keys(commerceOperations)) {
    let built: Operations | undefined;
    Object.defineProperty(client, resource, {
      enumerable: true,
      get: () => (built ??= createResource(resource, transport)),
    });
  }
  return client as unknown as CommerceClient;
}

/** Sends `/oauth/…` paths without the version segment, as the API serves them. */
function withoutVersionForOauth(request: Request, baseUrl: string): Request {
  const versioned = /\/v\d+$/.test(baseUrl) ? `${baseUrl}/oauth/` : '';
  if (!versioned || !request.url.startsWith(versioned)) return request;
  return new Request(baseUrl.replace(/\/v\d+$/, '/oauth/') + request.url.slice(versioned.length), request);
}

/**
 * A typed openapi-fetch client for raw calls (`api.GET('/orders/{direction}', { params: … })`),
 * sending through the commerce client's transport (tokens, errors, timeout) and writing query
 * strings with the same serializer as the facade. A separate function, not a client field, so
 * apps that only use the facade do not bundle openapi-fetch.
 */
export function createCommerceApi(client: { transport: Transport }): Client<paths> {
  const { transport } = client;
  return createClient<paths>({
    baseUrl: transport.baseUrl,
    querySerializer: (query) => serializeQuery(query),
    pathSerializer: (path, params) => assertNoDotSegments(defaultPathSerializer(path, params)),
    fetch: (request) => transport(withoutVersionForOauth(request, transport.baseUrl)),
  });
}
