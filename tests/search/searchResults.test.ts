import { describe, expect, it } from 'vitest';
import {
  SearchResultsActionType as T,
  buildPreviewSearchItem,
  buildSearchResultsItem,
  describeInvalidAction,
  initialPreviewSearchState,
  initialSearchResultsState,
  pickSuggestions,
  searchResultsEvent,
  searchResultsReducer,
  type SearchResultsAction,
} from '../../src/search/index.ts';

const start = initialSearchResultsState({ keyphrase: 'f-35', page: 3, itemsPerPage: 10 });
const widget = { rfkId: 'rfkid_7', entity: 'content' };
const apply = (...actions: SearchResultsAction[]) => actions.reduce(searchResultsReducer, start);

describe('search results state', () => {
  it('toggles facet values, keeps other facets, and goes back to page 1', () => {
    const s = apply(
      { type: T.FACET_CLICKED, payload: { facetId: 'type', facetValueId: 'a', checked: true } },
      { type: T.FACET_CLICKED, payload: { facetId: 'type', facetValueId: 'b', checked: true } },
      { type: T.FACET_CLICKED, payload: { facetId: 'bu', facetValueId: 'air', checked: true } },
      { type: T.FACET_CLICKED, payload: { facetId: 'type', facetValueId: 'a', checked: false } },
    );
    expect(s.selectedFacets).toEqual([
      { facetId: 'type', facetValueId: 'b' },
      { facetId: 'bu', facetValueId: 'air' },
    ]);
    expect(s.page).toBe(1);
  });

  it('sets one range per facet, removes filters one by one or per facet, and clears them', () => {
    const ranged = apply(
      { type: T.FILTER_CLICKED, payload: { facetId: 'year', min: 2000, max: 2010 } },
      { type: T.FILTER_CLICKED, payload: { facetId: 'year', min: 2020, max: 2025 } },
      { type: T.FACET_CLICKED, payload: { facetId: 'type', facetValueId: 'a', checked: true } },
      { type: T.FACET_CLICKED, payload: { facetId: 'type', facetValueId: 'b', checked: true } },
    );
    expect(ranged.selectedFacets).toContainEqual({ facetId: 'year', min: 2020, max: 2025 });
    expect(ranged.selectedFacets.filter((s) => s.facetId === 'year')).toHaveLength(1);
    const one = searchResultsReducer(ranged, {
      type: T.REMOVE_FILTER,
      payload: { facetId: 'type', facetValueId: 'a' },
    });
    expect(one.selectedFacets.map((s) => s.facetValueId ?? 'range')).toEqual(['range', 'b']);
    expect(searchResultsReducer(one, { type: T.REMOVE_FILTER, payload: { facetId: 'year' } }).selectedFacets).toEqual([
      { facetId: 'type', facetValueId: 'b' },
    ]);
    expect(searchResultsReducer(one, { type: T.CLEAR_FILTERS }).selectedFacets).toEqual([]);
  });

  it('changes sort, page, page size and keyphrase as a user expects', () => {
    expect(apply({ type: T.SORT_CHANGED, payload: { sortType: 'publish_date', sortDirection: 'desc' } })).toMatchObject(
      { sortType: 'publish_date', sortDirection: 'desc', page: 1 },
    );
    expect(apply({ type: T.PAGE_NUMBER_CHANGED, payload: { page: 5 } }).page).toBe(5);
    expect(apply({ type: T.RESULTS_PER_PAGE_CHANGED, payload: { numItems: 48 } })).toMatchObject({
      itemsPerPage: 48,
      page: 1,
    });
    const withFacet = apply({ type: T.FACET_CLICKED, payload: { facetId: 'type', facetValueId: 'a', checked: true } });
    expect(
      searchResultsReducer(withFacet, { type: T.KEYPHRASE_CHANGED, payload: { keyphrase: 'satellite' } }),
    ).toMatchObject({ keyphrase: 'satellite', page: 1, selectedFacets: [] });
    expect(apply({ type: T.ITEM_CLICKED, payload: { id: 'x', index: 0 } })).toBe(start);
  });

  it('refuses invalid interactions with a message naming the field', () => {
    expect(
      describeInvalidAction({ type: T.FACET_CLICKED, payload: { facetId: '', facetValueId: 'a', checked: true } }),
    ).toBe("Filter's name is not defined");
    expect(describeInvalidAction({ type: T.REMOVE_FILTER, payload: { facetId: undefined as never } })).toBe(
      "Filter's name is not defined",
    );
    expect(describeInvalidAction({ type: T.FILTER_CLICKED, payload: { facetId: 'y', min: 5, max: 1 } })).toBe(
      'Invalid range: min and max should be numbers with min ≤ max',
    );
    expect(describeInvalidAction({ type: T.PAGE_NUMBER_CHANGED, payload: { page: 0 } })).toBe(
      'Invalid page: 0. It should be an integer ≥ 1',
    );
    expect(describeInvalidAction({ type: T.RESULTS_PER_PAGE_CHANGED, payload: { numItems: 101 } })).toBe(
      'Invalid numItems: 101. It should be an integer from 1 to 100',
    );
    expect(describeInvalidAction({ type: T.ITEM_CLICKED, payload: { id: 'a', index: -1 } })).toBe(
      'Field index is mandatory for widget click entity events and is having invalid/missing value',
    );
    expect(describeInvalidAction({ type: T.ITEM_CLICKED, payload: { id: '', index: 0 } })).toBe(
      'A field is missing on one or more of the items provided',
    );
    expect(describeInvalidAction({ type: T.KEYPHRASE_CHANGED, payload: { keyphrase: 1 as never } })).toBe(
      'Invalid keyphrase: it should be a string',
    );
    expect(describeInvalidAction({ type: T.SORT_CHANGED, payload: { sortType: '' } })).toBe(
      'Invalid sortType: it should be a non-empty string',
    );
    expect(describeInvalidAction({ type: T.CLEAR_FILTERS })).toBeNull();
  });
});

