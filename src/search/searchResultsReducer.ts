import { SearchResultsActionType as T } from './actionTypes.ts';
import { searchConstants } from './searchConstants.ts';

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
      return firstPage({ selectedFacets: checked ? [...rest, { facetId, facetValueId, ...(valueLabel ? { valueLabel } : {}) }] : rest });
    }
    case T.FILTER_CLICKED: {
      const { facetId, min, max, checked = true, valueLabel } = action.payload;
      const range: SelectedFacet = { facetId, ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }), ...(valueLabel ? { valueLabel } : {}) };
      return firstPage({ selectedFacets: checked ? [...others(facetId), range] : others(facetId) });
    }
    case T.REMOVE_FILTER: {
      const { facetId, facetValueId } = action.payload;
      return firstPage({ selectedFacets: others(facetId, (s) => facetValueId !== undefined && s.facetValueId !== facetValueId) });
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
