// The search-results widget, framework-free: its state and interactions (reducer and
// their validation), the request item a state asks for, and the tracking event of
// each interaction.
import { searchConstants } from './config.ts';
import { searchMessages } from './errors.ts';
import { SearchResultsActionType as T } from './events.ts';
import { toEventEntity, type TrackEventInput, type TrackedWidget } from './tracking.ts';
import type { ContentItem, EventFacetEntry, EventSearchRequest, SearchFilter, WidgetItem } from './types.ts';
import { createWidgetRequest, type WidgetRequestBuilder } from './widgetRequest.ts';

/** One selected facet value: a value id, or a range (`min`–`max`). */
export interface SelectedFacet {
  /** The facet's id (its `name` in the answer). */
  facetId: string;
  /** The value's id, for value facets. */
  facetValueId?: string;
  /** Lower bound, for range filters. */
  min?: number;
  /** Upper bound, for range filters. */
  max?: number;
  /** The value's label, to show the selection. */
  valueLabel?: string;
}

/** What a search-results widget asks for. */
export interface SearchResultsState {
  keyphrase: string;
  /** Sort attribute; none sorts by relevance. */
  sortType?: string;
  sortDirection?: 'asc' | 'desc';
  /** 1-based page number. */
  page: number;
  itemsPerPage: number;
  selectedFacets: SelectedFacet[];
}

/** Payload of a facet value (un)checked. */
export interface FacetClickPayload {
  facetId: string;
  facetValueId: string;
  checked: boolean;
  facetIndex?: number;
  facetValueIndex?: number;
  valueLabel?: string;
  facetLabel?: string;
  /** The indexed attribute the facet groups by (the answer's `facet[].field`), sent as the facet entry's `field`. */
  facetField?: string;
}

/** Payload of a range filter applied (or removed with `checked: false`). */
export interface FilterClickPayload {
  facetId: string;
  min?: number;
  max?: number;
  checked?: boolean;
  facetIndex?: number;
  facetValueIndex?: number;
  valueLabel?: string;
  facetLabel?: string;
  /** The indexed attribute the facet groups by, sent as the facet entry's `field`. */
  facetField?: string;
}

/** A search-results interaction. */
export type SearchResultsAction =
  | { type: typeof T.FACET_CLICKED; payload: FacetClickPayload }
  | { type: typeof T.FILTER_CLICKED; payload: FilterClickPayload }
  | { type: typeof T.REMOVE_FILTER; payload: { facetId: string; facetValueId?: string } }
  | { type: typeof T.SORT_CHANGED; payload: { sortType?: string; sortDirection?: 'asc' | 'desc' } }
  | { type: typeof T.PAGE_NUMBER_CHANGED; payload: { page: number } }
  | { type: typeof T.ITEM_CLICKED; payload: { id: string; index: number } }
  | { type: typeof T.RESULTS_PER_PAGE_CHANGED; payload: { numItems: number } }
  | { type: typeof T.KEYPHRASE_CHANGED; payload: { keyphrase: string } }
  | { type: typeof T.CLEAR_FILTERS; payload?: Record<string, never> };

/** The state a search-results widget starts from, with the given overrides. */
export function initialSearchResultsState(overrides: Partial<SearchResultsState> = {}): SearchResultsState {
  return { keyphrase: '', page: 1, itemsPerPage: searchConstants.ITEMS_PER_PAGE, selectedFacets: [], ...overrides };
}

/**
 * What each interaction does to the request: a facet click toggles a value, a
 * filter click sets a facet's range, remove/clear drop selections, sort, page size,
 * keyphrase and selections go back to page 1, a keyphrase also clears selections
 * (its facets are new), an item click changes nothing. Pure.
 */
