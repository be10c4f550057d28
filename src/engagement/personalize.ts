import type { components } from '../../generated/engagement/schema.d.ts';
import type { Deadline } from '../core/deadline.ts';
import type { Kit } from './sdk.ts';
import type { EngageConfig, EventContext, PersonalizeData, PersonalizeResponse } from './types.ts';

// Loaded by `personalize`'s first call: it answers with a promise anyway, and most pages only send
// events. It imports types only: the SDK's helpers come in the kit (see `Kit`).

/** The body of `POST /v2/callFlows`. */
export type PersonalizeRequest = components['schemas']['PersonalizeRequest'];

const nonBlank = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * Builds the call-flow body after checking `friendlyId` (`MV-0008`) and the point of
 * sale (`MV-0003`). camelCase names; `params` flattened; `email` only when not blank;
 * `identifiers` one `{id, provider}` object, only when its id is not blank; `browserId`
 * only when neither of those two is present.
 */
function buildPersonalizeRequest(
  input: unknown,
  context: EventContext,
  { isObject, EngageError, resolvePointOfSale, flattenObject, inferLanguage }: Kit,
): PersonalizeRequest {
  const data = (isObject(input) ? input : {}) as Partial<PersonalizeData>;
  if (!nonBlank(data.friendlyId)) throw new EngageError('MV-0008');
  const pointOfSale = resolvePointOfSale(data.pointOfSale, context.pointOfSale);
  const identifier = isObject(data.identifier) && nonBlank(data.identifier.id) ? data.identifier : undefined;
  const params =
    isObject(data.params) && Object.keys(data.params).length ? { ...flattenObject(data.params) } : undefined;
  const body: PersonalizeRequest = {
    channel: data.channel,
    clientKey: context.clientKey,
    currencyCode: data.currency,
    email: nonBlank(data.email) ? data.email : undefined,
    friendlyId: data.friendlyId,
    identifiers: identifier && { id: identifier.id, provider: identifier.provider },
    language: data.language ?? inferLanguage(),
    params,
    pointOfSale,
  };
  if (!body.email && !body.identifiers) body.browserId = context.browserId;
  return body;
}

/**
 * Runs a call flow: checks `friendlyId` (`MV-0008`), the point of sale (`MV-0003`),
 * then the timeout (`IV-0006`: an integer ≥ 0), and rejects with those. Resolves to
 * the JSON answer (a failed flow's error body too) or `null`. With a timeout, rejects
 * with `IE-0003` when it expires before the whole answer, body included, has arrived (E3);
 * a timeout of 0 expires at once, without a request. `deadline` was started when
 * `personalize` was called, so the timeout covers loading this module too. `kit`: the SDK's helpers.
 */
export async function personalize(
  config: EngageConfig,
  data: unknown,
  timeout: number | undefined,
  deadline: Deadline,
  kit: Kit,
): Promise<PersonalizeResponse | null> {
  const { EngageError, request, isApiError } = kit;
  const body = buildPersonalizeRequest(data, config, kit);
  if (timeout !== undefined && !(Number.isInteger(timeout) && timeout >= 0)) throw new EngageError('IV-0006');
  // The reference's timer of 0 aborts before any answer can arrive.
  if (timeout === 0) throw new EngageError('IE-0003');
  // The deadline's own abort carries a TimeoutError; the SDK's stop signal carries its own reason.
  const timedOut = () => (deadline.signal.reason as Error | undefined)?.name === 'TimeoutError';
  // A call whose time ran out while this module loaded is not sent at all (the transport's rule).
  const reply = await request(config, '/v2/callFlows', body, { signal: deadline.signal, timeoutMs: 0 });
  // No answer at all (an error answer is one): the deadline's abort is why.
  if (!reply.ok && !isApiError(reply.error) && timeout !== undefined && timedOut()) throw new EngageError('IE-0003');
  return reply.data as PersonalizeResponse | null;
}
