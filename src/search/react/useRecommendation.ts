import { useMemo } from 'react';
import { ItemClickActionType } from '../actionTypes.ts';
import { createWidgetRequest, type WidgetRequestBuilder } from '../createWidgetRequest.ts';
import type { WidgetOfType } from '../types.ts';
import { useItemClick, type ItemClickPayload } from './useItemClick.ts';
import { useWidgetData, type WidgetDataResult } from './useWidgetData.ts';
import { useWidget } from './widget.tsx';

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
