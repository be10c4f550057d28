import type { WidgetOfType } from '../types.ts';
import type { WidgetDataResult } from './useWidgetData.ts';
import { useTemplateWidget, type TemplateWidgetOptions } from './useTemplateWidget.ts';

/** What {@link useHtmlBlock} returns. */
export interface HtmlBlockResult extends WidgetDataResult<WidgetOfType<'html_block'>> {
  /** The block's HTML for the device, sanitized (render only this, never the raw template). */
  html: string;
}

/** The HTML-block widget: service-authored HTML, sanitized. `query` adjusts the request (e.g. template variables). */
export function useHtmlBlock(options: TemplateWidgetOptions = {}): HtmlBlockResult {
  return useTemplateWidget<'html_block'>(options);
}
