import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PreviewSearchActionType as T } from '../actionTypes.ts';
import type { WidgetRequestBuilder } from '../createWidgetRequest.ts';
import {
  buildPreviewSearchItem,
  initialPreviewSearchState,
  pickSuggestions,
  suggestionClickEvent,
  type PreviewSearchState,
  type PreviewSuggestion,
} from '../previewSearch.ts';
import { searchMessages } from '../errors.ts';
import type { WidgetOfType } from '../types.ts';
import { useItemClick, type ItemClickPayload } from './useItemClick.ts';
import { useWidgetData, type WidgetDataResult } from './useWidgetData.ts';
import { useWidget } from './widget.tsx';
import { useWidgetsContext } from './WidgetsProvider.tsx';

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
  const result = useWidgetData<'preview_search'>(buildPreviewSearchItem(widget.rfkId, widget.entity, state, options.query));
  const data = result.queryResult.data;
  const suggestions = useMemo(() => pickSuggestions(data, state), [data, state]);
  const keyphrase = useRef(state.keyphrase);
  useEffect(() => {
    keyphrase.current = state.keyphrase;
  }, [state.keyphrase]);
  const report = useCallback(
    (type: string, payload: unknown) =>
      client.events.dispatch({ type, rfkId: widget.rfkId, entity: widget.entity, widgetType: widget.type, instanceId: widget.instanceId, payload }),
    [client, widget],
  );
  const onKeyphraseChange = useCallback(
    (payload: { keyphrase: string }) => {
      if (typeof payload?.keyphrase !== 'string') return client.logger.warn('Invalid keyphrase: it should be a string');
      setState((s) => ({ ...s, keyphrase: payload.keyphrase }));
      report(T.KEYPHRASE_CHANGED, payload);
    },
    [client, report],
  );
  const onSuggestionClick = useCallback(
    (s: PreviewSuggestion) => {
      if (typeof s?.name !== 'string' || s.name === '') return client.logger.warn(searchMessages.trackPrefix, searchMessages.trackFilterNameMissing);
      setState((prev) => ({ ...prev, keyphrase: s.text }));
      report(T.SUGGESTION_CHANGED, s);
      void client.trackEvent(suggestionClickEvent(widget, s, keyphrase.current));
    },
    [client, widget, report],
  );
  const onItemClick = useItemClick(widget, T.ITEM_CLICKED, data);
  const actions = useMemo(() => ({ onKeyphraseChange, onSuggestionClick, onItemClick }), [onKeyphraseChange, onSuggestionClick, onItemClick]);
  return { ...result, state, suggestions, actions };
}
