import { useMemo } from 'react';
import { createWidgetRequest, type WidgetRequestBuilder } from '../createWidgetRequest.ts';
import { sanitizeHtml } from '../sanitizeHtml.ts';
import type { WidgetOfType } from '../types.ts';
import { useWidgetData, type WidgetDataResult } from './useWidgetData.ts';
import { useWidget } from './widget.tsx';

/** What {@link useSeo} returns. */
export interface SeoResult extends WidgetDataResult<WidgetOfType<'seo'>> {
  /** The SEO copy (`seo.html`), sanitized; `''` when there is none. */
  html: string;
}

/** The SEO widget: title, description, keywords, canonical URL, robots, h1 and copy for the page. */
export function useSeo(options: { query?: (request: WidgetRequestBuilder) => void } = {}): SeoResult {
  const widget = useWidget();
  const request = createWidgetRequest(widget.rfkId, widget.entity);
  options.query?.(request);
  const result = useWidgetData<'seo'>(request.build());
  const raw = result.queryResult.data?.seo?.html;
  const html = useMemo(() => sanitizeHtml(raw), [raw]);
  return { ...result, html };
}
