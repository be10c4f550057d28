import type { Transport } from '../core/transport.ts';
import { commerceOperations } from '../../generated/commerce/operations.ts';
import type { CommerceOperations } from '../../generated/commerce/operationTypes.ts';
import { callOperation } from './callOperation.ts';
import { newCacheKey } from './commerceQueryKey.ts';
import { createCommerceTransport, type CommerceClientOptions } from './createCommerceTransport.ts';

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

type Operations = Record<string, (...args: unknown[]) => Promise<unknown>>;

function bindOperations(resource: string, transport: Transport, impersonateNext: () => boolean): Operations {
  const operations: Operations = {};
  for (const [name, row] of Object.entries(commerceOperations[resource] ?? {})) {
    // impersonateNext() runs synchronously at the call, before any await: nothing can interleave.
    operations[name] = (...args) => callOperation(transport, `${resource}.${name}`, row, args, impersonateNext());
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
  return Object.assign(bindOperations(resource, transport, () => false), { As });
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
