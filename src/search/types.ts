import type { components } from '../../generated/search/schema.d.ts';

type S = components['schemas'];

/** The body of one search POST (one per distinct context). */
export type SearchRequest = S['SearchRequest'];
/** The request context: browser, campaign, geo, locale, page, store, time, user (and commerce with the connector). */
export type SearchContext = S['CommerceSearchContext'];
/** The commerce context the connector sends: seller and required inventory locations. */
export type CommerceContext = S['CommerceContext'];
/** One widget's request inside `widget.items[]`. */
export type WidgetItem = S['WidgetItem'];
/** The answer of a search POST. */
export type SearchResponse = S['SearchResponse'];
/** One widget's data in the answer, discriminated by `type`. */
export type Widget = S['Widget'];
/** One indexed document (article, capability, career, product…). */
export type ContentItem = S['ContentItem'];
/** One facet of a search-results or preview answer. */
export type Facet = S['Facet'];
/** The error body the service answers with. */
export type ErrorResponse = S['ErrorResponse'];
/** A tracking event, as published. */
export type EventRequest = S['EventRequest'];
/** The `value` of a tracking event. */
export type EventValue = S['EventValue'];
/** One entity of a tracking event. */
export type EventEntity = S['EventEntity'];
/** One facet entry of a tracking event's `filters`. */
export type EventFacetEntry = S['EventFacetEntry'];
/** The search fields of a tracking event's `request`. */
export type EventSearchRequest = S['EventSearchRequest'];
/** A search filter node. */
export type SearchFilter = S['SearchFilter'];
/** The appearance (HTML and CSS templates per device) of a widget answer. */
export type Appearance = S['Appearance'];
/** Device types of the browser context. */
export type Device = NonNullable<S['BrowserContext']['device']>;

/** Narrows {@link Widget} to one `type`. */
export type WidgetOfType<T extends Widget['type']> = Extract<Widget, { type: T }>;

/** Where the layer logs; `console` by default. */
export interface SearchLogger {
  warn: (...args: unknown[]) => void;
  error: (...args: unknown[]) => void;
}
