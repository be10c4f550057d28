import type { components } from '../../generated/engagement/schema.d.ts';
import type { Reader } from '../core/transport.ts';

type Schemas = components['schemas'];

/** Options of the web personalization script (web experiences). */
export interface WebPersonalizationSettings {
  /** Load the script with `async`. Defaults to true. */
  asyncScriptLoading?: boolean;
  /** Reported in `window.Engage.settings.web_flow_config.defer`; the script itself never gets `defer` (as in the reference). Defaults to false. */
  deferScriptLoading?: boolean;
  /** Where `web-flow-libs/…` is served. Defaults to `https://d35vb5cccm4xzp.cloudfront.net`. */
  baseURLOverride?: string;
}

/** Settings of {@link init}: the reference SDK's settings, names and defaults. */
export interface EngageSettings {
  /** The client key (site identifier). Required (`MV-0001`). */
  clientKey: string;
  /** The engagement service base URL, e.g. `https://api-engage-eu.sitecorecloud.io`. Required (`MV-0002`) and a valid URL (`IV-0001`). */
  targetURL: string;
  /** Point of sale (`ngc` on our site); when given it must not be blank (`MV-0009`). Defaults to none: each call must then pass one (`MV-0003`). */
  pointOfSale?: string;
  /** Copy the page URL's `utm_*` query parameters into VIEW events. Defaults to true. */
  includeUTMParameters?: boolean;
  /** Lifetime of the browser-id cookie in days; `0` means the default. Defaults to 730. */
  cookieExpiryDays?: number;
  /** Adds `Domain=…` to the browser-id cookie. Defaults to none (host-only cookie). */
  cookieDomain?: string;
  /** `Path=…` of the browser-id cookie (honoured, unlike the reference). Defaults to `/`. */
  cookiePath?: string;
  /** Never call `create.json` nor rename cookies: the server sets the cookie. Defaults to false. */
  forceServerCookieMode?: boolean;
  /** Load the web personalization script (needs a point of sale). Defaults to false. */
  webPersonalization?: boolean | WebPersonalizationSettings;
}

/** Options of {@link init} beyond the reference settings. */
export interface InitOptions {
  /**
   * Stops the SDK when aborted (consent withdrawn): in-flight calls are aborted, later
   * sends resolve to `null` without a request, `addToEventQueue` stores nothing, queued
   * events stay queued (`forgetVisitor` removes them, with the browser id). An init still
   * under way writes no cookie and loads nothing. Defaults to none.
   */
  signal?: AbortSignal;
}

/** Fields every event accepts. Unlisted fields of a custom event are sent as given. */
export interface EventData {
  /** e.g. `WEB`. Defaults to none. */
  channel?: string;
  /** e.g. `USD`. Defaults to none. */
  currency?: string;
  /** Defaults to the language of `<html lang>` (`en-US` → `EN`), else omitted. */
  language?: string;
  /** Defaults to the last path segment, `Home Page` for `/`. */
  page?: string;
  /** Defaults to the settings' point of sale. */
  pointOfSale?: string;
  [key: string]: unknown;
}

/** Event data of `pageView`; other fields are dropped, as in the reference. */
export interface PageViewData {
  channel?: string;
  currency?: string;
  language?: string;
  page?: string;
  pointOfSale?: string;
  /** Sent as `ext.pageVariantId`. Defaults to the URL's `variantid`, else the extension data's `pageVariantId`. */
  pageVariantId?: string;
  /** Defaults to `document.referrer` on the first page view of a page load when its host differs. */
  referrer?: string;
}

/** One identifier of an identity event. */
export interface IdentityIdentifier {
  id: string;
  provider: string;
  /** `yyyy-mm-ddThh:mm` (UTC), else `IV-0004`; sent as `expiry_date`. */
  expiryDate?: string;
}

/** Event data of `identity`; other fields are dropped, as in the reference. */
export interface IdentityData {
  channel?: string;
  currency?: string;
  language?: string;
  page?: string;
  pointOfSale?: string;
  /** At least one (`MV-0004`). */
  identifiers: IdentityIdentifier[];
  /** Text, `@`, text, `.`, text (`IV-0003`). */
  email?: string;
  /** `yyyy-mm-ddThh:mm` (UTC), else `IV-0002`. */
  dob?: string;
  firstName?: string;
  lastName?: string;
  gender?: string;
  title?: string;
  mobile?: string;
  phone?: string;
  street?: string[];
  city?: string;
  state?: string;
  country?: string;
  postalCode?: string;
}

