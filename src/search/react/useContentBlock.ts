import { useMemo } from 'react';
import { ItemClickActionType } from '../actionTypes.ts';
import { createWidgetRequest, type WidgetRequestBuilder } from '../createWidgetRequest.ts';
import type { WidgetOfType } from '../types.ts';
import { useItemClick, type ItemClickPayload } from './useItemClick.ts';
import { useSanitizedTemplate } from './useSanitizedTemplate.ts';
import { useWidgetData, type WidgetDataResult } from './useWidgetData.ts';
import { useWidget } from './widget.tsx';

/** What {@link useContentBlock} returns. */
export interface ContentBlockResult extends WidgetDataResult<WidgetOfType<'content_block'>> {
  /** The block's HTML template for the device, sanitized; `''` when the block has none. */
  html: string;
  actions: { onItemClick(payload: ItemClickPayload): void };
}

/** The content-block widget: editorial items and/or their HTML template (sanitized). */
export function useContentBlock(options: { query?: (request: WidgetRequestBuilder) => void } = {}): ContentBlockResult {
  const widget = useWidget();
  const request = createWidgetRequest(widget.rfkId, widget.entity).set({ appearance: { templates: true } });
  options.query?.(request);
  const result = useWidgetData<'content_block'>(request.build());
  const html = useSanitizedTemplate(result.queryResult.data?.appearance);
  const onItemClick = useItemClick(widget, ItemClickActionType.content_block, result.queryResult.data);
  const actions = useMemo(() => ({ onItemClick }), [onItemClick]);
  return { ...result, html, actions };
}
