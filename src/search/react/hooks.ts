// One hook per widget type: each builds its request item, reads its data through
// useWidgetData and turns the visitor's interactions into state changes and reports.
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { searchMessages } from '../errors.ts';
import { ItemClickActionType, PreviewSearchActionType, SearchResultsActionType } from '../events.ts';
import {
  buildPreviewSearchItem,
  initialPreviewSearchState,
  pickSuggestions,
  suggestionClickEvent,
  type PreviewSearchState,
  type PreviewSuggestion,
} from '../previewSearch.ts';
import { pickTemplate, sanitizeHtml } from '../sanitize.ts';
import {
  buildSearchResultsItem,
  describeInvalidAction,
  initialSearchResultsState,
  searchResultsEvent,
  searchResultsReducer,
  type FacetClickPayload,
  type FilterClickPayload,
  type SearchResultsAction,
  type SearchResultsState,
} from '../searchResults.ts';
import type { Appearance, Device, WidgetOfType } from '../types.ts';
import { createWidgetRequest, type WidgetRequestBuilder } from '../widgetRequest.ts';
import { useWidget, useWidgetsContext } from './provider.tsx';
import { useItemClick, useWidgetData, type ItemClickPayload, type WidgetDataResult } from './useWidgetData.ts';

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
  const result = useWidgetData<'content_grid'>(
    buildSearchResultsItem(widget.rfkId, widget.entity, state, options.query),
  );
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
      client.events.dispatch({
        type: action.type,
        rfkId: widget.rfkId,
        entity: widget.entity,
        widgetType: widget.type,
        instanceId: widget.instanceId,
        payload: action.payload,
      });
      void client.trackEvent(searchResultsEvent(widget, action, before, after, shown.current));
    },
    [client, widget],
  );
  // The actions only call `dispatch` (which reads the refs) from event handlers, never during render.
  const actions = useMemo<SearchResultsActions>(
    () => ({
      onFacetClick: (payload) => dispatch({ type: SearchResultsActionType.FACET_CLICKED, payload }),
      onFilterClick: (payload) => dispatch({ type: SearchResultsActionType.FILTER_CLICKED, payload }),
      onRemoveFilter: (payload) => dispatch({ type: SearchResultsActionType.REMOVE_FILTER, payload }),
      onSortChange: (payload) => dispatch({ type: SearchResultsActionType.SORT_CHANGED, payload }),
      onPageNumberChange: (payload) => dispatch({ type: SearchResultsActionType.PAGE_NUMBER_CHANGED, payload }),
      onItemClick: (payload) => dispatch({ type: SearchResultsActionType.ITEM_CLICKED, payload }),
      onResultsPerPageChange: (payload) =>
        dispatch({ type: SearchResultsActionType.RESULTS_PER_PAGE_CHANGED, payload }),
      onKeyphraseChange: (payload) => dispatch({ type: SearchResultsActionType.KEYPHRASE_CHANGED, payload }),
      onClearFilters: () => dispatch({ type: SearchResultsActionType.CLEAR_FILTERS }),
    }),
    [dispatch],
  );
  return { ...result, state, actions };
}

/** Options of {@link usePreviewSearch}. */
export interface UsePreviewSearchOptions {
  /** Where the preview starts (keyphrase, itemsPerPage, suggestionsMax, suggestionNames). Defaults to 4 items and 3 suggestions. */
  state?: Partial<PreviewSearchState>;
  /** Adjusts the request before it is sent. Defaults to none. */
  query?: (request: WidgetRequestBuilder) => void;
}

/** The preview-search interactions. */
export interface PreviewSearchActions {
  /** The visitor typed: requests previews for the new keyphrase. */
  onKeyphraseChange(payload: { keyphrase: string }): void;
  /** A suggestion was chosen: it becomes the keyphrase; reported as a suggestion click. */
  onSuggestionClick(payload: PreviewSuggestion): void;
  /** A previewed item was clicked: reported as a widget click. */
  onItemClick(payload: ItemClickPayload): void;
}

/** What {@link usePreviewSearch} returns. */
export interface PreviewSearchResult extends WidgetDataResult<WidgetOfType<'preview_search'>> {
  state: PreviewSearchState;
  /** The suggestions to show: at most `suggestionsMax` per block. */
  suggestions: PreviewSuggestion[];
  actions: PreviewSearchActions;
}

