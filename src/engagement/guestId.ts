import type { Deadline } from '../core/deadline.ts';
import type { Kit } from './sdk.ts';
import type { EngageConfig } from './types.ts';

// Loaded by `getGuestId`'s first call: it answers with a promise anyway, and few pages ask.
// It imports types only: the SDK's helpers come in the kit (see `Kit`).

/**
 * The guest id (`customer.ref`) of this browser, from `show.json` (the client key is sent
 * as `client_key` and as `api_token`, as the reference does). A non-OK JSON answer
 * rejects with `{error_msg}, for more info: {moreInfo}`, any other non-OK answer with the
 * transport's `ApiError`; a failure without an answer is rethrown (a `TimeoutError` after 60 s).
 * `deadline` was started when `getGuestId` was called, so the 60 s cover loading this module too;
 * `kit`: the SDK's helpers.
 */
export async function getGuestId(
  config: EngageConfig,
  deadline: Deadline,
  { request, isObject }: Kit,
): Promise<string> {
  const key = encodeURIComponent(config.clientKey);
  const path = `/v1.2/browser/${encodeURIComponent(config.browserId)}/show.json?client_key=${key}&api_token=${key}`;
  const { ok, data, error } = await request(config, path, undefined, { signal: deadline.signal, timeoutMs: 0 });
  if (!ok) {
    if (data) throw new Error(`${data.error_msg}, for more info: ${data.moreInfo}`);
    throw error;
  }
  const ref = (isObject(data?.customer) ? data.customer : {}).ref;
  if (typeof ref !== 'string') throw new Error('show.json answered without customer.ref');
  return ref;
}
