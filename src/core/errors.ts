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

// Query or fragment parameters whose value is a credential: `sc_apikey`, `client_key`, `api_token`, `access_token`,
// `id_token`, `code`, `signature`, `password`… (matched on the decoded name, in any case).
const SECRET_PARAM = /key|token|secret|passw|signature|credential|session|^sig$|^code$|^auth/i;
const PARAM = /([?&#])([^=&#]*)=([^&#]*)/g;
const USER_INFO = /^([a-z][a-z\d+.-]*:\/\/)[^/?#@]*@/i;

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/**
 * `url` with the value of every key or token parameter (query or fragment) replaced by `***`,
 * and any `user:password@` removed, so an error or a log line can carry where a request went
 * without what authorised it. Everything else is kept as written.
 */
export function redactUrl(url: string): string {
  return url
    .replace(USER_INFO, '$1***@')
    .replace(PARAM, (whole, separator: string, name: string, value: string) =>
      value && SECRET_PARAM.test(decodedName(name)) ? `${separator}${name}=***` : whole,
    );
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

  constructor(response: Response, body: TBody, request: { method: string; url: string }, details: ErrorDetails = {}) {
    const errorCode = details.errorCode ?? 'ApiError';
    const url = redactUrl(request.url);
    const message = details.message || response.statusText || `HTTP ${response.status}`;
    super(errorCode, request.url ? message.split(request.url).join(url) : message);
    Object.defineProperty(this, 'response', { value: response, enumerable: false });
    Object.assign(this, {
      name: 'ApiError',
      isApiError: true,
      status: response.status,
      statusText: response.statusText,
      body,
      errorCode,
      errors: details.errors ?? [],
      request: { method: request.method, url },
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
