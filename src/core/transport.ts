import { ApiError, type ErrorDetails } from './errors.ts';
import { abortAfter, type Deadline } from './deadline.ts';

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

/**
 * Options of {@link composeTransport}, {@link composeReader} and {@link composeSender}: what every
 * call of the one transport needs. {@link TransportOptions} adds the hooks only some APIs use.
 */
export interface CoreOptions {
  /** Prefix of every relative URL, e.g. `https://api.example.com/v1`; `''` for the page's origin. Defaults to `''`. */
  baseUrl?: string;
  /** Headers sent with every call. Defaults to `Accept: application/json`. */
  headers?: Record<string, string>;
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

/** Options of {@link createTransport}: the core's, plus the per-call hooks of the APIs that have tokens or their own URLs. */
export interface TransportOptions extends CoreOptions {
  /**
   * Headers computed per call (auth). Runs after the call's own headers, so it can read the
   * call's own fields (e.g. an impersonation flag) and win over defaults. Defaults to none.
   */
  authorize?: (
    request: RequestInfo,
  ) => Record<string, string> | undefined | PromiseLike<Record<string, string> | undefined>;
  /**
   * Rewrites a call's URL string before the base URL is prefixed (an absolute result is sent
   * as is), e.g. commerce writes `init.query` as its SDK does and sends `/oauth/…` paths
   * without the version segment. It sees a Request's absolute URL too. Defaults to none.
   */
  resolveUrl?: (url: string, init: TransportInit) => string;
}

/**
 * A fetch-compatible function bound to one API: it resolves relative URLs against the base
 * URL, adds headers and the timeout, and throws {@link ApiError} for a non-2xx answer. The
 * timeout covers the whole body: `read()` reads it inside the deadline, and the answer of a
 * call stops the deadline once its body has been read. A failure with no answer
 * (network, abort, timeout) is rethrown unchanged. `Input` is what it is called with:
 * {@link createTransport}'s also takes a `Request` (what openapi-fetch sends), a
 * {@link composeTransport}'s only URL strings.
 */
export interface Transport<Input = string | Request> {
  (input: Input, init?: TransportInit): Promise<Response>;
  /**
   * Sends like the call itself and resolves to the parsed body ({@link readBody}: JSON, else
   * text, `null` when empty), read inside the timer: what generated calls and facades want,
   * without a second Response over the body.
   */
  read(input: Input, init?: TransportInit): Promise<unknown>;
  /** The base URL this transport resolves against. */
  readonly baseUrl: string;
}

/**
 * A request about to be sent, as {@link Middleware} see and change it: `url` is the URL the call
 * was given (the base URL is prefixed to a relative one after the middleware), `init` what fetch
 * gets (method, headers as a record with lower-cased names, credentials and the rest of the
 * call's init but its headers and timeout; the signal is added after the middleware), `call`
 * the caller's init with its per-call fields.
 */
export interface OutgoingRequest {
  url: string;
  init: RequestInit & { method: string; headers: Record<string, string> };
  call: TransportInit;
}

/**
 * A feature of the one transport that only the APIs using it include, so that nobody
 * downloads what they never call ({@link formBodies}, {@link keepaliveLimit}): it runs on each
 * request, in order, just before it is sent, may change it, and may return a promise to wait
 * for. See {@link composeTransport}.
 */
export type Middleware = (request: OutgoingRequest) => void | PromiseLike<void>;

// A scheme, as the URL parser reads one: such a URL is absolute and goes out as it is.
const ABSOLUTE_URL = /^[a-z][a-z0-9+.-]*:/i;

// Fetch's own fields: all of a call's init that createTransport hands on to fetch.
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

// The body methods of an answer whose deadline stops once the caller has read the body.
const BODY_READERS = ['text', 'json', 'arrayBuffer', 'blob', 'formData', 'bytes'];

/**
 * Parses an answer's body: JSON when it parses, otherwise its text, and `null`
 * when it is empty. A leading byte-order mark is stripped first, since some
 * services send JSON that starts with one.
 */
export async function readBody(response: Response): Promise<unknown> {
  return parseBody(await response.text());
}

/**
 * Parses a body's text as {@link readBody} does: JSON when it parses (a leading byte-order
 * mark stripped), otherwise the text itself, and `null` when it is blank. For text an API
 * stored itself, too (the events SDK's queue).
 */
export function parseBody(raw: string): unknown {
  const text = raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Only text that is not JSON is looked at again: blank means no body.
    return text.trim() ? text : null;
  }
}

