import { ApiError, type ErrorDetails } from './ApiError.ts';
import { readBody } from './readBody.ts';
import { scheduler } from './scheduler.ts';

/** Per-call options: fetch's init plus a timeout and any fields the API's `authorize` hook reads. */
export type TransportInit = RequestInit & {
  /** Overrides the transport's timeout for this call; 0 disables it (the caller's `signal` then carries its own deadline). */
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
  authorize?: (request: RequestInfo) => Record<string, string> | undefined | Promise<Record<string, string> | undefined>;
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
}

/**
 * A fetch-compatible function bound to one API: it resolves relative URLs
 * against the base URL, adds headers and the timeout, reads the whole body before
 * the timer stops, and throws {@link ApiError} for a non-2xx answer. A failure with
 * no answer (network, abort, timeout) is rethrown unchanged.
 */
export interface Transport {
  (input: string | Request, init?: TransportInit): Promise<Response>;
  /** The base URL this transport resolves against. */
  readonly baseUrl: string;
}

const NO_BODY_STATUS = new Set([101, 204, 205, 304]);
// Only fetch's own fields go on to fetch: per-call fields such as a token override
// are for `authorize`, and a user's logging fetch must never see them.
const REQUEST_INIT_KEYS = [
  'body', 'cache', 'integrity', 'keepalive', 'mode', 'priority', 'redirect', 'referrer', 'referrerPolicy', 'duplex',
] as const;

function pickRequestInit(init: TransportInit): RequestInit {
  const picked: Record<string, unknown> = {};
  for (const key of REQUEST_INIT_KEYS) if (init[key] !== undefined) picked[key] = init[key];
  return picked as RequestInit;
}

/** Creates the one transport an API's generated client, hooks and facade share. */
export function createTransport(options: TransportOptions = {}): Transport {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const send = async (input: string | Request, callInit: TransportInit = {}): Promise<Response> => {
    // Nothing is awaited before fetch for a URL string and a synchronous `authorize`: a request made
    // while the page unloads (a tracked link) must start in the caller's task, and callers that count
    // requests synchronously rely on it.
    const { url, init } = typeof input === 'string' ? { url: resolveUrl(input, baseUrl), init: callInit } : await normalise(input, callInit);
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = mergeHeaders(options.headers, init.headers);
    // A URLSearchParams body goes as its string, typed as a form (what the session routes take), so a
    // recording or logging fetch sees the fields; any other string body is JSON unless the caller says otherwise.
    const form = init.body instanceof URLSearchParams;
    if ((form || typeof init.body === 'string') && !('content-type' in headers)) {
      headers['content-type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
    }
    const authorizing = options.authorize?.({ method, url, init });
    const auth = authorizing instanceof Promise ? await authorizing : authorizing;
    for (const [key, value] of Object.entries(auth ?? {})) headers[key.toLowerCase()] = value;

    const timeoutMs = init.timeoutMs ?? options.timeoutMs ?? 60_000;
    const abort = abortAfter(timeoutMs, init.signal ?? undefined);
    const fetchInit = pickRequestInit(init);
    if (form) fetchInit.body = String(init.body);
    if (fetchInit.keepalive && typeof fetchInit.body === 'string' && new TextEncoder().encode(fetchInit.body).byteLength > KEEPALIVE_MAX_BYTES) {
      delete fetchInit.keepalive;
    }
    try {
      const doFetch = options.fetch ?? globalThis.fetch;
      const raw = await doFetch(url, {
        ...fetchInit,
        method,
        headers,
        credentials: init.credentials ?? options.credentials ?? 'same-origin',
        signal: abort.signal,
      });
      if (!raw.ok || NO_BODY_STATUS.has(raw.status) || method === 'HEAD') {
        // Read inside the timer, so the timeout covers the body of an error too.
        const text = NO_BODY_STATUS.has(raw.status) || method === 'HEAD' ? '' : await raw.text();
        const response = new Response(text === '' ? null : text, { status: raw.status, statusText: raw.statusText, headers: raw.headers });
        if (!response.ok) throw await toApiError(response, { method, url }, options);
        abort.dispose();
        return response;
      }
      // The caller reads a successful body itself; the timer keeps running until it has.
      return timeBody(raw, abort.dispose);
    } catch (error) {
      abort.dispose();
      throw error;
    }
  };
  return Object.assign(send, { baseUrl });
}

// A plain record with lower-cased names: cheaper than building two Headers per call.
function mergeHeaders(defaults: Record<string, string> | undefined, given: HeadersInit | undefined): Record<string, string> {
  const merged: Record<string, string> = { accept: 'application/json' };
  for (const [key, value] of Object.entries(defaults ?? {})) merged[key.toLowerCase()] = value;
  if (given instanceof Headers) given.forEach((value, key) => (merged[key] = value));
  else if (Array.isArray(given)) for (const [key, value] of given) merged[key.toLowerCase()] = value;
  else for (const [key, value] of Object.entries(given ?? {})) merged[key.toLowerCase()] = value;
  return merged;
}

const disposers = new WeakMap<Response, () => void>();

/**
 * A successful answer whose body methods stop the call's timer once the body has
 * been read (or failed): the timeout covers the body, no timer outlives the
 * read, and no copy of the body is made (a re-wrapped Response cost a quarter of
 * a loopback call). Built at the first answer, not at import, so a module that
 * imports the transport still loads where `Response` does not exist (a sandbox, a server render).
 */
let timedPrototype: Response | undefined;
const timedResponsePrototype = (): Response =>
  (timedPrototype ??= class TimedResponse extends Response {
    override text(): Promise<string> {
      return settled(this, super.text());
    }
    override json(): Promise<unknown> {
      return settled(this, super.json());
    }
    override arrayBuffer(): Promise<ArrayBuffer> {
      return settled(this, super.arrayBuffer());
    }
    override blob(): Promise<Blob> {
      return settled(this, super.blob());
    }
    override formData(): Promise<FormData> {
      return settled(this, super.formData());
    }
  }.prototype);

function settled<T>(response: Response, reading: Promise<T>): Promise<T> {
  const dispose = disposers.get(response);
  return dispose ? reading.finally(dispose) : reading;
}

function timeBody(response: Response, dispose: () => void): Response {
  disposers.set(response, dispose);
  // The instance keeps its internal body; only its methods gain the timer hook.
  return Object.setPrototypeOf(response, timedResponsePrototype()) as Response;
}

function resolveUrl(input: string, baseUrl: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(input) ? input : `${baseUrl}${input}`;
}

async function normalise(input: Request, init: TransportInit): Promise<{ url: string; init: TransportInit }> {
  const body = input.body ? await input.text() : undefined;
  const merged: TransportInit = {
    method: input.method,
    headers: input.headers,
    signal: input.signal,
    ...(body === undefined ? {} : { body }),
    ...init,
  };
  return { url: input.url, init: merged };
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

async function toApiError(
  response: Response,
  request: { method: string; url: string },
  { describeError, errorClass = ApiError }: TransportOptions,
): Promise<ApiError> {
  const body = await readBody(response.clone());
  return new errorClass(response, body, request, describeError?.(body, response) ?? {});
}
