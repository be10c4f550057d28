import { BannerView } from './BannerView.tsx';
import { ContentBlockView } from './ContentBlockView.tsx';
import { HtmlBlockView } from './HtmlBlockView.tsx';
import { PreviewSearchView } from './PreviewSearchView.tsx';
import { QuestionsView } from './QuestionsView.tsx';
import { RecommendationView } from './RecommendationView.tsx';
import { SearchResultsView } from './SearchResultsView.tsx';
import { SeoView } from './SeoView.tsx';
import { widget } from './widget.tsx';

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
