import { searchMessages } from './errors.ts';
import { validateTrackingEvent } from './validateTrackingEvent.ts';
import type { EventRequest, SearchContext, SearchLogger } from './types.ts';

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
  /** Whether events may be sent at all. Defaults to true (the specification: consent tracking default on). */
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
    const context = input.value?.context ?? (page || locale ? { ...(page ? { page } : {}), ...(locale ? { locale } : {}) } : undefined);
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
        options.logger.error(error, searchMessages.serviceCallProblem);
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
