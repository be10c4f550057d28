import { ApiError, type ErrorDetails } from './ApiError.ts';
import { readBody } from './readBody.ts';

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
    const { url, init } = await normalise(input, callInit, baseUrl);
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers({ Accept: 'application/json', ...options.headers });
    new Headers(init.headers).forEach((value, key) => headers.set(key, value));
    if (typeof init.body === 'string' && !headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
    const auth = await options.authorize?.({ method, url, init });
    for (const [key, value] of Object.entries(auth ?? {})) headers.set(key, value);

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
      // Reading the body inside the timer is what makes the timeout cover it.
      const text = await raw.text();
      const response = new Response(NO_BODY_STATUS.has(raw.status) ? null : text, {
        status: raw.status,
        statusText: raw.statusText,
        headers: raw.headers,
      });
      if (!response.ok) throw await toApiError(response, { method, url }, options.describeError);
      return response;
    } finally {
      abort.dispose();
    }
  };
  return Object.assign(send, { baseUrl });
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
      ? setTimeout(
          () => controller.abort(new DOMException(`Request timed out after ${timeoutMs} ms`, 'TimeoutError')),
          timeoutMs,
        )
      : undefined;
  return {
    signal: controller.signal,
    dispose() {
      if (timer !== undefined) clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}

async function toApiError(
  response: Response,
  request: { method: string; url: string },
  describe: TransportOptions['describeError'],
): Promise<ApiError> {
  const body = await readBody(response.clone());
  return new ApiError(response, body, request, describe?.(body, response) ?? {});
}
