/** The specification's constants for the widget layer (seed §9, reference §13–14). */
export const searchConstants = Object.freeze({
  /** Accumulating debounce before the page's widget requests go out together. */
  REQUEST_DEBOUNCE_MS: 250,
  /** Debounce of request, page-context and commerce-context changes before a refetch. */
  UPDATE_DEBOUNCE_MS: 50,
  /** Share of a widget that must be in view to count as appeared (fires once). */
  VISIBILITY_THRESHOLD: 0.2,
  /** How long unused widget data stays cached (React Query `gcTime`). */
  CACHE_TIME_MS: 300_000,
  /** Stale time of widget data read through Suspense. */
  SUSPENSE_STALE_TIME_MS: 1000,
  /** Suggestions shown by a preview search unless told otherwise. */
  SUGGESTIONS_MAX: 3,
  /** Device sent in the browser context unless told otherwise. */
  DEFAULT_DEVICE: 'pc',
  /** Results per page of a search-results widget unless told otherwise. */
  ITEMS_PER_PAGE: 24,
  /** Items of a preview search unless told otherwise. */
  PREVIEW_ITEMS: 4,
  /** Default environment. */
  DEFAULT_ENV: 'prod',
  /** Default commerce region of the commerce connector. */
  DEFAULT_COMMERCE_REGION: 'usWest',
});