/** The preview-search (type-ahead) widget: items and suggestions for the keyphrase typed so far. */
export function usePreviewSearch(options: UsePreviewSearchOptions = {}): PreviewSearchResult {
  const { client } = useWidgetsContext();
  const widget = useWidget();
  const [state, setState] = useState(() => initialPreviewSearchState(options.state));
  const result = useWidgetData<'preview_search'>(
    buildPreviewSearchItem(widget.rfkId, widget.entity, state, options.query),
  );
  const data = result.queryResult.data;
  const suggestions = useMemo(() => pickSuggestions(data, state), [data, state]);
  const keyphrase = useRef(state.keyphrase);
  useEffect(() => {
    keyphrase.current = state.keyphrase;
  }, [state.keyphrase]);
  const report = useCallback(
    (type: string, payload: unknown) =>
      client.events.dispatch({
        type,
        rfkId: widget.rfkId,
        entity: widget.entity,
        widgetType: widget.type,
        instanceId: widget.instanceId,
        payload,
      }),
    [client, widget],
  );
  const onKeyphraseChange = useCallback(
    (payload: { keyphrase: string }) => {
      if (typeof payload?.keyphrase !== 'string') return client.logger.warn('Invalid keyphrase: it should be a string');
      setState((s) => ({ ...s, keyphrase: payload.keyphrase }));
      report(PreviewSearchActionType.KEYPHRASE_CHANGED, payload);
    },
    [client, report],
  );
  const onSuggestionClick = useCallback(
    (s: PreviewSuggestion) => {
      if (typeof s?.name !== 'string' || s.name === '')
        return client.logger.warn(searchMessages.trackPrefix, searchMessages.trackFilterNameMissing);
      setState((prev) => ({ ...prev, keyphrase: s.text }));
      report(PreviewSearchActionType.SUGGESTION_CHANGED, s);
      void client.trackEvent(suggestionClickEvent(widget, s, keyphrase.current));
    },
    [client, widget, report],
  );
  const onItemClick = useItemClick(widget, PreviewSearchActionType.ITEM_CLICKED, data);
  const actions = useMemo(
    () => ({ onKeyphraseChange, onSuggestionClick, onItemClick }),
    [onKeyphraseChange, onSuggestionClick, onItemClick],
  );
  return { ...result, state, suggestions, actions };
}

/** Options of {@link useRecommendation}. */
export interface UseRecommendationOptions {
  /** Items to ask for. Defaults to the service's configuration. */
  itemsPerPage?: number;
  /** Adjusts the request before it is sent. Defaults to none. */
  query?: (request: WidgetRequestBuilder) => void;
}

/** What {@link useRecommendation} returns. */
export interface RecommendationResult extends WidgetDataResult<WidgetOfType<'recommendation'>> {
  actions: { onItemClick(payload: ItemClickPayload): void };
}

/** The recommendation widget: recommended items, and item clicks reported as `recommendation/ITEM_CLICKED`. */
export function useRecommendation(options: UseRecommendationOptions = {}): RecommendationResult {
  const widget = useWidget();
  const request = createWidgetRequest(widget.rfkId, widget.entity);
  if (options.itemsPerPage !== undefined) request.set({ recommendations: { limit: options.itemsPerPage } });
  options.query?.(request);
  const result = useWidgetData<'recommendation'>(request.build());
  const onItemClick = useItemClick(widget, ItemClickActionType.recommendation, result.queryResult.data);
  const actions = useMemo(() => ({ onItemClick }), [onItemClick]);
  return { ...result, actions };
}

/** Options of {@link useQuestions}. */
export interface UseQuestionsOptions {
  /** The question asked first. Defaults to `''`. */
  keyphrase?: string;
  /** Related questions to ask for. Defaults to 3. */
  relatedQuestions?: number;
  /** Adjusts the request before it is sent. Defaults to none. */
  query?: (request: WidgetRequestBuilder) => void;
}

/** What {@link useQuestions} returns. */
export interface QuestionsResult extends WidgetDataResult<WidgetOfType<'questions_answers'>> {
  state: { keyphrase: string };
  actions: { onKeyphraseChange(payload: { keyphrase: string }): void };
}

/** The questions-and-answers widget: the answer to the visitor's question and related questions. */
export function useQuestions(options: UseQuestionsOptions = {}): QuestionsResult {
  const { client } = useWidgetsContext();
  const widget = useWidget();
  const [keyphrase, setKeyphrase] = useState(options.keyphrase ?? '');
  const request = createWidgetRequest(widget.rfkId, widget.entity).set({
    questions: {
      ...(keyphrase ? { keyphrase } : {}),
      exact_answer: { include_sources: true },
      related_questions: { limit: options.relatedQuestions ?? 3, include_sources: true },
    },
  });
  options.query?.(request);
  const result = useWidgetData<'questions_answers'>(request.build());
  const onKeyphraseChange = useCallback(
    (payload: { keyphrase: string }) => {
      if (typeof payload?.keyphrase !== 'string') return client.logger.warn('Invalid keyphrase: it should be a string');
      setKeyphrase(payload.keyphrase);
      client.events.dispatch({
        type: 'questions/KEYPHRASE_CHANGED',
        rfkId: widget.rfkId,
        entity: widget.entity,
        widgetType: widget.type,
        instanceId: widget.instanceId,
        payload,
      });
    },
    [client, widget, setKeyphrase],
  );
  const actions = useMemo(() => ({ onKeyphraseChange }), [onKeyphraseChange]);
  return { ...result, state: { keyphrase }, actions };
}

