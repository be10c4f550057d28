/**
 * The one error base, and the error every API's transport throws. Every error the
 * package throws on purpose (an HTTP failure, a validation rule, a missing setting)
 * is a `CodedError`: a real `Error` subclass with a machine-readable `code`, a
 * message that says what to do, and the underlying `cause` when there is one. Each
 * API keeps its codes in one table and its own subclass name (`ApiError`,
 * `EngageError`, `AuthError`…), so `instanceof` and `name` checks users already
 * write keep working.
 */
export class CodedError<TCode extends string = string> extends Error {
  /** The machine-readable code, e.g. `'IV-0005'` or `'INVALID_CALLBACK_URL_ERROR'`. */
  declare readonly code: TCode;

  constructor(code: TCode, message: string, options?: { cause?: unknown }) {
    // Without a cause, no `cause` property at all (as `new Error(message)`).
    super(message, options?.cause === undefined ? undefined : options);
    // Set by each subclass too: minifiers rename classes, so `constructor.name` is no name to test.
    this.name = 'CodedError';
    this.code = code;
  }
}

/** True for a {@link CodedError} (or any error carrying a string `code`), from any copy of this package. */
export function isCodedError(value: unknown): value is CodedError {
  return value instanceof Error && typeof (value as { code?: unknown }).code === 'string';
}

/** What an API's error parser derives from a failed answer's body. */
export interface ErrorDetails {
  /** Human-readable message; defaults to the status text. */
  message?: string;
  /** Machine-readable code of the first error; defaults to `'ApiError'`. */
  errorCode?: string;
  /** Every error entry the body carried; defaults to `[]`. */
  errors?: unknown[];
}

