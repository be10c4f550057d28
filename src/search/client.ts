// The widget layer's client: configuration, the service calls (over the core transport),
// and requestWidget, the one way a widget request reaches the batcher and the POST.
import { describeFailure, isApiError } from '../core/errors.ts';
import { createTransport, readBody, type Transport } from '../core/transport.ts';
import { createWidgetBatcher, type WidgetBatcher } from './batcher.ts';
import { resolveSearchEndpoints, type EndpointConfig, type SearchEndpoints } from './config.ts';
import { createContextStore, readPageContext, type ContextStore } from './context.ts';
import { SearchError, isCanceledError, searchMessages } from './errors.ts';
import { WidgetActionType, createEventBus, type EventBus } from './events.ts';
import { createTracker, type TrackEventInput } from './tracking.ts';
import type { Device, EventRequest, SearchContext, SearchLogger, SearchRequest, Widget, WidgetItem } from './types.ts';
import { createVisitor, type Visitor } from './visitor.ts';

/** Configuration of {@link createSearchClient}. */
export interface SearchConfig extends EndpointConfig {
  /** The signed-in user's id, sent in events instead of the uuid. Defaults to none. */
  userId?: string;
  /**
   * The anonymous visitor id, when you keep one yourself; it wins over the stored one.
   * Defaults to the id stored by an earlier visit (`__ruid`/`__rutma`), else a new `{key}-…` id.
   */
  uuid?: string;
  /**
   * Tracking consent (wire it to consent group C0002). With it, tracking events are
   * sent and the visitor id and visit counters are stored (cookies, or localStorage
   * with `useStorage`) so the visitor is recognised on later visits; without it no
   * event is sent, nothing is written, and the id lives in memory for the page only.
   * Defaults to true, as in the reference SDK.
   */
  trackingConsent?: boolean;
  /** Store the visitor in localStorage (`{v, tm, tx}` entries) instead of cookies, as the reference's `useStorage`. Defaults to false. */
  useStorage?: boolean;
  /** Set the visitor cookies on the full hostname instead of its last two labels (for hosts under a public suffix such as `co.uk`). Defaults to false. */
  publicSuffix?: boolean;
  /** Top-level `rfk_flags` of every search request (service feature flags). Defaults to none. */
  rfkFlags?: string[];
  /** Returns the signed-in commerce user's identity token (the commerce connector's bearer). Defaults to none. */
  getIdentityToken?: IdentityTokenGetter;
  /**
   * The request context to start from (locale, page, store, campaign…), over what the
   * layer reads from the page: browser (user agent, device, app type `web`), `page.uri`,
   * `campaign` (the URL's `utm_*`) and `locale` (`<html lang>`). `time.epoch` is added
   * to each request as it is sent. Defaults to what the page gives.
   */
  context?: SearchContext;
  /** Device sent in the browser context. Defaults to the viewport's: `mobile` below 768 px, `tablet` below 992 px, else `pc`. */
  device?: Device;
  /** Abort a call after this many ms. Defaults to 10000. */
  timeoutMs?: number;
  /** The fetch to send with. Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Where warnings and errors go. Defaults to `console`. */
  logger?: SearchLogger;
  /** Clock of the events, the visit and `time.epoch`. Defaults to `Date.now`. */
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
  /** Top-level `rfk_flags` of the request's body; requests with other flags go in another POST. Defaults to the client's `rfkFlags`. */
  rfkFlags?: string[];
  /** The latest-wins key: a newer request with the same key cancels this one. Defaults to `{rfk_id}@{instanceId}@{entity}`. */
  key?: string;
}

