import type { CommerceOperations } from '../../generated/commerce/operationTypes.ts';

/** What a query key needs of a commerce client: its cache identity. */
export interface CommerceCacheIdentity {
  /** The client's opaque identity in query keys (see `CommerceClientOptions.cacheKey`). */
  readonly cacheKey: string;
}

/** A hook call's per-call token choices, as its `request` option carries them (other fields ignored). */
export interface CommerceCaller {
  [field: string]: unknown;
  /** Sent with the client's impersonation token. */
  impersonate?: unknown;
  /** Sent with this token (wins over impersonation, as in the transport). */
  accessToken?: unknown;
}

// Module-load salt: two evaluations of this module (hot reload, two bundles) sharing one
// QueryClient never hand out the same id to two clients.
const salt = Math.random().toString(36).slice(2, 8);
let created = 0;

/** A new opaque cache identity, unique to one client instance and unrelated to its tokens. */
export function newCacheKey(): string {
  created += 1;
  return `${salt}-${created}`;
}

/**
 * The hierarchical React Query key of commerce data: `['commerce', client.cacheKey, Resource,
 * Operation, ...args]`, where `args` are the operation's path parameters, then its options
 * object (`{}` when none was given) for operations that take one. Give fewer parts to match
 * more: `queryClient.invalidateQueries({ queryKey: commerceQueryKey(client, 'Orders') })`
 * refreshes every `Orders` query of that client, and only of that client. A hook called with
 * `request: { impersonate: true }` adds `{ impersonate: true }` after the args, so
 * `[...commerceQueryKey(client, 'Me', 'Get'), { impersonate: true }]` is exactly the key of
 * `useMeGet({ request: { impersonate: true } })`; every hook also returns its `queryKey`.
 * The key never holds a token.
 */
export function commerceQueryKey<R extends keyof CommerceOperations>(
  client: CommerceCacheIdentity,
  ...path: [] | [resource: R] | [resource: R, operation: keyof CommerceOperations[R] & string, ...args: unknown[]]
): unknown[] {
  return ['commerce', client.cacheKey, ...path];
}

// Per-call tokens get a small number per client, so two tokens never share an entry and the
// key never shows the token itself.
const tokenNumbers = new WeakMap<CommerceCacheIdentity, Map<string, number>>();

function tokenNumber(client: CommerceCacheIdentity, token: string): number {
  let numbers = tokenNumbers.get(client);
  if (!numbers) tokenNumbers.set(client, (numbers = new Map()));
  let number = numbers.get(token);
  if (number === undefined) numbers.set(token, (number = numbers.size + 1));
  return number;
}

/**
 * The key parts after the args that say whose data a hook call reads: none for the client's
 * main user, `{ impersonate: true }` for an impersonated call, `{ accessToken: n }` (an opaque
 * per-client number, not the token) for a call with its own token, which wins as it does on
 * the wire.
 */
export function commerceCallerKey(client: CommerceCacheIdentity, caller: CommerceCaller = {}): unknown[] {
  if (typeof caller.accessToken === 'string' && caller.accessToken) {
    return [{ accessToken: tokenNumber(client, caller.accessToken) }];
  }
  return caller.impersonate ? [{ impersonate: true }] : [];
}