// Names of query, fragment and `;` parameters, headers and JSON fields whose value is a credential:
// `sc_apikey`, `client_key`, `api_token`, `access_token`, `id_token`, `jwt`, `signature`, `password`,
// `pwd`, `jsessionid`, `Authorization`, `Cookie`… (matched on the decoded name, in any case).
const SECRET_NAME = /key|token|secret|passw|pwd|jwt|signature|credential|session|cookie|^sig$|^auth/i;
// OAuth's authorization `code` is a credential in a URL; in an answer's JSON, `code` is an error code.
const SECRET_PARAM_ONLY = /^code$/i;
const USER_INFO = /^([a-z][a-z\d+.-]*:\/\/)([^/?#@]*)@/i;
// A `"name": "value"` pair of JSON in a text; each alternative of the value is one character or one
// escape, and a string ends at the first unescaped quote, so no text makes it backtrack.
const JSON_STRING_FIELD = /"([^"\\]*)"(\s*:\s*)"(?:[^"\\]|\\.)*"/g;
// Values shorter than this are not looked for in a text: no service issues a credential that short,
// and masking them would mask ordinary words (`client_key=ck` would turn "check" into "***eck").
const MIN_ECHOED_SECRET = 6;
const MASK = '***';

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

// What separates one parameter from the next: `?` and `#` start the query and the fragment, `&` and
// `;` separate parameters in either (and `;` path parameters, `/a;jsessionid=…`).
const isParamSeparator = (char: string | undefined) => char === '?' || char === '&' || char === ';' || char === '#';

/**
 * Where the value of each credential parameter of `url` is (`[start, end)`, non-empty values only):
 * one pass over the characters, so the time is linear whatever the URL holds (`'?'.repeat(n)`).
 */
function secretValueSpans(url: string): [start: number, end: number][] {
  const spans: [number, number][] = [];
  // No parameter before the first separator: that is the scheme, host and path.
  let start = -1;
  let equals = -1;
  for (let i = 0; i <= url.length; i += 1) {
    const char = url[i];
    if (char === '=' && equals < 0) equals = i;
    if (i < url.length && !isParamSeparator(char)) continue;
    if (start >= 0 && equals >= 0 && equals < i - 1) {
      const name = decodedName(url.slice(start, equals));
      if (SECRET_NAME.test(name) || SECRET_PARAM_ONLY.test(name)) spans.push([equals + 1, i]);
    }
    start = i + 1;
    equals = -1;
  }
  return spans;
}

/**
 * `url` with the value of every key or token parameter (query, fragment, or `;`-separated, as in
 * `?a=1;token=x` and `/a;jsessionid=x`) replaced by `***`, and any `user:password@` removed, so an
 * error or a log line can carry where a request went without what authorised it. Everything else
 * is kept as written. Linear in the length of `url`, whatever it holds.
 */
export function redactUrl(url: string): string {
  const shown = url.replace(USER_INFO, `$1${MASK}@`);
  let out = '';
  let copied = 0;
  for (const [start, end] of secretValueSpans(shown)) {
    out += shown.slice(copied, start) + MASK;
    copied = end;
  }
  return out + shown.slice(copied);
}

/** What of a request may carry a credential: its URL and its headers. */
export interface RequestCredentials {
  /** The request's URL; its key and token parameters and its `user:password@` are credentials. */
  url?: string;
  /** The request's headers; those named like a credential (`Authorization`, `X-Api-Key`, `Cookie`…) hold one. */
  headers?: Readonly<Record<string, string>>;
}

// Every form in which the value of a credential may come back in an answer: as sent, and decoded.
function addSecret(secrets: Set<string>, value: string): void {
  for (const form of [value, decodedName(value), decodedName(value.replace(/\+/g, '%2B'))])
    if (form.length >= MIN_ECHOED_SECRET) secrets.add(form);
}

/** The credentials `request` carries, longest first (so one that contains another is masked whole). */
function requestSecrets({ url = '', headers = {} }: RequestCredentials): string[] {
  const secrets = new Set<string>();
  const userInfo = USER_INFO.exec(url)?.[2];
  if (userInfo) addSecret(secrets, userInfo);
  if (userInfo?.includes(':')) addSecret(secrets, userInfo.slice(userInfo.indexOf(':') + 1));
  for (const [start, end] of secretValueSpans(url)) addSecret(secrets, url.slice(start, end));
  for (const [name, value] of Object.entries(headers)) {
    if (!SECRET_NAME.test(name)) continue;
    addSecret(secrets, value);
    // `Bearer <token>`, `Basic <credentials>`; a cookie header's values.
    const scheme = /^[A-Za-z-]+ /.exec(value);
    if (scheme) addSecret(secrets, value.slice(scheme[0].length));
    if (/^cookie$/i.test(name))
      for (const pair of value.split(';')) addSecret(secrets, pair.slice(pair.indexOf('=') + 1));
  }
  return [...secrets].sort((a, b) => b.length - a.length);
}

// `text` with every occurrence of each of `secrets` replaced by `***` (split and join: linear, no pattern).
function maskEach(text: string, secrets: readonly string[]): string {
  return secrets.reduce((out, secret) => out.split(secret).join(MASK), text);
}

/**
 * `text` (an error message built from an answer, a log line) without the credentials of `request`:
 * the request's URL written in it is redacted ({@link redactUrl}), every credential the request
 * carried (a key or token parameter of its URL, as sent or decoded; the value of a secret header,
 * and the token of `Bearer <token>`) is replaced by `***` wherever the text repeats it (a service
 * that echoes the key it refused), and so is the value of every `"token": "…"`-style JSON field
 * named like a credential. Values under 6 characters are not looked for. Linear in the length of
 * `text` for each credential.
 */
export function redactSecrets(text: string, request: RequestCredentials): string {
  const out = maskEach(
    request.url ? text.split(request.url).join(redactUrl(request.url)) : text,
    requestSecrets(request),
  );
  return out.replace(JSON_STRING_FIELD, (field, name: string, colon: string) =>
    SECRET_NAME.test(name) ? `"${name}"${colon}"${MASK}"` : field,
  );
}

// A copy of a parsed answer (JSON: strings, arrays and plain objects; anything else is kept as it is)
// with every repetition of one of `secrets` in its strings masked; the answer itself when there is
// no secret to look for.
function withoutEchoes<T>(value: T, secrets: readonly string[]): T {
  return secrets.length ? (maskAny(value, (text) => maskEach(text, secrets), 0) as T) : value;
}

function maskAny(value: unknown, mask: (text: string) => string, depth: number): unknown {
  if (typeof value === 'string') return mask(value);
  if (depth > 32 || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => maskAny(item, mask, depth + 1));
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, maskAny(item, mask, depth + 1)]));
}

