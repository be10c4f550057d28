import { createTransport } from '../core/transport.ts';
import { WidgetActionType } from './actionTypes.ts';
import { createContextStore, type ContextStore } from './createContextStore.ts';
import { createEventBus, type EventBus } from './createEventBus.ts';
import { createServiceCalls, type ServiceCalls } from './createServiceCalls.ts';
import { createTracker, type TrackEventInput } from './createTracker.ts';
import { createWidgetBatcher, type WidgetBatcher } from './createWidgetBatcher.ts';
import { generateUuid } from './generateUuid.ts';
import type { IdentityTokenGetter } from './readIdentityToken.ts';
import { resolveSearchEndpoints, type EndpointConfig, type SearchEndpoints } from './resolveSearchEndpoints.ts';
import { defaultScheduler, type Scheduler } from './scheduler.ts';
import { searchConstants } from './searchConstants.ts';
import type { Device, SearchContext, SearchLogger, Widget, WidgetItem } from './types.ts';
import { isCanceledError } from './WidgetRequestCanceledError.ts';

/** Configuration of {@link createSearchClient}. */
export interface SearchConfig extends EndpointConfig {
  /** The signed-in user's id, sent in events instead of the uuid. Defaults to none. */
  userId?: string;
  /** The anonymous visitor id (persist it yourself, under consent, to keep it across visits). Defaults to a fresh `{key}-…` id. */
  uuid?: string;
  /** Whether tracking events may be sent. Defaults to true (seed §9 "consent tracking default on"); wire it to consent group C0002. */
  trackingConsent?: boolean;
  /** Returns the signed-in commerce user's identity token (the commerce connector's bearer). Defaults to none. */
  getIdentityToken?: IdentityTokenGetter;
  /** The request context to start from (locale, page, store, campaign…). Defaults to the browser part only. */
  context?: SearchContext;
  /** Device sent in the browser context. Defaults to `pc`. */
  device?: Device;
  /** Abort a call after this many ms. Defaults to 10000. */
  timeoutMs?: number;
  /** The fetch to send with. Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Timers of the debounces. Defaults to the global ones. */
  scheduler?: Scheduler;
  /** Where warnings and errors go. Defaults to `console`. */
  logger?: SearchLogger;
  /** Clock of the events. Defaults to `Date.now`. */
  now?: () => number;
}

/** Options of one widget request. */
export interface WidgetRequestOptions {
  /** The widget's request item. */
  item: WidgetItem;
  /** The widget instance; a newer request of the same instance cancels the older. Defaults to `'default'`. */
  instanceId?: string;
  /** The widget's type, for the lifecycle events. Defaults to none. */
  widgetType?: string;
  /** Cancels the request. Defaults to none. */
  signal?: AbortSignal;
  /** The context to send. Defaults to the committed context. */
  context?: SearchContext;
  /** Puts the request into a separate batch. Defaults to none. */
  debounceBy?: string;
  /** The latest-wins key: a newer request with the same key cancels this one. Defaults to `{rfk_id}@{instanceId}@{entity}`. */
  key?: string;
}

/** The framework-free widget layer: configuration, batching, context, events and tracking. */
export interface SearchClient {
  /** Where calls go, derived from the configuration. */
  readonly endpoints: SearchEndpoints;
  /** The anonymous visitor id. */
  readonly uuid: string;
  /** The raw service calls (no batching). */
  readonly calls: ServiceCalls;
  /** The shared request context (page, locale, commerce…); changes commit after 50 ms. */
  readonly context: ContextStore;
  /** Lifecycle and interaction events of every widget. */
  readonly events: EventBus;
  /** Timers used by the layer. */
  readonly scheduler: Scheduler;
  /** Where the layer logs. */
  readonly logger: SearchLogger;
  /** Requests one widget through the batcher; reports request, success, fail or canceled. */
  requestWidget(options: WidgetRequestOptions): Promise<Widget>;
  /** Sends the queued widget requests now. */
  flush(): void;
  /** Validates and sends a tracking event (only with consent); resolves to whether it was accepted. */
  trackEvent(input: TrackEventInput): Promise<boolean>;
  /** Grants or withdraws tracking consent. */
  setTrackingConsent(consent: boolean): void;
  /** Whether tracking events are sent now. */
  readonly trackingConsent: boolean;
}