describe('search results request', () => {
  it('turns the state into the request: filters per facet and-ed, page into offset', () => {
    const s = apply(
      { type: T.FACET_CLICKED, payload: { facetId: 'type', facetValueId: 'a', checked: true } },
      { type: T.FACET_CLICKED, payload: { facetId: 'type', facetValueId: 'b', checked: true } },
      { type: T.FILTER_CLICKED, payload: { facetId: 'year', min: 2020, max: 2025 } },
      { type: T.SORT_CHANGED, payload: { sortType: 'publish_date', sortDirection: 'desc' } },
      { type: T.PAGE_NUMBER_CHANGED, payload: { page: 2 } },
    );
    expect(buildSearchResultsItem('rfkid_7', 'content', s)).toEqual({
      rfk_id: 'rfkid_7',
      entity: 'content',
      search: {
        content: {},
        query: { keyphrase: 'f-35' },
        facet: { all: true },
        sort: { choices: true, value: [{ name: 'publish_date', order: 'desc' }] },
        filter: {
          type: 'and',
          filters: [
            { type: 'anyOf', name: 'type', values: ['a', 'b'] },
            { type: 'range', name: 'year', values: [2020, 2025] },
          ],
        },
        limit: 10,
        offset: 10,
      },
    });
  });

  it('sends one filter unwrapped, open ranges as gte/lte, and lets query adjust the request', () => {
    const s = { ...start, page: 1, selectedFacets: [{ facetId: 'year', min: 2020 }] };
    const item = buildSearchResultsItem('r', 'content', s, (q) => q.facetType('type', { max: 5 }));
    expect(item.search?.filter).toEqual({ type: 'gte', name: 'year', value: 2020 });
    expect(item.search?.facet?.types).toEqual([{ name: 'type', max: 5 }]);
    expect(
      buildSearchResultsItem('r', 'content', { ...s, selectedFacets: [{ facetId: 'y', max: 3 }] }).search?.filter,
    ).toEqual({ type: 'lte', name: 'y', value: 3 });
  });
});

