import { ApiError, type ErrorDetails } from './errors.ts';
import { scheduler } from './scheduler.ts';

/** Per-call options: fetch's init plus a timeout and any fields the API's `authorize` hook reads. */
export type TransportInit = RequestInit & {
  /** Overrides the transport's timeout for this call. */
  timeoutMs?: number;
  [key: string]: unknown;
};

/** What `authorize` and `describeError` see of a request. */
export interface RequestInfo {
  method: string;
  url: string;
  init: TransportInit;
}

/** Options of {@link createTransport}. */
export interface TransportOptions {
  /** Prefix of every relative URL, e.g. `https://api.example.com/v1`; `''` for the page's origin. Defaults to `''`. */
  baseUrl?: string;
  /** Headers sent with every call. Defaults to `Accept: application/json`. */
  headers?: Record<string, string>;
  /**
   * Headers computed per call (auth). Runs last, so it can read the call's own
   * fields (e.g. an impersonation flag) and win over defaults. Defaults to none.
   */
  authorize?: (
    request: RequestInfo,
  ) => Record<string, string> | undefined | PromiseLike<Record<string, string> | undefined>;
  /** Cookie policy. Defaults to `'same-origin'`. */
  credentials?: RequestCredentials;
  /** Abort a call, body included, after this many ms; 0 disables. Defaults to 60000. */
  timeoutMs?: number;
  /** The fetch to send with. Defaults to the global `fetch`, looked up at each call. */
  fetch?: typeof fetch;
  /** Derives the error message, code and entries from a failed answer's parsed body. Defaults to none. */
  describeError?: (body: unknown, response: Response) => ErrorDetails;
  /**
   * The error class thrown for a non-2xx answer: a subclass of {@link ApiError} that carries an
   * API's own name and brand (e.g. commerce's `OrderCloudError`). Defaults to `ApiError`.
   */
  errorClass?: typeof ApiError;
  /**
   * Rewrites a call's URL string before the base URL is prefixed (an absolute result is sent
   * as is), e.g. commerce writes `init.query` as its SDK does and sends `/oauth/…` paths
   * without the version segment. Defaults to none.
   */
  resolveUrl?: (url: string, init: TransportInit) => string;
}

/**
 * A fetch-compatible function bound to one API: it resolves relative URLs
 * against the base URL, adds headers and the timeout, reads the whole body before
 * the timer stops, and throws {@link ApiError} for a non-2xx answer. A failure with
 * no answer (network, abort, timeout) is rethrown unchanged.
 */
export interface Transport {
  (input: string | Request, init?: TransportInit): Promise<Response>;
  /**
   * Sends like the call itself and resolves to the parsed body ({@link readBody}: JSON, else
   * text, `null` when empty), read inside the timer: what generated calls and facades want,
   * without a second Response over the body.
   */
  read(input: string | Request, init?: TransportInit): Promise<unknown>;
  /** The base URL this transport resolves against. */
  readonly baseUrl: string;
}

// Only fetch's own fields go on to fetch: per-call fields such as a token override
// are for `authorize`, and a user's logging fetch must never see them.
const REQUEST_INIT_KEYS = [
  'body',
  'cache',
  'integrity',
  'keepalive',
  'mode',
  'priority',
  'redirect',
  'referrer',
  'referrerPolicy',
  'duplex',
] as const;

/**
 * Parses an answer's body: JSON when it parses, otherwise its text, and `null`
 * when it is empty. A leading byte-order mark is stripped first, since some
 * services send JSON that starts with one.
 */
export async function readBody(response: Response): Promise<unknown> {
  return parseBody(await response.text());
}