/** The widget's HTML template for the context's device, sanitized; `''` when there is none. */
function useSanitizedTemplate(appearance: Appearance | undefined): string {
  const { client } = useWidgetsContext();
  const context = useSyncExternalStore(client.context.subscribe, client.context.get, client.context.get);
  const device: Device = context.browser?.device ?? 'pc';
  return useMemo(() => sanitizeHtml(pickTemplate(appearance, device)), [appearance, device]);
}

/** Options of the HTML-bearing widget hooks. */
export interface TemplateWidgetOptions {
  /** Adjusts the request before it is sent (e.g. template variables). Defaults to none. */
  query?: (request: WidgetRequestBuilder) => void;
}

/** The widget types whose answer carries an HTML template. */
type TemplateWidgetType = 'banner' | 'content_block' | 'html_block';

/**
 * Shared by the widgets whose service answer carries an HTML template
 * (content block, HTML block, banner): asks for the templates and returns the
 * widget's data with the device's template already sanitized (`''` when none).
 */
function useTemplateWidget<T extends TemplateWidgetType>(
  options: TemplateWidgetOptions,
): WidgetDataResult<WidgetOfType<T>> & { html: string } {
  const widget = useWidget();
  const request = createWidgetRequest(widget.rfkId, widget.entity).set({ appearance: { templates: true } });
  options.query?.(request);
  const result = useWidgetData<T>(request.build());
  // Every template widget type has `appearance`; TypeScript cannot narrow the generic to see it.
  const data = result.queryResult.data as WidgetOfType<TemplateWidgetType> | undefined;
  const html = useSanitizedTemplate(data?.appearance);
  return { ...result, html };
}

/** What {@link useContentBlock} returns. */
export interface ContentBlockResult extends WidgetDataResult<WidgetOfType<'content_block'>> {
  /** The block's HTML template for the device, sanitized; `''` when the block has none. */
  html: string;
  actions: { onItemClick(payload: ItemClickPayload): void };
}

/** The content-block widget: editorial items and/or their HTML template (sanitized). */
export function useContentBlock(options: TemplateWidgetOptions = {}): ContentBlockResult {
  const widget = useWidget();
  const result = useTemplateWidget<'content_block'>(options);
  const onItemClick = useItemClick(widget, ItemClickActionType.content_block, result.queryResult.data);
  const actions = useMemo(() => ({ onItemClick }), [onItemClick]);
  return { ...result, actions };
}

/** What {@link useHtmlBlock} returns. */
export interface HtmlBlockResult extends WidgetDataResult<WidgetOfType<'html_block'>> {
  /** The block's HTML for the device, sanitized (render only this, never the raw template). */
  html: string;
}

/** The HTML-block widget: service-authored HTML, sanitized. `query` adjusts the request (e.g. template variables). */
export function useHtmlBlock(options: TemplateWidgetOptions = {}): HtmlBlockResult {
  return useTemplateWidget<'html_block'>(options);
}

/** What {@link useBanner} returns. */
export interface BannerResult extends WidgetDataResult<WidgetOfType<'banner'>> {
  /** The banner's HTML template for the device, sanitized; `''` when it has none. */
  html: string;
  actions: { onItemClick(payload: ItemClickPayload): void };
}

/** The banner widget: banner items (image, link) and/or banner HTML (sanitized). */
export function useBanner(options: TemplateWidgetOptions = {}): BannerResult {
  const widget = useWidget();
  const result = useTemplateWidget<'banner'>(options);
  const onItemClick = useItemClick(widget, ItemClickActionType.banner, result.queryResult.data);
  const actions = useMemo(() => ({ onItemClick }), [onItemClick]);
  return { ...result, actions };
}

/** What {@link useSeo} returns. */
export interface SeoResult extends WidgetDataResult<WidgetOfType<'seo'>> {
  /** The SEO copy (`seo.html`), sanitized; `''` when there is none. */
  html: string;
}

/** The SEO widget: title, description, keywords, canonical URL, robots, h1 and copy for the page. */
export function useSeo(options: { query?: (request: WidgetRequestBuilder) => void } = {}): SeoResult {
  const widget = useWidget();
  const request = createWidgetRequest(widget.rfkId, widget.entity);
  options.query?.(request);
  const result = useWidgetData<'seo'>(request.build());
  const raw = result.queryResult.data?.seo?.html;
  const html = useMemo(() => sanitizeHtml(raw), [raw]);
  return { ...result, html };
}