/**
 * Creates the widget layer's client. Validates the configuration (throws with the
 * specification's messages), then batches widget requests of the page into one
 * POST per context every 250 ms, and sends tracking events only with consent.
 */
export function createSearchClient(config: SearchConfig = {}): SearchClient {
  const logger = config.logger ?? console;
  const scheduler = config.scheduler ?? defaultScheduler;
  const endpoints = resolveSearchEndpoints(config, logger);
  const transport = createTransport({ fetch: config.fetch, timeoutMs: config.timeoutMs ?? 10_000, describeError: errorMessage });
  const calls = createServiceCalls(endpoints, transport, logger, config.getIdentityToken);
  const uuid = config.uuid || generateUuid(endpoints.key);
  const context = createContextStore({ initial: initialContext(config), fixedUser: { uuid }, scheduler });
  const events = createEventBus(logger);
  context.subscribe(() => events.dispatch({ type: WidgetActionType.PAGE_CONTEXT_CHANGED, payload: context.get() }));
  const batcher = createWidgetBatcher({ process: calls.search, scheduler });
  const tracker = createTracker({
    publish: calls.publishEvent,
    uuid,
    userId: config.userId,
    consent: config.trackingConsent,
    context: context.get,
    now: config.now,
    logger,
  });
  const requestWidget = createWidgetRequester(batcher, events, context, endpoints.mode);
  return {
    endpoints, uuid, calls, context, events, scheduler, logger, requestWidget,
    flush: batcher.flush,
    trackEvent: tracker.track,
    setTrackingConsent: tracker.setConsent,
    get trackingConsent() {
      return tracker.consent;
    },
  };
}

/** One widget request through the batcher, reported as request, then success, fail or canceled. */
function createWidgetRequester(batcher: WidgetBatcher, events: EventBus, context: ContextStore, mode: SearchEndpoints['mode']) {
  return async (options: WidgetRequestOptions): Promise<Widget> => {
    const { item, instanceId = 'default', widgetType, signal, debounceBy } = options;
    const meta = { rfkId: item.rfk_id, entity: item.entity, instanceId, ...(widgetType ? { widgetType } : {}) };
    events.dispatch({ type: WidgetActionType.REQUEST, ...meta, payload: item });
    const sent = sendable(options.context ?? context.get(), mode);
    try {
      const key = options.key ?? `${item.rfk_id}@${instanceId}@${item.entity}`;
      const widget = await batcher.request({ key, item, context: sent, signal, debounceBy });
      events.dispatch({ type: WidgetActionType.REQUEST_SUCCESS, ...meta, payload: widget });
      return widget;
    } catch (error) {
      const type = isCanceledError(error) ? WidgetActionType.REQUEST_CANCELED : WidgetActionType.REQUEST_FAIL;
      events.dispatch({ type, ...meta, payload: error });
      throw error;
    }
  };
}

function initialContext(config: SearchConfig): SearchContext {
  const userAgent = typeof navigator === 'undefined' ? undefined : navigator.userAgent;
  const browser = { device: config.device ?? (searchConstants.DEFAULT_DEVICE as Device), ...(userAgent ? { user_agent: userAgent } : {}) };
  return { ...config.context, browser: { ...browser, ...config.context?.browser } };
}

/** The commerce context is the connector's; the other paths never see it. */
function sendable(context: SearchContext, mode: SearchEndpoints['mode']): SearchContext {
  if (mode === 'commerce' || !('commerce' in context)) return context;
  const { commerce: _commerce, ...rest } = context;
  return rest;
}

function errorMessage(body: unknown) {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? { message } : {};
}
