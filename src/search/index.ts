export { createSearchClient, type SearchClient, type SearchConfig, type WidgetRequestOptions } from './createSearchClient.ts';
export { resolveSearchEndpoints, type EndpointConfig, type SearchEndpoints } from './resolveSearchEndpoints.ts';
export { createWidgetBatcher, type BatchProcessor, type BatchedWidgetRequest, type WidgetBatcher, type WidgetBatcherOptions } from './createWidgetBatcher.ts';
export { createWidgetRequest, type WidgetRequestBuilder } from './createWidgetRequest.ts';
export { createContextStore, type ContextStore, type ContextStoreOptions } from './createContextStore.ts';
export { createEventBus, type EventBus, type WidgetEvent, type WidgetEventListener } from './createEventBus.ts';
export { createServiceCalls, type ServiceCalls } from './createServiceCalls.ts';
export { createTracker, type TrackEventInput, type Tracker, type TrackerOptions } from './createTracker.ts';
export { validateTrackingEvent } from './validateTrackingEvent.ts';
export { trackingEvents, type TrackedWidget } from './trackingEvents.ts';
export { toEventEntity } from './toEventEntity.ts';
export { WidgetDataType, isWidgetType, type WidgetType } from './WidgetDataType.ts';
export { WidgetActionType, SearchResultsActionType, PreviewSearchActionType, ItemClickActionType } from './actionTypes.ts';
export {
  searchResultsReducer,
  initialSearchResultsState,
  type SearchResultsAction,
  type SearchResultsState,
  type SelectedFacet,
  type FacetClickPayload,
  type FilterClickPayload,
} from './searchResultsReducer.ts';
export { describeInvalidAction } from './describeInvalidAction.ts';
export { buildSearchResultsItem, selectionFilter } from './buildSearchResultsItem.ts';
export { searchResultsEvent, searchRequestFields, type ShownResults } from './searchResultsEvent.ts';
export { buildPreviewSearchItem, initialPreviewSearchState, pickSuggestions, suggestionClickEvent, type PreviewSearchState, type PreviewSuggestion } from './previewSearch.ts';
export { sanitizeHtml } from './sanitizeHtml.ts';
export { safeLinkTarget } from '../core/urlGuard.ts';
/** @deprecated The old name of `safeLinkTarget`, the one link guard. */
export { safeLinkTarget as safeUrl } from '../core/urlGuard.ts';
export { pickTemplate } from './pickTemplate.ts';
export { readIdentityToken, type IdentityTokenGetter } from './readIdentityToken.ts';
export { WidgetRequestCanceledError, isCanceledError } from './WidgetRequestCanceledError.ts';
export { SearchServiceError } from './SearchServiceError.ts';
export { searchMessages } from './searchMessages.ts';
export { searchConstants } from './searchConstants.ts';
export { searchEnvironments, type SearchEnv } from './searchEnvironments.ts';
export { commerceRegions, commerceHost, type CommerceRegion } from './commerceRegions.ts';
export { defaultScheduler, type Scheduler } from './scheduler.ts';
export { stableStringify } from './stableStringify.ts';
export { generateUuid } from './generateUuid.ts';
export { createVisitor, formatVisits, parseVisits, visitorEntries, type Visitor, type VisitorOptions, type VisitState } from './visitor.ts';
export { createVisitorStorage, storageConstants, type VisitorStorage, type VisitorStorageOptions } from './visitorStorage.ts';
export { readPageContext, deviceForWidth, deviceBreakpoints, campaignFromUrl, localeFromTag, WEB_APP_TYPE } from './pageContext.ts';
export { ApiError, isApiError } from '../core/errors.ts';
export type * from './types.ts';
