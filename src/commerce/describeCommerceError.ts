import type { ErrorDetails } from '../core/ApiError.ts';

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
