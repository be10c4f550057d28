// The widgets' lifecycle and interaction events: their names and the bus they go through.
import type { SearchLogger } from './types.ts';

/** Lifecycle actions every widget reports on the client's event bus. */
export const WidgetActionType = Object.freeze({
  LOAD: 'core/LOAD',
  UNLOAD: 'core/UNLOAD',
  APPEAR: 'core/WIDGET_APPEAR',
  REQUEST: 'core/WIDGET_DATA_REQUEST',
  REQUEST_SUCCESS: 'core/WIDGET_DATA_REQUEST_SUCCESS',
  REQUEST_FAIL: 'core/WIDGET_DATA_REQUEST_FAIL',
  REQUEST_CANCELED: 'core/WIDGET_DATA_REQUEST_CANCELED',
  PAGE_CONTEXT_CHANGED: 'core/PAGE_CONTEXT_CHANGED',
} as const);

/**
 * Search-results interactions. The reference SDK's names where it has one; "remove
 * filter" and "item clicked" had none, so they follow the same pattern
 * (the earlier generation called an item click `PRODUCT_CLICKED`).
 */
export const SearchResultsActionType = Object.freeze({
  FACET_CLICKED: 'searchResults/FACET_CLICKED',
  FILTER_CLICKED: 'searchResults/FILTER_CLICKED',
  REMOVE_FILTER: 'searchResults/REMOVE_FILTER',
  SORT_CHANGED: 'searchResults/SORT_CHANGED',
  PAGE_NUMBER_CHANGED: 'searchResults/PAGE_NUMBER_CHANGED',
  ITEM_CLICKED: 'searchResults/ITEM_CLICKED',
  RESULTS_PER_PAGE_CHANGED: 'searchResults/RESULTS_PER_PAGE_CHANGED',
  KEYPHRASE_CHANGED: 'searchResults/KEYPHRASE_CHANGED',
  CLEAR_FILTERS: 'searchResults/CLEAR_FILTERS',
} as const);

/** Preview-search interactions. */
export const PreviewSearchActionType = Object.freeze({
  KEYPHRASE_CHANGED: 'search/KEYPHRASE_CHANGED',
  SUGGESTION_CHANGED: 'search/SUGGESTION_CHANGED',
  ITEM_CLICKED: 'search/ITEM_CLICKED',
} as const);

/** Item clicks of the other widgets that list items. */
export const ItemClickActionType = Object.freeze({
  recommendation: 'recommendation/ITEM_CLICKED',
  content_block: 'contentBlock/ITEM_CLICKED',
  banner: 'banner/ITEM_CLICKED',
} as const);

/** A lifecycle or interaction event of a widget, e.g. `core/WIDGET_APPEAR` or `searchResults/SORT_CHANGED`. */
export interface WidgetEvent {
  /** The action name. */
  type: string;
  /** The widget's id, when the event concerns one widget. */
  rfkId?: string;
  /** The widget's content entity. */
  entity?: string;
  /** The widget's type (e.g. `content_grid`). */
  widgetType?: string;
  /** The widget instance (several instances may share an rfkId). */
  instanceId?: string;
  /** What happened: the action's payload, the request, the answer or the error. */
  payload?: unknown;
}

/** Listener of {@link WidgetEvent}s. */
export type WidgetEventListener = (event: WidgetEvent) => void;

/** Subscribe to and dispatch {@link WidgetEvent}s. */
export interface EventBus {
  /** Calls `listener` for every later event; returns the unsubscribe function. */
  subscribe(listener: WidgetEventListener): () => void;
  /** Calls every listener; a listener that throws is logged and the others still run. */
  dispatch(event: WidgetEvent): void;
}

/** Creates the client's event bus. */
export function createEventBus(logger: SearchLogger): EventBus {
  const listeners = new Set<WidgetEventListener>();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch(event) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          logger.error('A widget event listener failed', event.type, error);
        }
      }
    },
  };
}
