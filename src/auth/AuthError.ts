/**
 * An error raised or logged by the session client. `code` is one of the
 * specification's code names ({@link AUTH_ERROR_CODES}), so a log line or a
 * `catch` can tell the cause without parsing the message.
 */
export class AuthError extends Error {
  /** The code name, e.g. `'INVALID_CALLBACK_URL_ERROR'`. */
  readonly code: string;

  constructor(code: string, message: string) {
    super(message);
    this.name = 'AuthError';
    this.code = code;
  }
}