/** The framework-free widget layer: configuration, batching, context, events and tracking. */
export interface SearchClient {
  /** Where calls go, derived from the configuration. */
  readonly endpoints: SearchEndpoints;
  /** The anonymous visitor id (changes only when consent recognises a returning visitor). */
  readonly uuid: string;
  /** The visitor: id, visit counters, where they are stored. */
  readonly visitor: Visitor;
  /** The raw service calls (no batching). */
  readonly calls: ServiceCalls;
  /** The shared request context (page, locale, commerce…); changes commit after 50 ms. */
  readonly context: ContextStore;
  /** Lifecycle and interaction events of every widget. */
  readonly events: EventBus;
  /** Where the layer logs. */
  readonly logger: SearchLogger;
  /** Requests one widget through the batcher; reports request, success, fail or canceled. */
  requestWidget(options: WidgetRequestOptions): Promise<Widget>;
  /** Sends the queued widget requests now. */
  flush(): void;
  /** Keeps the queued widget requests back until the returned release is called (see {@link WidgetBatcher.hold}). */
  holdBatch(): () => void;
  /** Validates and sends a tracking event (only with consent); resolves to whether it was accepted. */
  trackEvent(input: TrackEventInput): Promise<boolean>;
  /** Grants tracking consent (events sent, visitor stored) or withdraws it (visitor entries deleted). */
  setTrackingConsent(consent: boolean): void;
  /** Whether tracking events are sent now. */
  readonly trackingConsent: boolean;
}

/**
 * Creates the widget layer's client. Validates the configuration (throws with the
 * reference SDK's messages), then batches widget requests of the page into one
 * POST per context every 250 ms, and sends tracking events only with consent.
 */
export function createSearchClient(config: SearchConfig = {}): SearchClient {
  const logger = config.logger ?? console;
  const endpoints = resolveSearchEndpoints(config, logger);
  const transport = createTransport({
    fetch: config.fetch,
    timeoutMs: config.timeoutMs ?? 10_000,
    describeError: errorMessage,
  });
  const calls = createServiceCalls(endpoints, transport, logger, config.getIdentityToken);
  const now = config.now ?? Date.now;
  const visitor = createVisitor({
    key: endpoints.key,
    uuid: config.uuid,
    consent: config.trackingConsent ?? true,
    useStorage: config.useStorage,
    publicSuffix: config.publicSuffix,
    now,
  });
  const context = createContextStore({ initial: initialContext(config), fixedUser: () => ({ uuid: visitor.id }) });
  visitor.subscribe(() => {
    context.update({});
    context.flush();
  });
  const events = createEventBus(logger);
  context.subscribe(() => events.dispatch({ type: WidgetActionType.PAGE_CONTEXT_CHANGED, payload: context.get() }));
  // The time goes in as the batch leaves, so it never splits a batch or re-keys a widget.
  const process = (body: SearchRequest, init: { signal: AbortSignal }) =>
    calls.search({ ...body, context: { ...body.context, time: { epoch: now() } } }, init);
  const batcher = createWidgetBatcher({ process });
  const tracker = createTracker({
    publish: calls.publishEvent,
    uuid: () => visitor.id,
    userId: config.userId,
    consent: config.trackingConsent,
    context: context.get,
    now,
    logger,
  });
  const requestWidget = createWidgetRequester(batcher, events, context, endpoints.mode, visitor, config.rfkFlags);
  return {
    endpoints,
    calls,
    context,
    events,
    logger,
    requestWidget,
    visitor,
    get uuid() {
      return visitor.id;
    },
    flush: batcher.flush,
    holdBatch: () => batcher.hold(),
    trackEvent(input) {
      if (tracker.consent) visitor.touch();
      return tracker.track(input);
    },
    setTrackingConsent(consent) {
      tracker.setConsent(consent);
      visitor.setConsent(consent);
    },
    get trackingConsent() {
      return tracker.consent;
    },
  };
}

