import { useMemo } from 'react';
import { ItemClickActionType } from '../actionTypes.ts';
import { createWidgetRequest, type WidgetRequestBuilder } from '../createWidgetRequest.ts';
import type { WidgetOfType } from '../types.ts';
import { useItemClick, type ItemClickPayload } from './useItemClick.ts';
import { useSanitizedTemplate } from './useSanitizedTemplate.ts';
import { useWidgetData, type WidgetDataResult } from './useWidgetData.ts';
import { useWidget } from './widget.tsx';

/** What {@link useBanner} returns. */
export interface BannerResult extends WidgetDataResult<WidgetOfType<'banner'>> {
  /** The banner's HTML template for the device, sanitized; `''` when it has none. */
  html: string;
  actions: { onItemClick(payload: ItemClickPayload): void };
}

/** The banner widget: banner items (image, link) and/or banner HTML (sanitized). */
export function useBanner(options: { query?: (request: WidgetRequestBuilder) => void } = {}): BannerResult {
  const widget = useWidget();
  const request = createWidgetRequest(widget.rfkId, widget.entity).set({ appearance: { templates: true } });
  options.query?.(request);
  const result = useWidgetData<'banner'>(request.build());
  const html = useSanitizedTemplate(result.queryResult.data?.appearance);
  const onItemClick = useItemClick(widget, ItemClickActionType.banner, result.queryResult.data);
  const actions = useMemo(() => ({ onItemClick }), [onItemClick]);
  return { ...result, html, actions };
}