/**
 * A call that got an answer with a non-2xx status. A {@link CodedError} whose `code`
 * is its `errorCode`: `instanceof ApiError` works across bundles of this package, and
 * so does the `isApiError` brand for code that compares with another copy of the class.
 */
export class ApiError<TBody = unknown> extends CodedError {
  // `declare`d fields emit no class-field code: the constructor assigns each one once.
  /** Brand flag, always `true`. */
  declare readonly isApiError: true;
  /** HTTP status of the answer. */
  declare readonly status: number;
  /** HTTP status text of the answer. */
  declare readonly statusText: string;
  /** The answer's body, parsed as JSON when it was JSON, else its text, else `null`. */
  declare readonly body: TBody;
  /** Machine-readable code of the first error, else `'ApiError'` (the same value as `code`). */
  declare readonly errorCode: string;
  /** Every error entry the body carried (`[]` when none could be parsed). */
  declare readonly errors: unknown[];
  /**
   * The HTTP answer itself (its body already read). Not enumerable: its `url` holds the request's
   * keys, so `JSON.stringify` and `util.inspect` of the error leave it out.
   */
  declare readonly response: Response;
  /**
   * Method and URL of the request, for logs; never its headers (they hold tokens), and the URL with
   * its key and token parameters masked (`sc_apikey=***`, see {@link redactUrl}).
   */
  declare readonly request: { method: string; url: string };

  /**
   * `request` is what was sent: its method, URL and (optionally) headers. The error keeps none of
   * its credentials: the URL is kept redacted, the headers not at all, and the message and the
   * strings of `body` and `errors` have every credential of the request that the answer repeats masked, and the
   * message its `"token": "…"`-style JSON fields (see {@link redactSecrets}). `response` keeps the
   * answer as sent.
   */
  constructor(
    response: Response,
    body: TBody,
    request: { method: string; url: string; headers?: Readonly<Record<string, string>> },
    details: ErrorDetails = {},
  ) {
    const errorCode = details.errorCode ?? 'ApiError';
    const message = details.message || response.statusText || `HTTP ${response.status}`;
    super(errorCode, redactSecrets(message, request));
    const secrets = requestSecrets(request);
    Object.defineProperty(this, 'response', { value: response, enumerable: false });
    Object.assign(this, {
      name: 'ApiError',
      isApiError: true,
      status: response.status,
      statusText: response.statusText,
      // Echoed credentials only: a field that merely looks like one (`code`) is the answer's data.
      body: withoutEchoes(body, secrets),
      errorCode,
      errors: withoutEchoes(details.errors ?? [], secrets),
      request: { method: request.method, url: redactUrl(request.url) },
    });
  }
}

/** True for an `ApiError` from any copy of this package (checks the brand, not the prototype). */
export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && (value as { isApiError?: unknown }).isApiError === true;
}

/**
 * One line saying why a call failed, for logs: `HTTP 500 Internal Server Error from GET
 * https://host/path` for an error answer (the URL without its query or fragment, which may hold
 * keys), `TimeoutError: Request timed out after 6000 ms` for a failure without an answer, the
 * error's own message otherwise. Never a stack, a header or a token.
 */
export function describeFailure(error: unknown): string {
  if (isApiError(error)) {
    const where = error.request.url.split(/[?#]/)[0];
    return `HTTP ${error.status}${error.statusText ? ` ${error.statusText}` : ''} from ${error.request.method} ${where}`;
  }
  if (error instanceof Error || error instanceof DOMException)
    return `${error.name}: ${redactUrl(error.message).slice(0, 300)}`;
  return String(error).slice(0, 300);
}