export function searchResultsReducer(state: SearchResultsState, action: SearchResultsAction): SearchResultsState {
  const firstPage = (next: Partial<SearchResultsState>) => ({ ...state, ...next, page: 1 });
  const others = (facetId: string, keep?: (s: SelectedFacet) => boolean) =>
    state.selectedFacets.filter((s) => s.facetId !== facetId || (keep?.(s) ?? false));
  switch (action.type) {
    case T.FACET_CLICKED: {
      const { facetId, facetValueId, checked, valueLabel } = action.payload;
      const rest = others(facetId, (s) => s.facetValueId !== facetValueId && s.facetValueId !== undefined);
      return firstPage({
        selectedFacets: checked ? [...rest, { facetId, facetValueId, ...(valueLabel ? { valueLabel } : {}) }] : rest,
      });
    }
    case T.FILTER_CLICKED: {
      const { facetId, min, max, checked = true, valueLabel } = action.payload;
      const range: SelectedFacet = {
        facetId,
        ...(min === undefined ? {} : { min }),
        ...(max === undefined ? {} : { max }),
        ...(valueLabel ? { valueLabel } : {}),
      };
      return firstPage({ selectedFacets: checked ? [...others(facetId), range] : others(facetId) });
    }
    case T.REMOVE_FILTER: {
      const { facetId, facetValueId } = action.payload;
      return firstPage({
        selectedFacets: others(facetId, (s) => facetValueId !== undefined && s.facetValueId !== facetValueId),
      });
    }
    case T.CLEAR_FILTERS:
      return firstPage({ selectedFacets: [] });
    case T.SORT_CHANGED:
      return firstPage({ sortType: action.payload.sortType, sortDirection: action.payload.sortDirection });
    case T.PAGE_NUMBER_CHANGED:
      return { ...state, page: action.payload.page };
    case T.RESULTS_PER_PAGE_CHANGED:
      return firstPage({ itemsPerPage: action.payload.numItems });
    case T.KEYPHRASE_CHANGED:
      return firstPage({ keyphrase: action.payload.keyphrase, selectedFacets: [] });
    default:
      return state;
  }
}

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';
const intFrom = (value: unknown, min: number, max = Number.MAX_SAFE_INTEGER) =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
const finiteOrAbsent = (value: unknown) => value === undefined || (typeof value === 'number' && Number.isFinite(value));

/**
 * Why a search-results interaction cannot be applied or reported, or `null`.
 * Facet, filter and remove actions need the facet id (`Filter's name is not
 * defined`); an item click needs the item's id and a valid index; pages, page
 * sizes, ranges and keyphrases must be well formed.
 */
export function describeInvalidAction(action: SearchResultsAction): string | null {
  const p = (action.payload ?? {}) as Record<string, unknown>;
  switch (action.type) {
    case T.FACET_CLICKED:
      if (!filled(p.facetId)) return searchMessages.trackFilterNameMissing;
      return filled(p.facetValueId) ? null : 'Invalid facetValueId: it should be a non-empty string';
    case T.FILTER_CLICKED: {
      if (!filled(p.facetId)) return searchMessages.trackFilterNameMissing;
      const ok =
        finiteOrAbsent(p.min) &&
        finiteOrAbsent(p.max) &&
        (p.min !== undefined || p.max !== undefined || p.checked === false);
      const ordered = p.min === undefined || p.max === undefined || (p.min as number) <= (p.max as number);
      return ok && ordered ? null : 'Invalid range: min and max should be numbers with min ≤ max';
    }
    case T.REMOVE_FILTER:
      return filled(p.facetId) ? null : searchMessages.trackFilterNameMissing;
    case T.PAGE_NUMBER_CHANGED:
      return intFrom(p.page, 1) ? null : `Invalid page: ${String(p.page)}. It should be an integer ≥ 1`;
    case T.RESULTS_PER_PAGE_CHANGED:
      return intFrom(p.numItems, 1, 100)
        ? null
        : `Invalid numItems: ${String(p.numItems)}. It should be an integer from 1 to 100`;
    case T.ITEM_CLICKED:
      if (!filled(p.id)) return searchMessages.trackEntityFieldMissing;
      return intFrom(p.index, 0) ? null : searchMessages.trackIndexMissing;
    case T.KEYPHRASE_CHANGED:
      return typeof p.keyphrase === 'string' ? null : 'Invalid keyphrase: it should be a string';
    case T.SORT_CHANGED:
      return p.sortType === undefined || filled(p.sortType)
        ? null
        : 'Invalid sortType: it should be a non-empty string';
    default:
      return null;
  }
}

