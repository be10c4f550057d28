// React bindings of the widget layer: provider, widget(), one hook per widget type,
// default renderers. Everything else lives in the framework-free core (./index.ts).
export { WidgetsProvider, useWidgetsContext, useSearchClient, type WidgetsProviderProps, type WidgetsContextValue } from './react/WidgetsProvider.tsx';
export { widget, useWidget, type WidgetIdentity, type WidgetProps } from './react/widget.tsx';
export { useWidgetData, itemsOf, type WidgetDataResult, type WidgetQueryResult } from './react/useWidgetData.ts';
export { useSearchResults, type UseSearchResultsOptions, type SearchResultsActions, type SearchResultsResult } from './react/useSearchResults.ts';
export { usePreviewSearch, type UsePreviewSearchOptions, type PreviewSearchActions, type PreviewSearchResult } from './react/usePreviewSearch.ts';
export { useRecommendation, type UseRecommendationOptions, type RecommendationResult } from './react/useRecommendation.ts';
export { useContentBlock, type ContentBlockResult } from './react/useContentBlock.ts';
export { useQuestions, type UseQuestionsOptions, type QuestionsResult } from './react/useQuestions.ts';
export { useHtmlBlock, type HtmlBlockResult } from './react/useHtmlBlock.ts';
export { useBanner, type BannerResult } from './react/useBanner.ts';
export { useSeo, type SeoResult } from './react/useSeo.ts';
export { useAppear } from './react/useAppear.ts';
export { useItemClick, type ItemClickPayload } from './react/useItemClick.ts';
export { usePageContext } from './react/usePageContext.ts';
export { useTrackEvent } from './react/useTrackEvent.ts';
export { SearchResultsView } from './react/SearchResultsView.tsx';
export { PreviewSearchView } from './react/PreviewSearchView.tsx';
export { RecommendationView } from './react/RecommendationView.tsx';
export { ContentBlockView } from './react/ContentBlockView.tsx';
export { QuestionsView } from './react/QuestionsView.tsx';
export { HtmlBlockView } from './react/HtmlBlockView.tsx';
export { BannerView } from './react/BannerView.tsx';
export { SeoView } from './react/SeoView.tsx';
export { WidgetStatus } from './react/WidgetStatus.tsx';
export { ItemLink, type ItemLinkProps } from './react/ItemLink.tsx';
export {
  SearchResultsWidget,
  PreviewSearchWidget,
  RecommendationWidget,
  ContentBlockWidget,
  QuestionsWidget,
  HtmlBlockWidget,
  BannerWidget,
  SeoWidget,
} from './react/defaultWidgets.ts';
