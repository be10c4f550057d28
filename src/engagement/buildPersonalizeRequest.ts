import type { components } from '../../generated/engagement/schema.d.ts';
import type { LazyKit } from './lazyKit.ts';
import { personalizeMessages } from './personalizeMessages.ts';
import type { EventContext, PersonalizeData } from './types.ts';

/** The body of `POST /v2/callFlows`. */
export type PersonalizeRequest = components['schemas']['PersonalizeRequest'];

const nonBlank = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/**
 * Builds the call-flow body after checking `friendlyId` (`MV-0008`) and the point of
 * sale (`MV-0003`). camelCase names; `params` flattened; `email` only when not blank;
 * `identifiers` one `{id, provider}` object, only when its id is not blank; `browserId`
 * only when neither of those two is present.
 */
export function buildPersonalizeRequest(kit: LazyKit, input: unknown, context: EventContext): PersonalizeRequest {
  const { isObject } = kit;
  const data = (isObject(input) ? input : {}) as Partial<PersonalizeData>;
  if (!nonBlank(data.friendlyId)) throw new kit.EngageError('MV-0008', personalizeMessages['MV-0008']);
  const pointOfSale = kit.pointOfSale(data.pointOfSale, context.pointOfSale);
  const identifier = isObject(data.identifier) && nonBlank(data.identifier.id) ? data.identifier : undefined;
  const params = isObject(data.params) && Object.keys(data.params).length ? { ...kit.flatten(data.params) } : undefined;
  const body: PersonalizeRequest = {
    channel: data.channel,
    clientKey: context.clientKey,
    currencyCode: data.currency,
    email: nonBlank(data.email) ? data.email : undefined,
    friendlyId: data.friendlyId,
    identifiers: identifier && { id: identifier.id, provider: identifier.provider },
    language: data.language ?? kit.language(),
    params,
    pointOfSale,
  };
  if (!body.email && !body.identifiers) body.browserId = context.browserId;
  return body;
}