/**
 * The one transport, with every feature of this module ({@link TransportOptions}' `resolveUrl`
 * and `authorize`, fetch's own fields only, {@link formBodies}, {@link keepaliveLimit}) and
 * `Request` input: what an API's generated client, hooks, facade and openapi-fetch client share.
 */
export function createTransport(options: TransportOptions = {}): Transport {
  const { resolveUrl, authorize } = options;
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const use = [
    ...(resolveUrl ? [(request: OutgoingRequest) => void (request.url = resolveUrl(request.url, request.call))] : []),
    ...(authorize ? [authorizeWith(authorize, baseUrl)] : []),
    formBodies,
    keepaliveLimit,
  ];
  // Only fetch's own fields go on to fetch: per-call fields such as a token override are for
  // `authorize`, and a user's logging fetch must never see them.
  const transport = Object.assign(compose(options, use, timedBody, REQUEST_INIT_KEYS), {
    read: compose(options, use, parsedBody, REQUEST_INIT_KEYS),
  });
  // openapi-fetch sends a Request: its fields become the call's init, the call's own fields win.
  // A URL string goes straight on, so its fetch still starts in the caller's turn.
  const accept =
    <T>(send: (url: string, init?: TransportInit) => Promise<T>) =>
    (input: string | Request, init: TransportInit = {}): Promise<T> =>
      typeof input === 'string'
        ? send(input, init)
        : input.text().then((body) =>
            send(input.url, {
              method: input.method,
              headers: input.headers,
              signal: input.signal,
              body: input.body ? body : undefined,
              ...init,
            }),
          );
  return Object.assign(accept(transport), { baseUrl: transport.baseUrl, read: accept(transport.read) });
}
/**
 * What {@link composeSender} makes: the one transport's call without `read()` (see {@link Transport}).
 */
export interface Sender {
  (input: string, init?: TransportInit): Promise<Response>;
  /** The base URL this sender resolves against. */
  readonly baseUrl: string;
}

/**
 * What {@link composeReader} makes: a call that resolves to the parsed body of a 2xx answer
 * ({@link readBody}: JSON, else text, `null` when empty), read inside the call's deadline, and
 * throws {@link ApiError} for any other answer; a failure with no answer is rethrown unchanged.
 */
export interface Reader {
  (input: string, init?: TransportInit): Promise<unknown>;
  /** The base URL this reader resolves against. */
  readonly baseUrl: string;
}

/**
 * The one transport with only the middleware given, for an API whose every byte counts (the
 * events SDK, the session client): base URL, headers (`Content-Type: application/json` for a
 * string body), credentials, the timeout (body included), `ApiError` and `read()` are always
 * there; what `use` adds is paid for only by the callers that pass it. It takes URL strings only,
 * and hands fetch the call's init but its headers and timeout (no per-call fields are read here:
 * an API with an `authorize` hook takes {@link createTransport}). Defaults to no middleware. An API
 * that only reads parsed bodies takes {@link composeReader}, one that never does {@link composeSender}.
 */
export function composeTransport(options: CoreOptions = {}, use: readonly Middleware[] = []): Transport<string> {
  return Object.assign(composeSender(options, use), { read: composeReader(options, use) });
}

/**
 * The one transport's `read()` on its own, with only the middleware given (see
 * {@link composeTransport}): for an API that only reads parsed bodies, such as the events SDK,
 * and so never needs an answer whose body the caller reads later. Defaults to no middleware.
 */
