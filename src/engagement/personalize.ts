import type { Transport } from '../core/transport.ts';
import { buildPersonalizeRequest } from './buildPersonalizeRequest.ts';
import { EngageError } from './EngageError.ts';
import { postJson } from './postJson.ts';
import type { EventContext, PersonalizeResponse } from './types.ts';

/**
 * Runs a call flow: checks `friendlyId` (`MV-0008`), the point of sale (`MV-0003`),
 * then the timeout (`IV-0006`: an integer ≥ 0), and rejects with those. Resolves to
 * the JSON answer (a failed flow's error body too) or `null`. With a timeout, rejects
 * with `IE-0003` when it expires before the whole answer, body included, has arrived (E3);
 * a timeout of 0 expires at once, without a request.
 */
export async function personalize(transport: Transport, data: unknown, context: EventContext, timeout?: number, signal?: AbortSignal): Promise<PersonalizeResponse | null> {
  const body = buildPersonalizeRequest(data, context);
  if (timeout !== undefined && !(Number.isInteger(timeout) && timeout >= 0)) throw new EngageError('IV-0006');
  // The reference's timer of 0 aborts before any answer can arrive; the transport would read 0 as "no timeout".
  if (timeout === 0) throw new EngageError('IE-0003');
  const result = await postJson(transport, '/v2/callFlows', body, { signal, timeoutMs: timeout });
  const failure = (result.error as Error | undefined)?.name;
  // Browsers that predate abort reasons report the transport's timer as a plain AbortError.
  const timedOut = failure === 'TimeoutError' || (failure === 'AbortError' && !signal?.aborted);
  if (timeout !== undefined && timedOut) throw new EngageError('IE-0003');
  return result.data as PersonalizeResponse | null;
}
