import { createWidgetRequest, type WidgetRequestBuilder } from '../createWidgetRequest.ts';
import type { WidgetOfType } from '../types.ts';
import { useSanitizedTemplate } from './useSanitizedTemplate.ts';
import { useWidgetData, type WidgetDataResult } from './useWidgetData.ts';
import { useWidget } from './widget.tsx';

/** What {@link useHtmlBlock} returns. */
export interface HtmlBlockResult extends WidgetDataResult<WidgetOfType<'html_block'>> {
  /** The block's HTML for the device, sanitized (render only this, never the raw template). */
  html: string;
}

/** The HTML-block widget: service-authored HTML, sanitized. `query` adjusts the request (e.g. template variables). */
export function useHtmlBlock(options: { query?: (request: WidgetRequestBuilder) => void } = {}): HtmlBlockResult {
  const widget = useWidget();
  const request = createWidgetRequest(widget.rfkId, widget.entity).set({ appearance: { templates: true } });
  options.query?.(request);
  const result = useWidgetData<'html_block'>(request.build());
  const html = useSanitizedTemplate(result.queryResult.data?.appearance);
  return { ...result, html };
}
