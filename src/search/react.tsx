// React bindings of the widget layer: provider, widget(), one hook per widget type,
// default renderers. Everything else lives in the framework-free core (./index.ts).
export {
  WidgetsProvider,
  useWidgetsContext,
  useSearchClient,
  widget,
  useWidget,
  type WidgetsProviderProps,
  type WidgetsContextValue,
  type WidgetIdentity,
  type WidgetProps,
} from './react/provider.tsx';
export {
  useWidgetData,
  itemsOf,
  useAppear,
  useItemClick,
  usePageContext,
  useTrackEvent,
  type WidgetDataResult,
  type WidgetQueryResult,
  type ItemClickPayload,
} from './react/useWidgetData.ts';
export {
  useSearchResults,
  usePreviewSearch,
  useRecommendation,
  useContentBlock,
  useQuestions,
  useHtmlBlock,
  useBanner,
  useSeo,
  type UseSearchResultsOptions,
  type SearchResultsActions,
  type SearchResultsResult,
  type UsePreviewSearchOptions,
  type PreviewSearchActions,
  type PreviewSearchResult,
  type UseRecommendationOptions,
  type RecommendationResult,
  type ContentBlockResult,
  type UseQuestionsOptions,
  type QuestionsResult,
  type HtmlBlockResult,
  type BannerResult,
  type SeoResult,
} from './react/hooks.ts';
export { SearchResultsView } from './react/searchResultsView.tsx';
export { PreviewSearchView, type PreviewSearchViewProps } from './react/previewSearchView.tsx';
export { RecommendationView, QuestionsView } from './react/listViews.tsx';
export { WidgetStatus, ItemLink, type ItemLinkProps } from './react/widgetParts.tsx';
export { DEFAULT_WIDGET_LABELS, WidgetLabelsContext, useWidgetLabels, type WidgetLabels } from './react/labels.ts';
export {
  ContentBlockView,
  HtmlBlockView,
  BannerView,
  SeoView,
  SearchResultsWidget,
  PreviewSearchWidget,
  RecommendationWidget,
  ContentBlockWidget,
  QuestionsWidget,
  HtmlBlockWidget,
  BannerWidget,
  SeoWidget,
} from './react/defaultWidgets.tsx';
