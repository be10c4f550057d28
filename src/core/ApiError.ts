/** What an API's error parser derives from a failed answer's body. */
export interface ErrorDetails {
  /** Human-readable message; defaults to the status text. */
  message?: string;
  /** Machine-readable code of the first error; defaults to `'ApiError'`. */
  errorCode?: string;
  /** Every error entry the body carried; defaults to `[]`. */
  errors?: unknown[];
}

/**
 * A call that got an answer with a non-2xx status. A real `Error` subclass:
 * `instanceof ApiError` works across bundles of this package, and so does the
 * `isApiError` brand for code that compares with another copy of the class.
 */
export class ApiError<TBody = unknown> extends Error {
  /** Brand flag, always `true`. */
  readonly isApiError = true as const;
  /** HTTP status of the answer. */
  readonly status: number;
  /** HTTP status text of the answer. */
  readonly statusText: string;
  /** The answer's body, parsed as JSON when it was JSON, else its text, else `null`. */
  readonly body: TBody;
  /** Machine-readable code of the first error, else `'ApiError'`. */
  readonly errorCode: string;
  /** Every error entry the body carried (`[]` when none could be parsed). */
  readonly errors: unknown[];
  /** The HTTP answer itself (its body already read). */
  readonly response: Response;
  /** Method and URL of the request, for logs; never its headers (they hold tokens). */
  readonly request: { method: string; url: string };

  constructor(response: Response, body: TBody, request: { method: string; url: string }, details: ErrorDetails = {}) {
    super(details.message || response.statusText || `HTTP ${response.status}`);
    // Keeps instanceof right even when a consumer's build targets ES5.
    Object.setPrototypeOf(this, new.target.prototype);
    this.name = 'ApiError';
    this.status = response.status;
    this.statusText = response.statusText;
    this.body = body;
    this.errorCode = details.errorCode ?? 'ApiError';
    this.errors = details.errors ?? [];
    this.response = response;
    this.request = request;
  }
}

/** True for an `ApiError` from any copy of this package (checks the brand, not the prototype). */
export function isApiError(value: unknown): value is ApiError {
  return typeof value === 'object' && value !== null && (value as { isApiError?: unknown }).isApiError === true;
}