/** Extension data: nested keys are joined with `_`; at most 50 attributes after that (`IV-0005`). */
export type ExtensionData = Record<string, unknown>;

/** Input of `personalize`. */
export interface PersonalizeData {
  /** The experience's friendly id. Required, not blank (`MV-0008`). */
  friendlyId: string;
  channel?: string;
  /** Sent as `currencyCode`. */
  currency?: string;
  language?: string;
  pointOfSale?: string;
  /** Sent only when not blank. */
  email?: string;
  /** Sent as `identifiers` (one object) only when its `id` is not blank. */
  identifier?: { id: string; provider: string };
  /** Flattened with `_`. */
  params?: Record<string, unknown>;
}

/** What an event send resolves to: the service's JSON answer (success or its error body), or `null`. */
export type EventResponse = Schemas['EventAccepted'] | Schemas['EngageError'];
/** What `personalize` resolves to: the flow's JSON answer or a failed call flow's body, or `null`. */
export type PersonalizeResponse = Schemas['PersonalizeResponse'] | Schemas['CallFlowError'];

/** The settings a queued event keeps: only what its later send needs (fixes E4). */
export interface QueueEntrySettings {
  clientKey: string;
  /** The point of sale resolved when the event was queued. */
  pointOfSale: string;
}

/** One entry of the `EngageEventQueue` sessionStorage array. */
export interface QueueEntry {
  eventData: EventData;
  extensionData?: ExtensionData;
  /** The browser id when the event was queued. */
  id: string;
  settings: QueueEntrySettings;
  type: string;
}

/** What `processEventQueue` resolves to once the queue is drained. */
export interface ProcessQueueResult {
  /** Events the service accepted (removed from the queue). */
  sent: number;
  /** Events whose send failed; they stay queued for a later `processEventQueue`. */
  failed: number;
  /** Entries that can never be sent (edited in storage so they no longer validate); removed with a warning. */
  dropped: number;
}

/** The object `init` resolves to: the reference SDK's methods, minus its defects. */
export interface EngageSdk {
  /** Sends a custom event. Throws coded validation errors synchronously; a failed send resolves to `null`. */
  event(type: string, eventData?: EventData, extensionData?: ExtensionData): Promise<EventResponse | null>;
  /** Sends a `VIEW` event. */
  pageView(eventData?: PageViewData, extensionData?: ExtensionData): Promise<EventResponse | null>;
  /** Sends an `IDENTITY` event. */
  identity(eventData: IdentityData, extensionData?: ExtensionData): Promise<EventResponse | null>;
  /** Sends a `FORM` event (no channel, currency, page or language). */
  form(
    formId: string,
    interactionType: 'VIEWED' | 'SUBMITTED' | 'viewed' | 'submitted',
    pointOfSale?: string,
  ): Promise<EventResponse | null>;
  /** `POST /v2/callFlows`; with a timeout, rejects with `IE-0003` when it expires (body included). */
  personalize(data: PersonalizeData, timeout?: number): Promise<PersonalizeResponse | null>;
  /** Validates a custom event and stores it in sessionStorage (`EngageEventQueue`); a stopped SDK only validates. */
  addToEventQueue(type: string, eventData?: EventData, extensionData?: ExtensionData): void;
  /** Sends the queued events in order; resolves when done. Failed sends stay queued. */
  processEventQueue(): Promise<ProcessQueueResult>;
  /** Removes every queued event. */
  clearEventQueue(): void;
  /** Sets the point of sale for later calls; blank gives `MV-0009`. */
  updatePointOfSale(pointOfSale: string): void;
  /** Reads the browser id from the cookie now (`''` when there is none). */
  getBrowserId(): string;
  /** The guest id (`customer.ref`) of this browser. */
  getGuestId(): Promise<string>;
  /** `'1.4.3'`. */
  readonly version: string;
}

/** What builds an event's base fields: the client key, the point of sale fallback and the browser id. */
export interface EventContext {
  clientKey: string;
  pointOfSale: string | undefined;
  browserId: string;
}

/**
 * The settings after validation plus the state of one started SDK, shared by its parts.
 * Optional settings keep the caller's value; each is read with its default where it is
 * used. `browserId` is set by `init` once the cookie is read or created.
 */
export interface EngageConfig extends Omit<EngageSettings, 'pointOfSale'>, EventContext {
  /** `bid_{clientKey}`. */
  cookieName: string;
  /** Aborts every request of this SDK (consent withdrawn). */
  signal: AbortSignal | undefined;
  /** The core transport every request of this SDK leaves through (base URL, `X-Library-Version`, 60 s timeout). */
  transport: Reader;
}
