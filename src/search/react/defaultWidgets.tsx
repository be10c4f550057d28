// The renderers of the HTML-bearing widgets (content block, HTML block, banner, SEO)
// and the eight default widgets, ready to render: <SearchResultsWidget rfkId="rfkid_7" />.
import { safeLinkTarget } from '../../core/urlGuard.ts';
import { useBanner, useContentBlock, useHtmlBlock, useSeo } from './hooks.ts';
import { widget } from './provider.tsx';
import { useWidgetLabels } from './labels.ts';
import { QuestionsView, RecommendationView } from './listViews.tsx';
import { PreviewSearchView } from './previewSearchView.tsx';
import { SearchResultsView } from './searchResultsView.tsx';
import { ItemLink, WidgetStatus } from './widgetParts.tsx';

/** Default content-block renderer: the block's sanitized HTML when it has a template, else its items as links. */
export function ContentBlockView() {
  const { widgetRef, queryResult, html, actions } = useContentBlock();
  return (
    <div ref={widgetRef} className="search-content-block">
      <WidgetStatus queryResult={queryResult} />
      {html ? (
        <div className="search-content-block__content" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        <ul className="search-content-block__items">
          {queryResult.data?.content?.map((item, i) => (
            <li key={item.id} className="search-item">
              <ItemLink item={item} index={i} onItemClick={actions.onItemClick} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

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

/** Default banner renderer: the banner's sanitized HTML when it has a template, else its items as image links. */
export function BannerView() {
  const { widgetRef, queryResult, html, actions } = useBanner();
  const labels = useWidgetLabels();
  return (
    <aside ref={widgetRef} className="search-banner" aria-label={labels.promotion}>
      <WidgetStatus queryResult={queryResult} />
      {html ? (
        <div className="search-banner__content" dangerouslySetInnerHTML={{ __html: html }} />
      ) : (
        queryResult.data?.content?.map((item, i) => {
          const href = safeLinkTarget(item.url);
          const src = safeLinkTarget(item.image_url);
          const name = typeof item.name === 'string' ? item.name : item.id;
          const body = (
            <>
              {src && <img src={src} alt="" />}
              <span>{name}</span>
            </>
          );
          return href ? (
            <a
              key={item.id}
              className="search-banner__item"
              href={href}
              onClick={() => actions.onItemClick({ id: item.id, index: i })}
            >
              {body}
            </a>
          ) : (
            <div key={item.id} className="search-banner__item">
              {body}
            </div>
          );
        })
      )}
    </aside>
  );
}

/**
 * Default SEO renderer: `<title>`, description, keywords, robots and canonical
 * link (React hoists them into `<head>`), and the SEO copy, sanitized. The h1 is
 * left to the page (`useSeo().queryResult.data.seo.h1`), which owns its heading.
 */
export function SeoView() {
  const { widgetRef, queryResult, html } = useSeo();
  const seo = queryResult.data?.seo;
  const canonical = safeLinkTarget(seo?.canonical_url);
  return (
    <div ref={widgetRef} className="search-seo">
      {seo?.title && <title>{seo.title}</title>}
      {seo?.description && <meta name="description" content={seo.description} />}
      {seo?.keywords && seo.keywords.length > 0 && <meta name="keywords" content={seo.keywords.join(', ')} />}
      {seo?.robots && <meta name="robots" content={seo.robots} />}
      {canonical && <link rel="canonical" href={canonical} />}
      {html && <div className="search-seo__content" dangerouslySetInnerHTML={{ __html: html }} />}
    </div>
  );
}

// Pure annotations (and literal arguments, which cannot have side effects) let a
// bundler drop the widgets a page does not use.

/** The default search-results renderer as a `content` widget: `<SearchResultsWidget rfkId="rfkid_7" />`. */
export const SearchResultsWidget = /* @__PURE__ */ widget(SearchResultsView, 'content_grid', 'content');
/** The default preview-search renderer as a `content` widget. */
export const PreviewSearchWidget = /* @__PURE__ */ widget(PreviewSearchView, 'preview_search', 'content');
/** The default recommendation renderer as a `content` widget. */
export const RecommendationWidget = /* @__PURE__ */ widget(RecommendationView, 'recommendation', 'content');
/** The default content-block renderer as a `content` widget. */
export const ContentBlockWidget = /* @__PURE__ */ widget(ContentBlockView, 'content_block', 'content');
/** The default questions-and-answers renderer as a `content` widget. */
export const QuestionsWidget = /* @__PURE__ */ widget(QuestionsView, 'questions_answers', 'content');
/** The default HTML-block renderer (sanitized) as a `content` widget. */
export const HtmlBlockWidget = /* @__PURE__ */ widget(HtmlBlockView, 'html_block', 'content');
/** The default banner renderer as a `content` widget. */
export const BannerWidget = /* @__PURE__ */ widget(BannerView, 'banner', 'content');
/** The default SEO renderer as a `content` widget. */
export const SeoWidget = /* @__PURE__ */ widget(SeoView, 'seo', 'content');
