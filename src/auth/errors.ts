import { CodedError } from '../core/errors.ts';

/**
 * The error code names of the session protocol, exactly as the reference
 * protocol (v4) writes them, keyed by the reference's error class. The first
 * nine are raised on the server side of the protocol (the logger forwards them
 * to `_log`); the client itself raises `MissingAPIRoute` (an auth route answers
 * 404 or an HTML page), `InvalidCallbackUrl` (a `callbackUrl` off the site's
 * origin) and the two `Client*` codes.
 */
export const AUTH_ERROR_CODES = {
  MissingAPIRoute: 'MISSING_NEXTAUTH_API_ROUTE_ERROR',
  MissingSecret: 'NO_SECRET',
  MissingAuthorize: 'CALLBACK_CREDENTIALS_HANDLER_ERROR',
  MissingAdapter: 'EMAIL_REQUIRES_ADAPTER_ERROR',
  MissingAdapterMethods: 'MISSING_ADAPTER_METHODS_ERROR',
  UnsupportedStrategy: 'CALLBACK_CREDENTIALS_JWT_ERROR',
  InvalidCallbackUrl: 'INVALID_CALLBACK_URL_ERROR',
  OAuthCallbackError: 'OAuthCallbackError',
  AccountNotLinkedError: 'AccountNotLinkedError',
  UnknownError: 'UnknownError',
  ClientFetch: 'CLIENT_FETCH_ERROR',
  ClientSession: 'CLIENT_SESSION_ERROR',
} as const;

/**
 * Logged when a sign-in or sign-out reply's `url` is off the site and its allowed origins, and so not
 * followed. Ours, not the reference's: the reference follows any reply.
 */
export const INVALID_REDIRECT_URL_ERROR = 'INVALID_REDIRECT_URL_ERROR';

/** One of the values of {@link AUTH_ERROR_CODES}. */
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[keyof typeof AUTH_ERROR_CODES];

/**
 * An error raised or logged by the session client. `code` is one of the
 * session protocol's code names ({@link AUTH_ERROR_CODES}), so a log line or a
 * `catch` can tell the cause without parsing the message. `code` stays a plain
 * string: the server side of the protocol may send codes this table lacks.
 */
export class AuthError extends CodedError<string> {
  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.name = 'AuthError';
  }
}