function parseBody(raw: string): unknown {
  const text = raw.replace(/^\uFEFF/, '');
  if (!text.trim()) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Creates the one transport an API's generated client, hooks and facade share. */
export function createTransport(options: TransportOptions = {}): Transport {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  // Merged once: every call starts from a copy of these.
  const defaults = mergeHeaders({ accept: 'application/json' }, options.headers);
  const call = async (input: string | Request, callInit: TransportInit, read: boolean): Promise<Response | unknown> => {
    let url: string;
    let init: TransportInit;
    if (typeof input === 'string') {
      const resolved = options.resolveUrl ? options.resolveUrl(input, callInit) : input;
      url = /^[a-z][a-z0-9+.-]*:/i.test(resolved) ? resolved : baseUrl + resolved;
      init = callInit;
    } else {
      // openapi-fetch sends a Request: its fields become the call's init, the call's own fields win.
      url = input.url;
      init = {
        method: input.method,
        headers: input.headers,
        signal: input.signal,
        body: input.body ? await input.text() : undefined,
        ...callInit,
      };
    }
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = mergeHeaders({ ...defaults }, init.headers);
    // A URLSearchParams body goes as its string, typed as a form (what the session routes take), so a
    // recording or logging fetch sees the fields; any other string body is JSON unless the caller says otherwise.
    const form = init.body instanceof URLSearchParams;
    if ((form || typeof init.body === 'string') && !('content-type' in headers)) {
      headers['content-type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
    }
    const authorizing = options.authorize?.({ method, url, init });
    // Awaited only when it is a promise: a token at hand costs no extra turn of the event loop.
    mergeHeaders(
      headers,
      (authorizing as PromiseLike<unknown> | undefined)?.then
        ? await authorizing
        : (authorizing as Record<string, string> | undefined),
    );

    const abort = abortAfter(init.timeoutMs ?? options.timeoutMs ?? 60_000, init.signal ?? undefined);
    const fetchInit: RequestInit = {
      method,
      headers,
      credentials: init.credentials ?? options.credentials ?? 'same-origin',
      signal: abort.signal,
    };
    for (const key of REQUEST_INIT_KEYS)
      if (init[key] !== undefined) (fetchInit as Record<string, unknown>)[key] = init[key];
    if (form) fetchInit.body = String(init.body);
    const body = fetchInit.body;
    // UTF-8 takes at most 3 bytes per UTF-16 unit, so a short body is never measured.
    if (
      typeof body === 'string' &&
      body.length * 3 > KEEPALIVE_MAX_BYTES &&
      new TextEncoder().encode(body).length > KEEPALIVE_MAX_BYTES
    ) {
      delete fetchInit.keepalive;
    }
    try {
      const raw = await (options.fetch ?? globalThis.fetch)(url, fetchInit);
      if (raw.ok) {
        // The caller reads a body itself; the timer keeps running until it has. Fetch gives a
        // 204, 304 or HEAD answer no body at all, so that call is over now.
        if (raw.body && !read) return timeBody(raw, abort.dispose);
        const parsed = raw.body ? parseBody(await raw.text()) : null;
        abort.dispose();
        return read ? parsed : raw;
      }
      // Read inside the timer, so the timeout covers the body of an error too; the error
      // carries a fresh Response, so its body can still be read.
      const text = await raw.text();
      const response = new Response(text || null, {
        status: raw.status,
        statusText: raw.statusText,
        headers: raw.headers,
      });
      const parsed = parseBody(text);
      throw new (options.errorClass ?? ApiError)(
        response,
        parsed,
        { method, url },
        options.describeError?.(parsed, response),
      );
    } catch (error) {
      abort.dispose();
      throw error;
    }
  };
  const send = (input: string | Request, init: TransportInit = {}) => call(input, init, false) as Promise<Response>;
  return Object.assign(send, {
    baseUrl,
    read: (input: string | Request, init: TransportInit = {}) => call(input, init, true),
  });
}

// Into a plain record with lower-cased names: cheaper than building two Headers per call.
function mergeHeaders(merged: Record<string, string>, given: HeadersInit | undefined): Record<string, string> {
  if (given) {
    for (const [key, value] of Array.isArray(given) ? given : given instanceof Headers ? given : Object.entries(given))
      merged[key.toLowerCase()] = value;
  }
  return merged;
}

const disposers = new WeakMap<Response, () => void>();

/**
 * The prototype of a successful answer whose body methods stop the call's timer once the
 * body has been read (or failed): the timeout covers the body, no timer outlives the read,
 * and no copy of the body is made (a re-wrapped Response cost a quarter of a loopback call,
 * and slowed the calls after it). One wrapper serves every body method. Built at the first
 * answer, not at import, so a module that imports the transport still loads where
 * `Response` does not exist (a sandbox, a server render).
 */
let timedPrototype: Response | undefined;
function timedResponsePrototype(): Response {
  if (!timedPrototype) {
    const proto = Object.create(Response.prototype) as Record<string, unknown>;
    for (const name of ['text', 'json', 'arrayBuffer', 'blob', 'formData', 'bytes'] as const) {
      const read = (Response.prototype as unknown as Record<string, (() => Promise<unknown>) | undefined>)[name];
      if (read) {
        proto[name] = function (this: Response) {
          const reading = read.call(this);
          const dispose = disposers.get(this);
          return dispose ? reading.finally(dispose) : reading;
        };
      }
    }
    timedPrototype = proto as unknown as Response;
  }
  return timedPrototype;
}

// The instance keeps its internal body; only its methods gain the timer hook.
function timeBody(response: Response, dispose: () => void): Response {
  disposers.set(response, dispose);
  return Object.setPrototypeOf(response, timedResponsePrototype()) as Response;
}

/** A signal that aborts when its deadline passes or an outer signal aborts; see {@link abortAfter}. */
export interface Deadline {
  readonly signal: AbortSignal;
  /** Clears the timer and the listener on the outer signal; safe to call twice. */
  dispose(): void;
}

/**
 * The transport's abort-plus-timeout, on the one scheduler: a signal that aborts with a
 * `TimeoutError` (`Request timed out after {ms} ms`) after `timeoutMs` (0: never), or
 * with `outer`'s reason when `outer` aborts. A caller whose deadline must start before
 * the request (e.g. while a module loads) makes one, passes its `signal` to the transport
 * with `timeoutMs: 0`, and disposes it once the body has been read.
 */
export function abortAfter(timeoutMs: number, outer?: AbortSignal): Deadline {
  const controller = new AbortController();
  const onAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) onAbort();
  outer?.addEventListener('abort', onAbort, { once: true });
  const timer =
    timeoutMs > 0
      ? scheduler.setTimeout(
          () => controller.abort(new DOMException(`Request timed out after ${timeoutMs} ms`, 'TimeoutError')),
          timeoutMs,
        )
      : undefined;
  return {
    signal: controller.signal,
    dispose() {
      if (timer !== undefined) scheduler.clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * The largest body sent with `keepalive`, in bytes. Browsers refuse a keepalive request
 * once all of a page's keepalive bodies in flight pass 64 KiB together, so one request may
 * take a quarter of that; a larger body goes without `keepalive` (it still arrives unless
 * the page unloads meanwhile) rather than being refused.
 */
export const KEEPALIVE_MAX_BYTES = 16_384;
