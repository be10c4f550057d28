import type { TrackEventInput } from './createTracker.ts';
import { toEventEntity } from './toEventEntity.ts';
import type { ContentItem, EventEntity, EventSearchRequest } from './types.ts';

/** A widget as events name it. */
export interface TrackedWidget {
  rfkId: string;
  entity: string;
}

/**
 * Builders of the tracking events the specification names. Send them with
 * `client.trackEvent(…)` (or the React `useTrackEvent()`).
 */
export const trackingEvents = Object.freeze({
  /** A widget came into view: `widget` / `view` with the items it shows. */
  widgetView(widget: TrackedWidget, items: readonly ContentItem[]): TrackEventInput {
    return {
      name: 'widget',
      action: 'view',
      value: { rfk_id: widget.rfkId, entity: widget.entity, entities: items.map((i) => toEventEntity(i, widget.entity)) },
    };
  },
  /** An item of a widget was clicked: `widget` / `click`, cause `navigation`, with its index. */
  widgetItemClick(widget: TrackedWidget, index: number, item: ContentItem, request?: EventSearchRequest): TrackEventInput {
    return {
      name: 'widget',
      action: 'click',
      action_cause: 'navigation',
      value: {
        rfk_id: widget.rfkId,
        entity: widget.entity,
        index,
        entities: [toEventEntity(item, widget.entity)],
        ...(request ? { request } : {}),
      },
    };
  },
  /** A content page (an entity) was viewed: `entity_page` / `view`. */
  entityPageView(entities: EventEntity[]): TrackEventInput {
    return { name: 'entity_page', action: 'view', value: { entities } };
  },
  /** An add or remove action on entities: `cart`, `bookmark`, `review`, `compare`, `wishlist`, `like`, `upvote`, `download`. */
  entityAction(name: string, action: 'add' | 'remove', entities: EventEntity[]): TrackEventInput {
    return { name, action, value: { entities } };
  },
  /** A confirmed order: `order_confirm` / `confirm` with order id, totals and coupon. */
  orderConfirm(order: { order_id: string; order_total?: number; order_subtotal?: number; coupon?: string }, entities: EventEntity[]): TrackEventInput {
    return { name: 'order_confirm', action: 'confirm', value: { ...order, entities } };
  },
  /** The visitor signed in: `login` / `identify`, sent with the user's id. */
  login(userId: string): TrackEventInput {
    return { name: 'login', action: 'identify', user_id: userId, value: {} };
  },
});
