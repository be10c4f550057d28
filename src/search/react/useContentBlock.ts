import { useMemo } from 'react';
import { ItemClickActionType } from '../actionTypes.ts';
import type { WidgetOfType } from '../types.ts';
import { useItemClick, type ItemClickPayload } from './useItemClick.ts';
import type { WidgetDataResult } from './useWidgetData.ts';
import { useTemplateWidget, type TemplateWidgetOptions } from './useTemplateWidget.ts';
import { useWidget } from './widget.tsx';

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
