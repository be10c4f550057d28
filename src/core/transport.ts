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

const BOM = '\uFEFF';

/**
 * Parses an answer's body: JSON when it parses, otherwise its text, and `null`
 * when it is empty. A leading byte-order mark is stripped first, since some
 * services send JSON that starts with one.
 */
export async function readBody(response: Response): Promise<unknown> {
  const raw = await response.text();
  const text = raw.startsWith(BOM) ? raw.slice(1) : raw;
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Creates the one transport an API's generated client, hooks and facade share. */
export function createTransport(options: TransportOptions = {}): Transport {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const send = async (input: string | Request, callInit: TransportInit = {}): Promise<Response> => {
    const { url, init } = await normalise(input, callInit, baseUrl);
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = mergeHeaders(options.headers, init.headers);
    if (typeof init.body === 'string' && !('content-type' in headers)) headers['content-type'] = 'application/json';
    const auth = await options.authorize?.({ method, url, init });
    for (const [key, value] of Object.entries(auth ?? {})) headers[key.toLowerCase()] = value;

    const timeoutMs = init.timeoutMs ?? options.timeoutMs ?? 60_000;
    const abort = linkAbort(init.signal ?? undefined, timeoutMs);
    const fetchInit = pickRequestInit(init);
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
 * a loopback call).
 */
class TimedResponse extends Response {
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
}

function settled<T>(response: Response, reading: Promise<T>): Promise<T> {
  const dispose = disposers.get(response);
  return dispose ? reading.finally(dispose) : reading;
}

function timeBody(response: Response, dispose: () => void): Response {
  disposers.set(response, dispose);
  // The instance keeps its internal body; only its methods gain the timer hook.
  return Object.setPrototypeOf(response, TimedResponse.prototype) as Response;
}

async function normalise(
  input: string | Request,
  init: TransportInit,
  baseUrl: string,
): Promise<{ url: string; init: TransportInit }> {
  if (typeof input === 'string') {
    return { url: /^[a-z][a-z0-9+.-]*:/i.test(input) ? input : `${baseUrl}${input}`, init };
  }
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

function linkAbort(outer: AbortSignal | undefined, timeoutMs: number) {
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

async function toApiError(
  response: Response,
  request: { method: string; url: string },
  { describeError, errorClass = ApiError }: TransportOptions,
): Promise<ApiError> {
  const body = await readBody(response.clone());
  return new errorClass(response, body, request, describeError?.(body, response) ?? {});
}
