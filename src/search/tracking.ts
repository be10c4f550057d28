// Tracking events: the builders of the events the reference SDK sends, their
// validation, and the tracker that sends them only with consent.
import { describeFailure } from '../core/errors.ts';
import { searchMessages } from './errors.ts';
import type {
  ContentItem,
  EventEntity,
  EventRequest,
  EventSearchRequest,
  SearchContext,
  SearchLogger,
} from './types.ts';

/** An event as callers write it: the tracker adds uuid or user_id, the time and the page context. */
export type TrackEventInput = Omit<EventRequest, 'client_time_ms' | 'uuid' | 'value'> & {
  value?: EventRequest['value'];
};

/** Options of {@link createTracker}. */
export interface TrackerOptions {
  /** Sends one event; resolves to `true` when accepted. */
  publish: (event: EventRequest) => Promise<unknown>;
  /** The anonymous visitor id, or a function reading the current one. */
  uuid: string | (() => string);
  /** The signed-in user's id, sent instead of the uuid. Defaults to none. */
  userId?: string;
  /** Whether events may be sent at all. Defaults to true (as in the reference SDK). */
  consent?: boolean;
  /** The current request context; its page and locale go into `value.context`. Defaults to `{}`. */
  context?: () => SearchContext;
  /** Clock for `client_time_ms`. Defaults to `Date.now`. */
  now?: () => number;
  /** Where warnings go. */
  logger: SearchLogger;
}

/** Validates and sends tracking events, only with consent. */
export interface Tracker {
  /**
   * Completes, validates and sends an event. An invalid event is skipped with the
   * reference warning (`trackEvent :::`, message); without consent nothing is sent.
   * Resolves to `true` only when the service accepted the event; never rejects.
   */
  track(input: TrackEventInput): Promise<boolean>;
  /** Grants or withdraws consent for later events. */
  setConsent(consent: boolean): void;
  /** Whether events are sent now. */
  readonly consent: boolean;
}

/** Creates a tracker. */
export function createTracker(options: TrackerOptions): Tracker {
  let consent = options.consent ?? true;
  const now = options.now ?? Date.now;
  const complete = (input: TrackEventInput): EventRequest => {
    const { page, locale } = options.context?.() ?? {};
    const context =
      input.value?.context ??
      (page || locale ? { ...(page ? { page } : {}), ...(locale ? { locale } : {}) } : undefined);
    const userId = input.user_id ?? options.userId;
    return {
      ...input,
      value: { ...input.value, ...(context ? { context } : {}) },
      ...(userId ? { user_id: userId } : { uuid: typeof options.uuid === 'function' ? options.uuid() : options.uuid }),
      client_time_ms: now(),
    };
  };
  return {
    async track(input) {
      const event = complete(input);
      const problem = validateTrackingEvent(event);
      if (problem) {
        options.logger.warn(searchMessages.trackPrefix, problem);
        return false;
      }
      if (!consent) return false;
      try {
        return (await options.publish(event)) === true;
      } catch (error) {
        options.logger.error(searchMessages.serviceCallProblem, { cause: describeFailure(error) });
        return false;
      }
    },
    setConsent(value) {
      consent = value;
    },
    get consent() {
      return consent;
    },
  };
}

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
  if (
    event.name === 'widget' &&
    event.action === 'click' &&
    entities.length > 0 &&
    !(Number.isInteger(index) && (index as number) >= 0)
  ) {
    return searchMessages.trackIndexMissing;
  }
  if ((value.filters ?? []).some((f) => !filled(f?.name))) return searchMessages.trackFilterNameMissing;
  if (event.name === 'order_confirm' && !filled(value.order_id)) return searchMessages.trackOrderIdMissing;
  if (event.name === 'review' && entities.length === 0) return searchMessages.trackReviewIdMissing;
  if (event.name === 'login' && !filled(event.user_id)) return searchMessages.trackUserIncomplete;
  if (!filled(event.uuid) && !filled(event.user_id)) return searchMessages.trackUserIncomplete;
  return null;
}

/** A widget as events name it. */
export interface TrackedWidget {
  rfkId: string;
  entity: string;
}

/**
 * Builders of the tracking events the reference SDK sends. Send them with
 * `client.trackEvent(…)` (or the React `useTrackEvent()`).
 */
export const trackingEvents = Object.freeze({
  /** A widget came into view: `widget` / `view` with the items it shows. */
  widgetView(widget: TrackedWidget, items: readonly ContentItem[]): TrackEventInput {
    return {
      name: 'widget',
      action: 'view',
      value: {
        rfk_id: widget.rfkId,
        entity: widget.entity,
        entities: items.map((i) => toEventEntity(i, widget.entity)),
      },
    };
  },
  /** An item of a widget was clicked: `widget` / `click`, cause `navigation`, with its index. */
  widgetItemClick(
    widget: TrackedWidget,
    index: number,
    item: ContentItem,
    request?: EventSearchRequest,
  ): TrackEventInput {
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
  orderConfirm(
    order: { order_id: string; order_total?: number; order_subtotal?: number; coupon?: string },
    entities: EventEntity[],
  ): TrackEventInput {
    return { name: 'order_confirm', action: 'confirm', value: { ...order, entities } };
  },
  /** The visitor signed in: `login` / `identify`, sent with the user's id. */
  login(userId: string): TrackEventInput {
    return { name: 'login', action: 'identify', user_id: userId, value: {} };
  },
});

/**
 * Turns a result item into an event entity: `id`, `entity_type`, and where the item
 * has them `entity_subtype` (its `type`), `uri` (its `url`), `source_id`, `variant`
 * and `attributes`.
 */
export function toEventEntity(item: ContentItem, entityType: string): EventEntity {
  return {
    id: item.id,
    entity_type: entityType,
    ...(typeof item.type === 'string' ? { entity_subtype: item.type } : {}),
    ...(typeof item.url === 'string' ? { uri: item.url } : {}),
    ...(typeof item.source_id === 'string' ? { source_id: item.source_id } : {}),
    ...(typeof item.variant === 'string' ? { variant: item.variant } : {}),
    ...(isRecord(item.attributes) ? { attributes: item.attributes } : {}),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
