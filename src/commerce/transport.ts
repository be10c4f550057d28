// A commerce client's transport: the core transport with the commerce base address, token
// choice and error fields, writing query strings as the official SDK does.
import { createTransport, type RequestInfo, type Transport, type TransportInit } from '../core/transport.ts';
import { describeCommerceError, impersonationTokenMissing, OrderCloudError } from './errors.ts';
import { resolveCommerceBaseUrl, type CommerceLocation } from './regions.ts';
import type { TokenSource } from './types.ts';

const NULL_FILTER =
  "is null, which is not a valid filter value: to match an absent value use the string '!*' (e.g. { xp: { hasPaid: '!*' } })";

// Integers and booleans are written as they are: their text needs no escaping.
const encode = (value: unknown): string =>
  typeof value === 'boolean' || Number.isSafeInteger(value)
    ? String(value)
    : encodeURIComponent(value instanceof Date ? value.toISOString() : String(value));

// `typeof` first: most values are strings and numbers, which need no tag lookup.
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.prototype.toString.call(value) === '[object Object]';

function pushFilter(parts: string[], key: string, value: unknown): void {
  if (value === null) throw new TypeError(`Filter "${key}" ${NULL_FILTER}`);
  if (isPlainObject(value)) {
    for (const name in value) if (Object.hasOwn(value, name)) pushFilter(parts, `${key}.${name}`, value[name]);
  } else if (Array.isArray(value)) {
    // Repeated keys AND the conditions; the SDK sends every element as given.
    for (const item of value) {
      if (item === null) throw new TypeError(`Filter "${key}" ${NULL_FILTER}`);
      if (item !== undefined) parts.push(`${encodeURIComponent(key)}=${encode(item)}`);
    }
  } else if (value !== undefined && value !== '') {
    parts.push(`${encodeURIComponent(key)}=${encode(value)}`);
  }
}

/**
 * Writes an options object as the official SDK does (without the leading `?`): the filters
 * first, nested objects as dotted keys (`xp.Color=red`), arrays as repeated keys, `false` and
 * `0` kept, `''`/`undefined` dropped and `null` rejected with a TypeError naming the filter;
 * then every other option except falsy ones, arrays comma-joined (`searchOn=ID%2CName`).
 * Values are `encodeURIComponent`-encoded; dates are sent as ISO strings.
 */
export function serializeQuery(options: object | null | undefined): string {
  if (!options) return '';
  const parts: string[] = [];
  const { filters } = options as { filters?: unknown };
  if (isPlainObject(filters))
    for (const key in filters) if (Object.hasOwn(filters, key)) pushFilter(parts, key, filters[key]);
  for (const key in options) {
    const value = (options as Record<string, unknown>)[key];
    if (key === 'filters' || !value || !Object.hasOwn(options, key)) continue;
    if (isPlainObject(value))
      throw new TypeError(`Option "${key}" must be a string, number, boolean, date or array, not an object`);
    parts.push(`${encodeURIComponent(key)}=${encode(Array.isArray(value) ? value.join(',') : value)}`);
  }
  return parts.join('&');
}

/** Options of {@link createCommerceTransport} and `createCommerceClient`. */
export interface CommerceClientOptions extends CommerceLocation {
  /** The main user's token (or a function returning the current one). Defaults to none: calls go out without `Authorization`. */
  accessToken?: TokenSource;
  /**
   * The token that `As()` calls and `request: { impersonate: true }` hook calls are sent with.
   * Defaults to none: such calls fail with a `CommerceError` whose code is `'IMPERSONATION_TOKEN_MISSING'`.
   */
  impersonationToken?: TokenSource;
  /** The fetch to send with. Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Abort a call, body included, after this many ms. Defaults to 60000. */
  timeoutMs?: number;
  /**
   * The client's identity in React Query keys (`['commerce', cacheKey, Resource, Operation, …]`):
   * hooks under providers of clients with different keys never share cache entries. Set it only
   * to keep keys stable across processes (server rendering, then hydration in the browser), with
   * one value per signed-in user, and never a token (keys show in devtools and logs). A client
   * whose token function switches users keeps its identity: create a new client per user, or
   * remove `['commerce', cacheKey]` queries on sign-out. Defaults to an opaque id unique to this
   * client instance.
   */
  cacheKey?: string;
}

/**
 * Per-call fields the commerce transport reads besides fetch's own: `query` (an options object
 * serialized with {@link serializeQuery}, replacing any query string in the URL), `impersonate`
 * (send with the impersonation token) and `accessToken` (send with this token).
 */
export type CommerceInit = TransportInit & { query?: object; impersonate?: boolean; accessToken?: string };

const readToken = (source: TokenSource | undefined) => (typeof source === 'function' ? source() : source);

const bearer = (token: string | null | undefined) => (token ? { Authorization: `Bearer ${token}` } : undefined);

// Applies `next` at once to a value at hand, and after it settles to a promise: a token given
// as a string costs the call no extra turn of the event loop.
const then = <T, R>(value: T | PromiseLike<T>, next: (value: T) => R): R | PromiseLike<R> =>
  typeof (value as PromiseLike<T> | undefined)?.then === 'function'
    ? (value as PromiseLike<T>).then(next)
    : next(value as T);

/** Picks the token as the official SDK does: per-call token, else impersonation (when asked), else the main one. */
function authorizer(options: CommerceClientOptions) {
  return ({ method, url, init }: RequestInfo) => {
    const { accessToken, impersonate } = init as CommerceInit;
    if (accessToken) return bearer(accessToken);
    if (!impersonate) return then(readToken(options.accessToken), bearer);
    return then(readToken(options.impersonationToken), (token) => {
      if (!token) throw impersonationTokenMissing(`${method} ${url.split('?')[0]}`);
      return bearer(token);
    });
  };
}

/**
 * The transport of a commerce client: the core transport with the base address from
 * region/environment/baseUrl, `Content-Type: application/json` on every call, the bearer token
 * chosen per call, the SDK's error fields and names on `OrderCloudError` (an `ApiError`), and
 * the SDK's query serialization of `init.query` (replacing any query string in the URL).
 * `/oauth/…` paths are sent without the version segment.
 */
export function createCommerceTransport(options: CommerceClientOptions = {}): Transport {
  const baseUrl = resolveCommerceBaseUrl(options);
  const rootUrl = baseUrl.replace(/\/v\d+$/, '');
  return createTransport({
    baseUrl,
    headers: { 'Content-Type': 'application/json' },
    authorize: authorizer(options),
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? 60_000,
    describeError: describeCommerceError,
    errorClass: OrderCloudError,
    resolveUrl: (path, init) => {
      const { query } = init as CommerceInit;
      let url = path;
      if (query !== undefined) {
        const search = serializeQuery(query);
        const at = path.indexOf('?');
        url = `${at < 0 ? path : path.slice(0, at)}${search ? `?${search}` : ''}`;
      }
      // `/oauth/…` paths are served without the version segment.
      return url.startsWith('/oauth/') ? rootUrl + url : url;
    },
  });
}
