import { createWidgetRequest, type WidgetRequestBuilder } from './createWidgetRequest.ts';
import type { SearchResultsState, SelectedFacet } from './searchResultsReducer.ts';
import type { SearchFilter, WidgetItem } from './types.ts';

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
