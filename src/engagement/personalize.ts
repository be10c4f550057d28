import { buildPersonalizeRequest } from './buildPersonalizeRequest.ts';
import type { LazyKit } from './lazyKit.ts';
import { personalizeMessages, type PersonalizeErrorCode } from './personalizeMessages.ts';
import type { Call } from './request.ts';
import type { EngageConfig, PersonalizeResponse } from './types.ts';

/**
 * Runs a call flow: checks `friendlyId` (`MV-0008`), the point of sale (`MV-0003`),
 * then the timeout (`IV-0006`: an integer ≥ 0), and rejects with those. Resolves to
 * the JSON answer (a failed flow's error body too) or `null`. With a timeout, rejects
 * with `IE-0003` when it expires before the whole answer, body included, has arrived (E3);
 * a timeout of 0 expires at once, without a request. `call` carries the timer, started
 * when `personalize` was called.
 */
export async function personalize(kit: LazyKit, config: EngageConfig, data: unknown, timeout: number | undefined, call: Call): Promise<PersonalizeResponse | null> {
  const fail = (code: PersonalizeErrorCode) => new kit.EngageError(code, personalizeMessages[code]);
  const body = buildPersonalizeRequest(kit, data, config);
  if (timeout !== undefined && !(Number.isInteger(timeout) && timeout >= 0)) throw fail('IV-0006');
  // The reference's timer of 0 aborts before any answer can arrive.
  if (timeout === 0) throw fail('IE-0003');
  // A call whose time ran out while this module loaded is not sent at all.
  const reply = call.timedOut ? undefined : await kit.request(config, '/v2/callFlows', body, call);
  if (!reply?.response && timeout !== undefined && call.timedOut) throw fail('IE-0003');
  return (reply?.data ?? null) as PersonalizeResponse | null;
}
