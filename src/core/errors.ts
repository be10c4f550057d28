/**
 * The one error base. Every error the package throws on purpose (an HTTP
 * failure, a validation rule, a missing setting) is a `CodedError`: a real
 * `Error` subclass with a machine-readable `code`, a message that says what to
 * do, and the underlying `cause` when there is one. Each API keeps its codes in
 * one table and its own subclass name (`ApiError`, `EngageError`, `AuthError`…),
 * so `instanceof` and `name` checks users already write keep working.
 */
export class CodedError<TCode extends string = string> extends Error {
  /** The machine-readable code, e.g. `'IV-0005'` or `'INVALID_CALLBACK_URL_ERROR'`. */
  readonly code: TCode;

  constructor(code: TCode, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    // Keeps instanceof right even when a consumer's build targets ES5.
    Object.setPrototypeOf(this, new.target.prototype);
    // Set by each subclass too: minifiers rename classes, so `constructor.name` is no name to test.
    this.name = 'CodedError';
    this.code = code;
  }
}

/** True for a {@link CodedError} (or any error carrying a string `code`), from any copy of this package. */
export function isCodedError(value: unknown): value is CodedError {
  return value instanceof Error && typeof (value as { code?: unknown }).code === 'string';
}
