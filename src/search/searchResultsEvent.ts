import { SearchResultsActionType as T } from './actionTypes.ts';
import type { TrackEventInput } from './createTracker.ts';
import type { SearchResultsAction, SearchResultsState } from './searchResultsReducer.ts';
import { toEventEntity } from './toEventEntity.ts';
import type { TrackedWidget } from './trackingEvents.ts';
import type { ContentItem, EventFacetEntry, EventSearchRequest } from './types.ts';

/** What a search-results widget shows when an interaction happens. */
export interface ShownResults {
  content?: readonly ContentItem[];
  total_item?: number;
  /** The keyphrase the service searched instead of the visitor's (e.g. a correction). */
  modified_keyword?: string;
  /** The page the service sends this keyphrase to. */
  redirect_url?: string;
}

/** The `request` of a search-results event: the search state the visitor acted on, and the service's `modified_keyword` and `redirect_url` when it gave them. */
export function searchRequestFields(state: SearchResultsState, shown?: ShownResults): EventSearchRequest {
  return {
    ...(state.keyphrase ? { keyword: state.keyphrase } : {}),
    ...(shown?.content ? { num_results: shown.content.length } : {}),
    ...(shown?.total_item === undefined ? {} : { total_results: shown.total_item }),
    num_requested: state.itemsPerPage,
    page_size: state.itemsPerPage,
    page_number: state.page,
    ...(shown?.modified_keyword ? { modified_keyword: shown.modified_keyword } : {}),
    ...(shown?.redirect_url ? { redirect_url: shown.redirect_url } : {}),
  };
}

/**
 * The tracking event of a search-results interaction, in the contract's encoding:
 * facet and filter changes are clicks with cause `filter` and `filters[]`
 * (sub-type `remove`/`clear` for removals), sort/page/page-size are `navigation`
 * with a sub-type, a keyphrase is `suggestion`/`keyphrase`, an item click carries
 * its index and entity. `before` is the state the visitor acted on, `after` the new one.
 */
export function searchResultsEvent(
  widget: TrackedWidget,
  action: SearchResultsAction,
  before: SearchResultsState,
  after: SearchResultsState,
  shown?: ShownResults,
): TrackEventInput {
  const click = (cause: Cause, subType: string | undefined, value: TrackEventInput['value']) => widgetClick(widget, cause, subType, value);
  const request = searchRequestFields(after, shown);
  switch (action.type) {
    case T.FACET_CLICKED:
    case T.FILTER_CLICKED:
      return click('filter', action.payload.checked === false ? 'remove' : undefined, { filters: [facetEntry(action.payload)], request });
    case T.REMOVE_FILTER:
      return click('filter', 'remove', { filters: [removedEntry(action.payload, before)], request });
    case T.CLEAR_FILTERS:
      return click('filter', 'clear', { filters: [], request });
    case T.SORT_CHANGED: {
      const sort = action.payload.sortType ? `sort=${action.payload.sortType}:${action.payload.sortDirection ?? 'desc'}` : 'sort=relevance';
      return click('navigation', 'sort', { request: { ...request, advanced_query_text: sort } });
    }
    case T.PAGE_NUMBER_CHANGED:
      return click('navigation', 'page', { request });
    case T.RESULTS_PER_PAGE_CHANGED:
      return click('navigation', 'page_size', { request });
    case T.KEYPHRASE_CHANGED:
      return click('suggestion', 'keyphrase', { request: { ...request, keyword: action.payload.keyphrase } });
    case T.ITEM_CLICKED: {
      const item = shown?.content?.[action.payload.index] ?? { id: action.payload.id };
      const entity = toEventEntity(item.id === action.payload.id ? item : { id: action.payload.id }, widget.entity);
      return click('navigation', undefined, { index: action.payload.index, entities: [entity], request: searchRequestFields(before, shown) });
    }
  }
}

type Cause = TrackEventInput['action_cause'];

function widgetClick(widget: TrackedWidget, cause: Cause, subType: string | undefined, value: TrackEventInput['value']): TrackEventInput {
  return {
    name: 'widget',
    action: 'click',
    action_cause: cause,
    ...(subType ? { action_sub_type: subType } : {}),
    value: { rfk_id: widget.rfkId, entity: widget.entity, ...value },
  };
}

function facetEntry(p: {
  facetId: string;
  facetField?: string;
  facetValueId?: string;
  min?: number;
  max?: number;
  valueLabel?: string;
  facetLabel?: string;
  facetIndex?: number;
  facetValueIndex?: number;
}): EventFacetEntry {
  return {
    name: p.facetId,
    ...(p.facetLabel ? { title: p.facetLabel } : {}),
    ...(p.facetField ? { field: p.facetField } : {}),
    ...(p.facetValueId ? { value: p.facetValueId } : {}),
    ...(p.min === undefined ? {} : { start_value: p.min }),
    ...(p.max === undefined ? {} : { end_value: p.max }),
    ...(p.valueLabel ? { display_name: p.valueLabel } : {}),
    ...(p.facetValueIndex === undefined ? {} : { value_position: p.facetValueIndex }),
    ...(p.facetIndex === undefined ? {} : { facet_position: p.facetIndex }),
  };
}

function removedEntry(p: { facetId: string; facetValueId?: string }, before: SearchResultsState): EventFacetEntry {
  const selected = before.selectedFacets.find((s) => s.facetId === p.facetId && (p.facetValueId === undefined || s.facetValueId === p.facetValueId));
  return facetEntry({ ...selected, facetId: p.facetId, ...(p.facetValueId ? { facetValueId: p.facetValueId } : {}) });
}
