import { ApiError } from '../core/errors.ts';
import { readBody } from '../core/transport.ts';
import type { LazyKit } from './lazyKit.ts';
import type { EngageConfig } from './types.ts';

/**
 * The guest id (`customer.ref`) of this browser, from `show.json` (the client key is sent
 * as `client_key` and as `api_token`, as the reference does). A non-OK JSON answer
 * rejects with `{error_msg}, for more info: {moreInfo}`, any other non-OK answer with an
 * `ApiError`; a failure without an answer is rethrown (a `TimeoutError` when the call's
 * timer ran out, as the shared transport reports it).
 */
export async function getGuestId(kit: LazyKit, config: EngageConfig): Promise<string> {
  const key = encodeURIComponent(config.clientKey);
  const path = `/v1.2/browser/${encodeURIComponent(config.browserId)}/show.json?client_key=${key}&api_token=${key}`;
  const { response, text = '', data, error } = await kit.request(config, path);
  // The call's own timer aborts without a reason; the SDK's signal, when it aborted, gave its own.
  const timedOut = (error as Error | undefined)?.name === 'AbortError' && !config.signal?.aborted;
  if (!response) throw timedOut ? new DOMException('Request timed out after 60000 ms', 'TimeoutError') : error;
  if (!response.ok) {
    if (data) throw new Error(`${data.error_msg}, for more info: ${data.moreInfo}`);
    // What the shared transport would have thrown: the body as readBody parses it.
    throw new ApiError(response, await readBody(new Response(text)), { method: 'GET', url: config.base + path });
  }
  const ref = (data as { customer?: { ref?: unknown } } | null)?.customer?.ref;
  if (typeof ref !== 'string') throw new Error('show.json answered without customer.ref');
  return ref;
}
