import { searchConstants } from './config.ts';
import type { TrackEventInput, TrackedWidget } from './tracking.ts';
import type { Widget, WidgetItem } from './types.ts';
import { createWidgetRequest, type WidgetRequestBuilder } from './widgetRequest.ts';

/** What a preview search asks for. */
export interface PreviewSearchState {
  keyphrase: string;
  /** Items shown. Defaults to 4. */
  itemsPerPage: number;
  /** Suggestions shown per block. Defaults to 3. */
  suggestionsMax: number;
  /** Suggestion blocks to ask for. Defaults to `['content_name_context_aware']`. */
  suggestionNames: string[];
}

/** One suggestion, with the block it came from and its position. */
export interface PreviewSuggestion {
  name: string;
  text: string;
  index: number;
}

/** The state a preview search starts from, with the given overrides. */
export function initialPreviewSearchState(overrides: Partial<PreviewSearchState> = {}): PreviewSearchState {
  return {
    keyphrase: '',
    itemsPerPage: searchConstants.PREVIEW_ITEMS,
    suggestionsMax: searchConstants.SUGGESTIONS_MAX,
    suggestionNames: ['content_name_context_aware'],
    ...overrides,
  };
}

/** The request item of a preview search: keyphrase, items, suggestion blocks with their maximum. */
export function buildPreviewSearchItem(
  rfkId: string,
  entity: string,
  state: PreviewSearchState,
  query?: (request: WidgetRequestBuilder) => void,
): WidgetItem {
  const request = createWidgetRequest(rfkId, entity).content().keyphrase(state.keyphrase).limit(state.itemsPerPage);
  for (const name of state.suggestionNames) request.suggestion(name, state.suggestionsMax);
  query?.(request);
  return request.build();
}

/**
 * The suggestions to show: each asked-for block in order, at most `max` each,
 * even when the service sends more.
 */
export function pickSuggestions(widget: Widget | undefined, state: PreviewSearchState): PreviewSuggestion[] {
  const blocks = widget && 'suggestion' in widget ? (widget.suggestion ?? {}) : {};
  return state.suggestionNames.flatMap((name) =>
    (blocks[name] ?? []).slice(0, state.suggestionsMax).map((s, index) => ({ name, text: s.text, index })),
  );
}

/** The tracking event of a suggestion click: a widget click caused by `suggestion`, with the block as a facet entry. */
export function suggestionClickEvent(
  widget: TrackedWidget,
  suggestion: PreviewSuggestion,
  keyphrase: string,
): TrackEventInput {
  const filters = [
    {
      name: suggestion.name,
      value: suggestion.text,
      display_name: suggestion.text,
      value_position: suggestion.index,
      facet_position: 0,
    },
  ];
  return {
    name: 'widget',
    action: 'click',
    action_cause: 'suggestion',
    value: {
      rfk_id: widget.rfkId,
      entity: widget.entity,
      index: suggestion.index,
      filters,
      ...(keyphrase ? { request: { keyword: keyphrase } } : {}),
    },
  };
}
