import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { SearchResultsActionType as T } from '../actionTypes.ts';
import { buildSearchResultsItem } from '../buildSearchResultsItem.ts';
import type { WidgetRequestBuilder } from '../createWidgetRequest.ts';
import { describeInvalidAction } from '../describeInvalidAction.ts';
import { searchMessages } from '../errors.ts';
import { searchResultsEvent } from '../searchResultsEvent.ts';
import {
  initialSearchResultsState,
  searchResultsReducer,
  type FacetClickPayload,
  type FilterClickPayload,
  type SearchResultsAction,
  type SearchResultsState,
} from '../searchResultsReducer.ts';
import type { WidgetOfType } from '../types.ts';
import { useWidgetData, type WidgetDataResult } from './useWidgetData.ts';
import { useWidget } from './widget.tsx';
import { useWidgetsContext } from './WidgetsProvider.tsx';

/** Options of {@link useSearchResults}. */
export interface UseSearchResultsOptions {
  /** Where the widget starts (keyphrase, sort, page, itemsPerPage, selectedFacets). Defaults to page 1 of 24, nothing selected. */
  state?: Partial<SearchResultsState>;
  /** Adjusts the request before it is sent. Defaults to none. */
  query?: (request: WidgetRequestBuilder) => void;
}

/** The search-results interactions; each changes the request (except an item click), refetches and is reported. */
export interface SearchResultsActions {
  onFacetClick(payload: FacetClickPayload): void;
  onFilterClick(payload: FilterClickPayload): void;
  onRemoveFilter(payload: { facetId: string; facetValueId?: string }): void;
  onSortChange(payload: { sortType?: string; sortDirection?: 'asc' | 'desc' }): void;
  onPageNumberChange(payload: { page: number }): void;
  onItemClick(payload: { id: string; index: number }): void;
  onResultsPerPageChange(payload: { numItems: number }): void;
  onKeyphraseChange(payload: { keyphrase: string }): void;
  onClearFilters(): void;
}

/** What {@link useSearchResults} returns. */
export interface SearchResultsResult extends WidgetDataResult<WidgetOfType<'content_grid'>> {
  state: SearchResultsState;
  actions: SearchResultsActions;
}

/**
 * The search-results (`content_grid`) widget: its state, its data and its
 * interactions. Each interaction is reported on the event bus under its
 * `searchResults/…` name and as a tracking event; an invalid one is skipped with
 * a warning.
 */
export function useSearchResults(options: UseSearchResultsOptions = {}): SearchResultsResult {
  const { client } = useWidgetsContext();
  const [state, setState] = useState(() => initialSearchResultsState(options.state));
  const current = useRef(state);
  const widget = useWidget();
  const result = useWidgetData<'content_grid'>(buildSearchResultsItem(widget.rfkId, widget.entity, state, options.query));
  const { queryResult } = result;
  const shown = useRef(queryResult.data);
  useEffect(() => {
    shown.current = queryResult.data;
  }, [queryResult.data]);
  const dispatch = useCallback(
    (action: SearchResultsAction) => {
      const problem = describeInvalidAction(action);
      if (problem) return client.logger.warn(searchMessages.trackPrefix, problem);
      const before = current.current;
      const after = searchResultsReducer(before, action);
      current.current = after;
      setState(after);
      client.events.dispatch({ type: action.type, rfkId: widget.rfkId, entity: widget.entity, widgetType: widget.type, instanceId: widget.instanceId, payload: action.payload });
      void client.trackEvent(searchResultsEvent(widget, action, before, after, shown.current));
    },
    [client, widget],
  );
  const actions = useMemo(() => searchResultsActions(dispatch), [dispatch]);
  return { ...result, state, actions };
}

function searchResultsActions(dispatch: (action: SearchResultsAction) => void): SearchResultsActions {
  return {
    onFacetClick: (payload) => dispatch({ type: T.FACET_CLICKED, payload }),
    onFilterClick: (payload) => dispatch({ type: T.FILTER_CLICKED, payload }),
    onRemoveFilter: (payload) => dispatch({ type: T.REMOVE_FILTER, payload }),
    onSortChange: (payload) => dispatch({ type: T.SORT_CHANGED, payload }),
    onPageNumberChange: (payload) => dispatch({ type: T.PAGE_NUMBER_CHANGED, payload }),
    onItemClick: (payload) => dispatch({ type: T.ITEM_CLICKED, payload }),
    onResultsPerPageChange: (payload) => dispatch({ type: T.RESULTS_PER_PAGE_CHANGED, payload }),
    onKeyphraseChange: (payload) => dispatch({ type: T.KEYPHRASE_CHANGED, payload }),
    onClearFilters: () => dispatch({ type: T.CLEAR_FILTERS }),
  };
}
