import { assertNoDotSegments } from './pathSegments.ts';
import type { Transport } from './transport.ts';

/**
 * Per-call options of a generated hook or function (the mutator's second argument): fetch's
 * init plus the transport to send through. Named apart from commerce's `RequestOptions`, the
 * facade's per-call options, which mean something else.
 */
export type OrvalRequestOptions = RequestInit & {
  /** The API's transport; the React bindings fill it in from their provider. */
  client?: Transport;
  /** Extra per-call fields that an API's transport understands (e.g. commerce impersonation). */
  [key: string]: unknown;
};

/** Types the `error` of generated hooks (orval reads this export). */
export type ErrorType<E> = import('./errors.ts').ApiError<E>;
/** Types the request bodies of generated mutations (orval reads this export). */
export type BodyType<B> = B;

/**
 * The mutator every orval-generated call goes through: it sends the relative URL
 * through the transport given in the call's options and resolves to the parsed body
 * (`null` for an empty answer, which React Query accepts where `undefined` is not).
 * Throws a TypeError, sending nothing, when a path parameter is `.` or `..` (see pathSegments.ts).
 */
export async function orvalRequest<T>(url: string, options: OrvalRequestOptions = {}): Promise<T> {
  const { client, ...init } = options;
  if (!client) {
    throw new Error(
      'No transport for this call: use the hook inside its API provider, or pass { request: { client } }',
    );
  }
  // The generated URL builders encode each path parameter; a `.` or `..` value still needs refusing.
  return (await client.read(assertNoDotSegments(url), init)) as T;
}
