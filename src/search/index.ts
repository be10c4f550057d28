// The framework-free widget layer. React bindings live in ./react.tsx.
export {
  createSearchClient,
  createServiceCalls,
  readIdentityToken,
  type SearchClient,
  type SearchConfig,
  type WidgetRequestOptions,
  type ServiceCalls,
  type IdentityTokenGetter,
} from './client.ts';
export {
  resolveSearchEndpoints,
  searchConstants,
  searchEnvironments,
  commerceConnectorRegions,
  commerceHost,
  type EndpointConfig,
  type SearchEndpoints,
  type SearchEnv,
  type CommerceConnectorRegion,
} from './config.ts';
export {
  createWidgetBatcher,
  stableStringify,
  type BatchProcessor,
  type BatchedWidgetRequest,
  type WidgetBatcher,
  type WidgetBatcherOptions,
} from './batcher.ts';
export {
  createWidgetRequest,
  WidgetDataType,
  isWidgetType,
  type WidgetRequestBuilder,
  type WidgetType,
} from './widgetRequest.ts';
export {
  createContextStore,
  readPageContext,
  campaignFromUrl,
  localeFromTag,
  WEB_APP_TYPE,
  type ContextStore,
  type ContextStoreOptions,
} from './context.ts';
export { deviceBreakpoints, deviceForWidth } from './device.ts';
export {
  createEventBus,
  WidgetActionType,
  SearchResultsActionType,
  PreviewSearchActionType,
  ItemClickActionType,
  type EventBus,
  type WidgetEvent,
  type WidgetEventListener,
} from './events.ts';
export {
  createTracker,
  validateTrackingEvent,
  trackingEvents,
  toEventEntity,
  type TrackEventInput,
  type Tracker,
  type TrackerOptions,
  type TrackedWidget,
} from './tracking.ts';
export {
  searchResultsReducer,
  initialSearchResultsState,
  describeInvalidAction,
  buildSearchResultsItem,
  selectionFilter,
  searchResultsEvent,
  searchRequestFields,
  type SearchResultsAction,
  type SearchResultsState,
  type SelectedFacet,
  type FacetClickPayload,
  type FilterClickPayload,
  type ShownResults,
} from './searchResults.ts';
export {
  buildPreviewSearchItem,
  initialPreviewSearchState,
  pickSuggestions,
  suggestionClickEvent,
  type PreviewSearchState,
  type PreviewSuggestion,
} from './previewSearch.ts';
export {
  sanitizeHtml,
  sanitizedMarkup,
  sanitizerConfig,
  sanitizerWindow,
  pickTemplate,
  setSanitizerWindow,
  withPurifierPolicy,
} from './sanitize.ts';
export { safeLinkTarget } from '../core/urlGuard.ts';
/** @deprecated The old name of `safeLinkTarget`, the one link guard. */
export { safeLinkTarget as safeUrl } from '../core/urlGuard.ts';
export {
  SearchError,
  SearchServiceError,
  WidgetRequestCanceledError,
  isCanceledError,
  searchErrorCodes,
  searchMessages,
  type SearchErrorCode,
} from './errors.ts';
export {
  createVisitor,
  formatVisits,
  parseVisits,
  generateUuid,
  type Visitor,
  type VisitorOptions,
  type VisitState,
} from './visitor.ts';
export {
  createVisitorStorage,
  forgetVisitor,
  storageConstants,
  visitorEntries,
  type VisitorStorage,
  type VisitorStorageOptions,
} from './visitorStorage.ts';
export { ApiError, isApiError } from '../core/errors.ts';
export type * from './types.ts';