/**
 * The request item of a search-results widget for a state: keyphrase, all facets,
 * sort choices and the chosen sort, the selections as filters (values of one facet
 * any-of, a range as a range, facets and-ed), `limit` = page size and `offset` from
 * the page. `query` may adjust the request further.
 */
export function buildSearchResultsItem(
  rfkId: string,
  entity: string,
  state: SearchResultsState,
  query?: (request: WidgetRequestBuilder) => void,
): WidgetItem {
  const request = createWidgetRequest(rfkId, entity)
    .content()
    .keyphrase(state.keyphrase)
    .facets({ all: true })
    .sort(state.sortType, state.sortDirection)
    .filter(selectionFilter(state.selectedFacets))
    .limit(state.itemsPerPage)
    .offset((state.page - 1) * state.itemsPerPage);
  query?.(request);
  return request.build();
}

/** The filter of a set of selections, or `undefined` when nothing is selected. */
export function selectionFilter(selected: readonly SelectedFacet[]): SearchFilter | undefined {
  const byFacet = new Map<string, SelectedFacet[]>();
  for (const s of selected) byFacet.set(s.facetId, [...(byFacet.get(s.facetId) ?? []), s]);
  const filters: SearchFilter[] = [];
  for (const [name, list] of byFacet) {
    const ids = list.flatMap((s) => (s.facetValueId === undefined ? [] : [s.facetValueId]));
    if (ids.length) filters.push({ type: 'anyOf', name, values: ids });
    for (const r of list.filter((s) => s.facetValueId === undefined)) {
      if (r.min !== undefined && r.max !== undefined) filters.push({ type: 'range', name, values: [r.min, r.max] });
      else if (r.min !== undefined) filters.push({ type: 'gte', name, value: r.min });
      else if (r.max !== undefined) filters.push({ type: 'lte', name, value: r.max });
    }
  }
  if (filters.length <= 1) return filters[0];
  return { type: 'and', filters };
}

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
  const click = (cause: Cause, subType: string | undefined, value: TrackEventInput['value']) =>
    widgetClick(widget, cause, subType, value);
  const request = searchRequestFields(after, shown);
  switch (action.type) {
    case T.FACET_CLICKED:
    case T.FILTER_CLICKED:
      return click('filter', action.payload.checked === false ? 'remove' : undefined, {
        filters: [facetEntry(action.payload)],
        request,
      });
    case T.REMOVE_FILTER:
      return click('filter', 'remove', { filters: [removedEntry(action.payload, before)], request });
    case T.CLEAR_FILTERS:
      return click('filter', 'clear', { filters: [], request });
    case T.SORT_CHANGED: {
      const sort = action.payload.sortType
        ? `sort=${action.payload.sortType}:${action.payload.sortDirection ?? 'desc'}`
        : 'sort=relevance';
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
      return click('navigation', undefined, {
        index: action.payload.index,
        entities: [entity],
        request: searchRequestFields(before, shown),
      });
    }
  }
}

type Cause = TrackEventInput['action_cause'];

function widgetClick(
  widget: TrackedWidget,
  cause: Cause,
  subType: string | undefined,
  value: TrackEventInput['value'],
): TrackEventInput {
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
  const selected = before.selectedFacets.find(
    (s) => s.facetId === p.facetId && (p.facetValueId === undefined || s.facetValueId === p.facetValueId),
  );
  return facetEntry({ ...selected, facetId: p.facetId, ...(p.facetValueId ? { facetValueId: p.facetValueId } : {}) });
}
