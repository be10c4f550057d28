import { useHtmlBlock } from './useHtmlBlock.ts';
import { WidgetStatus } from './WidgetStatus.tsx';

/**
 * Default HTML-block renderer: the block's HTML for the device, sanitized with
 * DOMPurify before it reaches the DOM. The service's CSS template is not injected
 * (style the `search-html-block` class instead), since service CSS can restyle or
 * exfiltrate the page.
 */
export function HtmlBlockView() {
  const { widgetRef, queryResult, html } = useHtmlBlock();
  return (
    <div ref={widgetRef} className="search-html-block">
      <WidgetStatus queryResult={queryResult} />
      {html && <div className="search-html-block__content" dangerouslySetInnerHTML={{ __html: html }} />}
    </div>
  );
}