export function composeReader(options: CoreOptions = {}, use: readonly Middleware[] = []): Reader {
  return compose(options, use, parsedBody);
}

// A reader's answer: its parsed body, read inside the deadline. Fetch gives a 204, 304 or HEAD
// answer no body at all.
function parsedBody(answer: Response, deadline: Deadline | undefined): unknown {
  if (!answer.body) return (deadline?.dispose(), null);
  return answer.text().then((text) => (deadline?.dispose(), parseBody(text)));
}

/**
 * The one transport's call on its own, without `read()`, with only the middleware given (see
 * {@link composeTransport}): for an API that hands its callers the answer itself, such as the
 * session client. The deadline runs until the caller has read the body, through the answer's own
 * body methods (the instance keeps its internal body, so nothing is copied; a re-wrapped Response
 * cost a quarter of a loopback call). Defaults to no middleware.
 */
export function composeSender(options: CoreOptions = {}, use: readonly Middleware[] = []): Sender {
  return compose(options, use, timedBody);
}

// A sender's answer, whose deadline runs until the caller has read its body; an answer without a
// body (204, 304, HEAD) is over at once.
function timedBody(answer: Response, deadline: Deadline | undefined): Response {
  if (!answer.body || !deadline) deadline?.dispose();
  else {
    for (const name of BODY_READERS) {
      const method = answer[name as 'text'] as (() => Promise<unknown>) | undefined;
      if (method) answer[name as 'text'] = () => method.call(answer).finally(deadline.dispose) as Promise<string>;
    }
  }
  return answer;
}

// `url` as it is sent: an absolute URL as it is, a relative one after the base URL.
const against = (baseUrl: string, url: string): string => (ABSOLUTE_URL.test(url) ? url : baseUrl + url);

// The core every call goes through: headers, the rest of the call's init, the middleware, the base
// URL, the deadline; an error answer throws `ApiError` with its body read inside the deadline, and a
// 2xx answer goes to `finish` with the deadline still running (any failure ends it).
function compose<T>(
  options: CoreOptions,
  use: readonly Middleware[],
  finish: (answer: Response, deadline: Deadline | undefined) => T | Promise<T>,
  // The call's fields fetch gets; defaults to all but the transport's own (headers, timeout).
  fields?: readonly string[],
): ((input: string, init?: TransportInit) => Promise<T>) & { readonly baseUrl: string } {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  // Merged once: every call starts from a copy of these.
  const defaults = mergeHeaders({ accept: 'application/json' }, options.headers);
  const call = async (input: string, init: TransportInit = {}): Promise<T> => {
    // Copied key by key, not spread: V8 gives a spread copy a map that each added header then
    // replaces with a new one, which cost more than the rest of the call's own work.
    const headers: Record<string, string> = {};
    for (const key in defaults) headers[key] = defaults[key]!;
    mergeHeaders(headers, init.headers);
    // A string body is JSON unless the caller says otherwise.
    if (typeof init.body === 'string') headers['content-type'] ??= 'application/json';
    const request: OutgoingRequest = {
      url: input,
      init: {
        method: (init.method ?? 'GET').toUpperCase(),
        headers,
        credentials: init.credentials ?? options.credentials ?? 'same-origin',
      },
      call: init,
    };
    const sent = request.init as unknown as Record<string, unknown>;
    for (const key of fields ?? Object.keys(init))
      if (init[key] !== undefined && !(key in sent) && key !== 'timeoutMs') sent[key] = init[key];
    for (const middleware of use) {
      const step = middleware(request);
      if (step) await step;
    }
    const url = (request.url = against(baseUrl, request.url));
    const timeoutMs = init.timeoutMs ?? options.timeoutMs ?? 60_000;
    // Without a timeout the caller's own signal is all there is: fetch applies it to the body too.
    const deadline = timeoutMs > 0 ? abortAfter(timeoutMs, init.signal ?? undefined) : undefined;
    request.init.signal = deadline ? deadline.signal : init.signal;
    try {
      // A call whose time ran out before it was sent (e.g. while its module loaded) is not sent, as
      // fetch does with an aborted signal; a caller's own fetch need not know that rule.
      request.init.signal?.throwIfAborted();
      const raw = await (options.fetch ?? globalThis.fetch)(url, request.init);
      if (raw.ok) return await finish(raw, deadline);
      // Read inside the timer, so the timeout covers the body of an error too; the error
      // carries a fresh Response, so its body can still be read.
      const text = await raw.text();
      const response = new Response(text || null, raw);
      const parsed = parseBody(text);
      throw new (options.errorClass ?? ApiError)(
        response,
        parsed,
        { method: request.init.method, url },
        options.describeError?.(parsed, response),
      );
    } catch (error) {
      deadline?.dispose();
      throw error;
    }
  };
  return Object.assign(call, { baseUrl });
}

