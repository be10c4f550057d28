import { isApiError } from '../core/ApiError.ts';
import { readBody } from '../core/readBody.ts';
import type { Transport, TransportInit } from '../core/transport.ts';
import { isObject } from './isObject.ts';

/** How a POST went: `ok` for a 2xx answer, `data` the answer's JSON object (an error body too), else `null`. */
export interface PostResult {
  ok: boolean;
  data: Record<string, unknown> | null;
  /** The failure when there was no answer at all (network, abort, timeout). */
  error?: unknown;
}

/**
 * POSTs `body` as JSON through the transport and never rejects. Like the reference, a
 * non-2xx answer with a JSON body still yields that body as `data`; unlike it, `ok`
 * tells a caller (the queue) whether the service accepted the request.
 */
export async function postJson(transport: Transport, path: string, body: unknown, init: TransportInit = {}): Promise<PostResult> {
  try {
    const data = await readBody(await transport(path, { ...init, method: 'POST', body: JSON.stringify(body) }));
    return { ok: true, data: isObject(data) ? data : null };
  } catch (error) {
    if (isApiError(error)) return { ok: false, data: isObject(error.body) ? error.body : null };
    return { ok: false, data: null, error };
  }
}