/** One widget request through the batcher, reported as request, then success, fail or canceled. */
function createWidgetRequester(
  batcher: WidgetBatcher,
  events: EventBus,
  context: ContextStore,
  mode: SearchEndpoints['mode'],
  visitor: Visitor,
  defaultFlags: string[] | undefined,
) {
  return async (options: WidgetRequestOptions): Promise<Widget> => {
    const { item, instanceId = 'default', widgetType, signal, debounceBy, rfkFlags = defaultFlags } = options;
    visitor.touch();
    const meta = { rfkId: item.rfk_id, entity: item.entity, instanceId, ...(widgetType ? { widgetType } : {}) };
    events.dispatch({ type: WidgetActionType.REQUEST, ...meta, payload: item });
    const sent = sendable(options.context ?? context.get(), mode);
    try {
      const key = options.key ?? `${item.rfk_id}@${instanceId}@${item.entity}`;
      const widget = await batcher.request({
        key,
        item,
        context: sent,
        signal,
        debounceBy,
        ...(rfkFlags ? { rfkFlags } : {}),
      });
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
  const page = readPageContext();
  const browser = { ...page.browser, ...(config.device ? { device: config.device } : {}), ...config.context?.browser };
  return { ...page, ...config.context, browser };
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

/** The two calls of the service. */
export interface ServiceCalls {
  /**
   * POSTs a search body. Resolves to the answer; on a service failure logs the raw
   * error and `There was a problem on the service call`, then resolves to the error
   * body or `null` (it does not throw). An abort rejects, since nobody waits. With the
   * commerce connector, a missing identity token rejects before anything is sent.
   */
  search(body: SearchRequest, init?: { signal?: AbortSignal }): Promise<unknown>;
  /**
   * POSTs one tracking event. Resolves to `true` when accepted; on failure logs as
   * `search` does and resolves to the error body or `null`.
   */
  publishEvent(event: EventRequest): Promise<unknown>;
}

/** Creates the service calls over one transport. */
export function createServiceCalls(
  endpoints: SearchEndpoints,
  transport: Transport,
  logger: SearchLogger,
  getIdentityToken?: IdentityTokenGetter,
): ServiceCalls {
  const apiKeyHeader: Record<string, string> = endpoints.apiKey ? { Authorization: endpoints.apiKey } : {};
  const post = async (url: string, body: unknown, headers: Record<string, string>, init: RequestInit = {}) => {
    const signal = init.signal ?? undefined;
    try {
      const response = await transport(url, { ...init, method: 'POST', body: JSON.stringify(body), headers });
      return { ok: true as const, body: await readBody(response) };
    } catch (error) {
      if (signal?.aborted) throw error;
      // The specification's line, with the cause as one line: no stack, no header, no key.
      logger.error(searchMessages.serviceCallProblem, { cause: describeFailure(error) });
      return { ok: false as const, body: isApiError(error) ? (error.body ?? null) : null };
    }
  };
  return {
    async search(body, init = {}) {
      const headers =
        endpoints.mode === 'commerce'
          ? { Authorization: `Bearer ${await readIdentityToken(getIdentityToken)}` }
          : apiKeyHeader;
      return (await post(endpoints.searchUrl, body, headers, { signal: init.signal })).body;
    },
    async publishEvent(event) {
      if (!endpoints.eventUrl) return null;
      // keepalive lets a click event finish when the click navigates away.
      const result = await post(endpoints.eventUrl, event, apiKeyHeader, { keepalive: true });
      return result.ok ? true : result.body;
    },
  };
}

/** Returns the signed-in commerce user's identity token, `null`/`undefined`/`''` when nobody is signed in. */
export type IdentityTokenGetter = () => string | null | undefined | Promise<string | null | undefined>;

/**
 * Reads the commerce user's identity token for the connector's bearer header.
 * Throws `Could not import OrderCloud SDK.` when no getter was wired (or it
 * failed), and `Could not found an OrderCloud logged user.` when nobody is signed in.
 */
export async function readIdentityToken(getIdentityToken: IdentityTokenGetter | undefined): Promise<string> {
  if (!getIdentityToken) throw new SearchError('NO_COMMERCE_SDK', searchMessages.noCommerceSdk);
  let token: unknown;
  try {
    token = await getIdentityToken();
  } catch (cause) {
    throw new SearchError('NO_COMMERCE_SDK', searchMessages.noCommerceSdk, { cause });
  }
  if (typeof token !== 'string' || token.trim() === '')
    throw new SearchError('NO_LOGGED_USER', searchMessages.noLoggedUser);
  return token;
}
