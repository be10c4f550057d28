import { createWidgetRequest, type WidgetRequestBuilder } from '../createWidgetRequest.ts';
import type { WidgetOfType } from '../types.ts';
import { useSanitizedTemplate } from './useSanitizedTemplate.ts';
import { useWidgetData, type WidgetDataResult } from './useWidgetData.ts';
import { useWidget } from './widget.tsx';

/** Options of the HTML-bearing widget hooks. */
export interface TemplateWidgetOptions {
  /** Adjusts the request before it is sent (e.g. template variables). Defaults to none. */
  query?: (request: WidgetRequestBuilder) => void;
}

/** The widget types whose answer carries an HTML template. */
export type TemplateWidgetType = 'banner' | 'content_block' | 'html_block';

/**
 * Shared by the widgets whose service answer carries an HTML template
 * (content block, HTML block, banner): asks for the templates and returns the
 * widget's data with the device's template already sanitized (`''` when none).
 */
export function useTemplateWidget<T extends TemplateWidgetType>(options: TemplateWidgetOptions): WidgetDataResult<WidgetOfType<T>> & { html: string } {
  const widget = useWidget();
  const request = createWidgetRequest(widget.rfkId, widget.entity).set({ appearance: { templates: true } });
  options.query?.(request);
  const result = useWidgetData<T>(request.build());
  // Every template widget type has `appearance`; TypeScript cannot narrow the generic to see it.
  const data = result.queryResult.data as WidgetOfType<TemplateWidgetType> | undefined;
  const html = useSanitizedTemplate(data?.appearance);
  return { ...result, html };
}
