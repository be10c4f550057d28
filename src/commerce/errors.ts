import { ApiError, CodedError, type ErrorDetails } from '../core/errors.ts';

/**
 * Every code the commerce client itself puts on an error, and when. The other codes of an
 * `OrderCloudError` come from the API's answer (`NotFound`, `ValidationFailure`…).
 */
export const commerceErrorCodes = {
  /** `CommerceError`: an impersonated call while the client has no impersonation token; nothing was sent. */
  IMPERSONATION_TOKEN_MISSING: 'IMPERSONATION_TOKEN_MISSING',
  /** `CommerceError`: a guest token source (`createGuestTokenSource`) got no token; the cause is attached. */
  GUEST_TOKEN_FAILED: 'GUEST_TOKEN_FAILED',
  /** `OrderCloudError`: the `errorCode` (and `code`) of an error answer without an error entry. */
  OrderCloudError: 'OrderCloudError',
} as const;

/** The codes of {@link CommerceError}: the client refused the call before sending it, or got no guest token. */
export type CommerceErrorCode =
  typeof commerceErrorCodes.IMPERSONATION_TOKEN_MISSING | typeof commerceErrorCodes.GUEST_TOKEN_FAILED;

/** One entry of a commerce error answer. */
export interface CommerceErrorEntry {
  /** Machine-readable code, e.g. `NotFound`, `ValidationFailure`. */
  ErrorCode: string;
  /** Human-readable message. */
  Message: string;
  /** Details; for `NotFound`, `{ ObjectType, ObjectID }`. */
  Data?: unknown;
  /** Status code, which some answers repeat. */
  StatusCode?: number;
}

/** The body of a commerce error answer (auth errors may add `error` / `error_description`). */
export interface CommerceErrorBody {
  Errors?: CommerceErrorEntry[];
  error?: string;
  error_description?: string;
}

/**
 * The official SDK's error fields from a failed answer's body: `errors` is the `Errors` array
 * (`[]` when absent or unparsable), `errorCode` the first entry's code, and the message
 * `"<ObjectType> <ObjectID> not found"` for `NotFound`, else the first entry's `Message`
 * (the status text when there is no entry; an auth error's `error_description` when present).
 */
export function describeCommerceError(body: unknown): ErrorDetails {
  const parsed = (typeof body === 'object' && body !== null ? body : {}) as CommerceErrorBody;
  const errors = Array.isArray(parsed.Errors) ? parsed.Errors : [];
  const first = errors[0];
  if (!first) {
    return typeof parsed.error === 'string'
      ? { errors, errorCode: parsed.error, message: parsed.error_description ?? parsed.error }
      : { errors };
  }
  const data = (first.Data ?? {}) as { ObjectType?: unknown; ObjectID?: unknown };
  const message =
    first.ErrorCode === 'NotFound' && data.ObjectType !== undefined
      ? `${String(data.ObjectType)} ${String(data.ObjectID)} not found`
      : first.Message;
  return { errors, errorCode: first.ErrorCode, message };
}

/**
 * A commerce call that got a non-2xx answer, under the official SDK's names so ported error
 * handling keeps working: `name` is `'OrderCloudError'`, the brand flag `isOrderCloudError` is
 * `true`, and `errorCode` falls back to `'OrderCloudError'` when the body has no error entry.
 * It is an {@link ApiError} too: `instanceof ApiError`, `isApiError` and every field stay.
 * The other APIs' errors keep the name `ApiError`.
 */
export class OrderCloudError<TBody = unknown> extends ApiError<TBody> {
  /** The official SDK's brand flag, always `true`; test it where `instanceof` may fail across bundles. */
  readonly isOrderCloudError = true as const;

  constructor(response: Response, body: TBody, request: { method: string; url: string }, details: ErrorDetails = {}) {
    super(response, body, request, { ...details, errorCode: details.errorCode ?? commerceErrorCodes.OrderCloudError });
    this.name = 'OrderCloudError';
  }
}

/** True for an {@link OrderCloudError} from any copy of this package (checks the brand flag, not the prototype). */
export function isOrderCloudError(value: unknown): value is OrderCloudError {
  return (
    typeof value === 'object' && value !== null && (value as { isOrderCloudError?: unknown }).isOrderCloudError === true
  );
}

/**
 * A failure of the commerce client itself, never an answer of the API (so `isApiError` is false).
 * `code` names the cause so a `catch` can tell it without parsing the message:
 * `'IMPERSONATION_TOKEN_MISSING'` for an impersonated call (`As()`, or a hook's
 * `request: { impersonate: true }`) while the client has no impersonation token (nothing was sent);
 * `'GUEST_TOKEN_FAILED'` when a guest token source got no token (the failure is its `cause`).
 */
export class CommerceError extends CodedError<CommerceErrorCode> {
  constructor(code: CommerceErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.name = 'CommerceError';
  }
}

/** The {@link CommerceError} of an impersonated call (`call`: method and path) without an impersonation token. */
export function impersonationTokenMissing(call: string): CommerceError {
  return new CommerceError(
    commerceErrorCodes.IMPERSONATION_TOKEN_MISSING,
    `Impersonated call ${call} has no impersonation token: pass impersonationToken ` +
      'to createCommerceClient (the call was not sent, and never falls back to the main user)',
  );
}