describe('search results events', () => {
  const shown = {
    content: [
      { id: 'a', url: '/a', type: 'article' },
      { id: 'b', url: '/b' },
    ],
    total_item: 33,
  };
  const event = (action: SearchResultsAction) =>
    searchResultsEvent(widget, action, start, searchResultsReducer(start, action), shown);

  it('reports a facet click as a filter click with the facet entry', () => {
    expect(
      event({
        type: T.FACET_CLICKED,
        payload: {
          facetId: 'business_unit',
          facetValueId: 'facetid_bu_space',
          checked: true,
          facetIndex: 1,
          facetValueIndex: 1,
          valueLabel: 'Space',
          facetLabel: 'Business unit',
        },
      }),
    ).toEqual({
      name: 'widget',
      action: 'click',
      action_cause: 'filter',
      value: {
        rfk_id: 'rfkid_7',
        entity: 'content',
        filters: [
          {
            name: 'business_unit',
            title: 'Business unit',
            value: 'facetid_bu_space',
            display_name: 'Space',
            value_position: 1,
            facet_position: 1,
          },
        ],
        request: {
          keyword: 'f-35',
          num_results: 2,
          total_results: 33,
          num_requested: 10,
          page_size: 10,
          page_number: 1,
        },
      },
    });
  });

  it('encodes every interaction as the contract examples do', () => {
    expect(
      event({ type: T.FILTER_CLICKED, payload: { facetId: 'year', min: 2020, max: 2025 } }).value?.filters,
    ).toEqual([{ name: 'year', start_value: 2020, end_value: 2025 }]);
    expect(event({ type: T.REMOVE_FILTER, payload: { facetId: 'year' } })).toMatchObject({
      action_cause: 'filter',
      action_sub_type: 'remove',
    });
    expect(event({ type: T.CLEAR_FILTERS })).toMatchObject({
      action_cause: 'filter',
      action_sub_type: 'clear',
      value: { filters: [] },
    });
    expect(event({ type: T.SORT_CHANGED, payload: { sortType: 'publish_date', sortDirection: 'desc' } })).toMatchObject(
      {
        action_cause: 'navigation',
        action_sub_type: 'sort',
        value: { request: { advanced_query_text: 'sort=publish_date:desc' } },
      },
    );
    expect(event({ type: T.PAGE_NUMBER_CHANGED, payload: { page: 4 } })).toMatchObject({
      action_cause: 'navigation',
      action_sub_type: 'page',
      value: { request: { page_number: 4 } },
    });
    expect(event({ type: T.RESULTS_PER_PAGE_CHANGED, payload: { numItems: 24 } })).toMatchObject({
      action_sub_type: 'page_size',
      value: { request: { page_size: 24 } },
    });
    expect(event({ type: T.KEYPHRASE_CHANGED, payload: { keyphrase: 'satellite' } })).toMatchObject({
      action_cause: 'suggestion',
      action_sub_type: 'keyphrase',
      value: { request: { keyword: 'satellite' } },
    });
    expect(event({ type: T.ITEM_CLICKED, payload: { id: 'b', index: 1 } })).toMatchObject({
      action_cause: 'navigation',
      value: { index: 1, entities: [{ id: 'b', entity_type: 'content', uri: '/b' }], request: { page_number: 3 } },
    });
  });
});

describe('preview search', () => {
  it('asks for the keyphrase, the items and each suggestion block at most 3 by default', () => {
    const state = initialPreviewSearchState({ keyphrase: 'sat' });
    expect(buildPreviewSearchItem('rfkid_6', 'content', state)).toEqual({
      rfk_id: 'rfkid_6',
      entity: 'content',
      search: {
        content: {},
        query: { keyphrase: 'sat' },
        limit: 4,
        suggestion: [{ name: 'content_name_context_aware', max: 3 }],
      },
    });
  });

  it('shows at most suggestionsMax suggestions per block even when the service sends more', () => {
    const widgetData = {
      rfk_id: 'r',
      entity: 'content',
      type: 'preview_search' as const,
      content: [],
      suggestion: {
        content_name_context_aware: ['a', 'b', 'c', 'd'].map((text) => ({ text })),
        other: [{ text: 'x' }],
      },
    };
    expect(pickSuggestions(widgetData, initialPreviewSearchState()).map((s) => s.text)).toEqual(['a', 'b', 'c']);
    expect(
      pickSuggestions(
        widgetData,
        initialPreviewSearchState({ suggestionsMax: 1, suggestionNames: ['content_name_context_aware', 'other'] }),
      ),
    ).toEqual([
      { name: 'content_name_context_aware', text: 'a', index: 0 },
      { name: 'other', text: 'x', index: 0 },
    ]);
    expect(pickSuggestions(undefined, initialPreviewSearchState())).toEqual([]);
  });
});