// createTransport's `authorize`: the headers it computes from the call (its method, absolute URL
// and per-call fields) go over the call's own; awaited only when it returns a promise, so a token
// at hand costs no extra turn of the event loop.
function authorizeWith(authorize: NonNullable<TransportOptions['authorize']>, baseUrl: string): Middleware {
  return ({ url, init, call }) => {
    const headers = authorize({ method: init.method, url: against(baseUrl, url), init: call });
    if (!(headers as PromiseLike<unknown> | undefined)?.then)
      return void mergeHeaders(init.headers, headers as Record<string, string> | undefined);
    return (headers as PromiseLike<Record<string, string> | undefined>).then((h) => void mergeHeaders(init.headers, h));
  };
}

// Into a plain record with lower-cased names: cheaper than building two Headers per call.
function mergeHeaders(merged: Record<string, string>, given: HeadersInit | undefined): Record<string, string> {
  if (given) {
    for (const [key, value] of Array.isArray(given) ? given : given instanceof Headers ? given : Object.entries(given))
      merged[key.toLowerCase()] = value;
  }
  return merged;
}

/**
 * Middleware: a `URLSearchParams` body goes as its string, typed as a form
 * (`application/x-www-form-urlencoded`, unless the caller set a type), so a recording or
 * logging fetch sees the fields. What the session routes take.
 */
export const formBodies: Middleware = ({ init, call }) => {
  if (call.body instanceof URLSearchParams) {
    init.body = String(call.body);
    init.headers['content-type'] ??= 'application/x-www-form-urlencoded';
  }
};

/**
 * Middleware: a `keepalive` request whose body passes {@link KEEPALIVE_MAX_BYTES} goes
 * without `keepalive` (it still arrives unless the page unloads meanwhile) rather than being
 * refused by the browser.
 */
export const keepaliveLimit: Middleware = ({ init }) => {
  if (!init.keepalive) return;
  const bytes = bodyBytes(init.body);
  if (bytes !== undefined && bytes > KEEPALIVE_MAX_BYTES) delete init.keepalive;
};

// The bytes a body sends, where they are known before it goes: a FormData's multipart encoding and
// a stream's length are the browser's, so they are sent as asked.
function bodyBytes(body: RequestInit['body']): number | undefined {
  // UTF-8 takes at most 3 bytes per UTF-16 unit, so a short string is never encoded.
  if (typeof body === 'string')
    return body.length * 3 > KEEPALIVE_MAX_BYTES ? new TextEncoder().encode(body).length : body.length;
  if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return body.byteLength;
  if (typeof Blob !== 'undefined' && body instanceof Blob) return body.size;
  // Percent-encoded: one byte a character.
  if (body instanceof URLSearchParams) return body.toString().length;
  return undefined;
}

/**
 * The largest body sent with `keepalive`, in bytes. Browsers refuse a keepalive request
 * once all of a page's keepalive bodies in flight pass 64 KiB together, so one request may
 * take a quarter of that; a larger body goes without `keepalive` (it still arrives unless
 * the page unloads meanwhile) rather than being refused.
 */
export const KEEPALIVE_MAX_BYTES = 16_384;
