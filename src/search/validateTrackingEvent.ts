import { searchMessages } from './errors.ts';
import type { EventRequest } from './types.ts';

const filled = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

/**
 * Checks an event before it is sent and returns the reference SDK's warning for
 * the first problem, or `null` when it may be sent: a missing name; a widget event
 * without `rfk_id`; an entity without `id` or `entity_type`; a widget click on an
 * entity without a valid `index` (an integer ≥ 0); a facet entry (`filters[]`)
 * without its facet id (`name`); an order without `order_id`; a review without the
 * reviewed entity; a login without `user_id`; an event with neither uuid nor user_id.
 */
export function validateTrackingEvent(event: Partial<EventRequest>): string | null {
  if (!filled(event.name)) return searchMessages.trackNameMissing;
  const value = event.value ?? {};
  if (event.name === 'widget' && !filled(value.rfk_id)) return searchMessages.trackRfkIdEmpty;
  const entities = value.entities ?? [];
  if (entities.some((e) => !filled(e?.id) || !filled(e?.entity_type))) return searchMessages.trackEntityFieldMissing;
  const index = value.index;
  if (event.name === 'widget' && event.action === 'click' && entities.length > 0 && !(Number.isInteger(index) && (index as number) >= 0)) {
    return searchMessages.trackIndexMissing;
  }
  if ((value.filters ?? []).some((f) => !filled(f?.name))) return searchMessages.trackFilterNameMissing;
  if (event.name === 'order_confirm' && !filled(value.order_id)) return searchMessages.trackOrderIdMissing;
  if (event.name === 'review' && entities.length === 0) return searchMessages.trackReviewIdMissing;
  if (event.name === 'login' && !filled(event.user_id)) return searchMessages.trackUserIncomplete;
  if (!filled(event.uuid) && !filled(event.user_id)) return searchMessages.trackUserIncomplete;
  return null;
}
