import { isApiError } from '../core/ApiError.ts';
import { readBody } from '../core/readBody.ts';
import type { Transport } from '../core/transport.ts';
import { isObject } from './isObject.ts';

/**
 * The guest id (`customer.ref`) of a browser, from `show.json` (the client key is sent
 * as `client_key` and as `api_token`, as the reference does). A non-OK JSON answer
 * rejects with `{error_msg}, for more info: {moreInfo}`; a network failure is rethrown.
 */
export async function getGuestId(transport: Transport, browserId: string, clientKey: string, signal?: AbortSignal): Promise<string> {
  const key = encodeURIComponent(clientKey);
  let body: unknown;
  try {
    body = await readBody(await transport(`/v1.2/browser/${encodeURIComponent(browserId)}/show.json?client_key=${key}&api_token=${key}`, { signal }));
  } catch (error) {
    if (isApiError(error) && isObject(error.body)) throw new Error(`${error.body.error_msg}, for more info: ${error.body.moreInfo}`);
    throw error;
  }
  const ref = (body as { customer?: { ref?: unknown } } | null)?.customer?.ref;
  if (typeof ref !== 'string') throw new Error('show.json answered without customer.ref');
  return ref;
}
