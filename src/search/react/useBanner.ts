import { useMemo } from 'react';
import { ItemClickActionType } from '../actionTypes.ts';
import type { WidgetOfType } from '../types.ts';
import { useItemClick, type ItemClickPayload } from './useItemClick.ts';
import type { WidgetDataResult } from './useWidgetData.ts';
import { useTemplateWidget, type TemplateWidgetOptions } from './useTemplateWidget.ts';
import { useWidget } from './widget.tsx';

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
