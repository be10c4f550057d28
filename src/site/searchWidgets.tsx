import { type ComponentProps, type ReactNode, useContext, useLayoutEffect, useMemo } from 'react';
import { createSearchClient, localeFromTag, type SearchClient } from '../search/index.ts';
import {
  type ItemLinkProps,
  PreviewSearchWidget,
  RecommendationWidget,
  SearchResultsWidget,
  type WidgetLabels,
  WidgetLabelsContext,
  WidgetsProvider,
} from '../search/react.tsx';
import { type Translate, useText } from './dictionary.tsx';
import { type ContentComponentProps, type Fields, usePageUrl } from './content/renderingContext.ts';
import { ContentText } from './content/fields.tsx';
import { sameOriginPath } from '../core/urlGuard.ts';
import { Link, navigate } from './router.tsx';
import { absolute, siteConfig } from './siteConfig.ts';
import { SiteSearchContext, useSiteClients } from './siteClients.tsx';

// The site's search widgets, loaded on demand (see onDemand.tsx): the search layer (client, batcher,
// visitor, views) is the largest part of the site after React, and no page needs it for its first
// paint. Every widget of a page shares the page's one search client, so the header's widget and the
// page's widgets still go out in one batch.

/**
 * The site's search client: its customer key, API key, environment and host from the site's
 * settings; no tracking until the visitor consents (the widgets pass consent on).
 */
export function createSiteSearchClient(): SearchClient {
  return createSearchClient({
    customerKey: siteConfig.searchCustomerKey,
    apiKey: siteConfig.searchApiKey,
    env: siteConfig.searchEnv,
    ...(siteConfig.searchHost ? { baseUrl: absolute(siteConfig.searchHost) } : {}),
    trackingConsent: false,
    timeoutMs: siteConfig.deadlines.search,
  });
}

/** The search widgets' texts (result count, sort, pagination, …) in the page's language, from the dictionary. */
export function widgetLabels(t: Translate): WidgetLabels {
  return {
    serviceProblem: t('Search.Unavailable'),
    tryAgain: t('Service.TryAgain'),
    tryingAgain: t('Service.TryingAgain'),
    loading: t('Page.Loading'),
    searchResults: t('Search.Results.Region'),
    search: t('Search.Results.Field'),
    searchButton: t('Search.Results.Submit'),
    sortBy: t('Search.Results.SortBy'),
    relevance: t('Search.Results.Relevance'),
    resultsPerPage: t('Search.Results.PerPage'),
    // The search layer fills `{count}` and `{label}` in; left as slots here.
    resultCount: t('Search.Results.Count', { count: '{count}' }),
    selectedFilters: t('Search.Results.SelectedFilters'),
    removeFilter: t('Search.Results.RemoveFilter', { label: '{label}' }),
    clearFilters: t('Search.Results.ClearFilters'),
    pagination: t('Search.Results.Pagination'),
    previous: t('Search.Results.Previous'),
    next: t('Search.Results.Next'),
    suggestions: t('Search.Suggestions'),
    suggestedPages: t('Search.SuggestedPages'),
    recommended: t('Search.Recommended'),
    questions: t('Search.Questions'),
    relatedQuestions: t('Search.RelatedQuestions'),
    promotion: t('Search.Promotion'),
  };
}

// The page's search client, created by the first widget that renders (once per page's clients).
function SearchBoundary({ children }: { children: ReactNode }) {
  const clients = useSiteClients();
  const client = (clients.search ??= createSiteSearchClient());
  const { analytics, pageUri, locale, searchReady = true } = useContext(SiteSearchContext);
  // The header's widget mounts once the page is ready, a commit (and, on a busy CPU or a slow phone,
  // far more than the debounce window) after the page's widgets: until then they hold the batch, so
  // the page's widgets and the header's leave in one request. Released in that commit's effects,
  // after the header's widget has taken its own hold; also on unmount.
  useLayoutEffect(() => (searchReady ? undefined : client.holdBatch()), [client, searchReady]);
  const t = useText();
  const labels = useMemo(() => widgetLabels(t), [t]);
  // The page's language, not the document's at the client's creation: it changes with the page.
  const context = useMemo(
    () => ({ page: { uri: pageUri }, ...(locale ? { locale: localeFromTag(locale) } : {}) }),
    [pageUri, locale],
  );
  return (
    <WidgetsProvider client={client} trackingConsent={analytics} context={context}>
      <WidgetLabelsContext.Provider value={labels}>{children}</WidgetLabelsContext.Provider>
    </WidgetsProvider>
  );
}

/** Props of {@link HeaderSearchWidget}. */
interface HeaderSearchWidgetProps {
  /** The preview search widget's id in the search service. */
  rfkId: string;
  /** What the visitor typed before the widget loaded. Defaults to nothing. */
  initialKeyphrase?: string;
  /** Take the focus on mount (the visitor was in the box it replaces). Defaults to false. */
  autoFocus?: boolean;
  /** The field's placeholder, in the page's language. Defaults to `'Search'`. */
  placeholder?: string;
  /** The field's accessible name, in the page's language. Defaults to `'Search the site'`. */
  label?: string;
  /** The form's accessible name, apart from the search page's form. Defaults to none. */
  formLabel?: string;
}

// A suggested page opens in the site, through its router; an item whose URL leaves the site opens
// the search for its name instead.
function SuggestedPage({ item, index, onItemClick }: ItemLinkProps) {
  return (
    <Link
      href={sameOriginPath(item.url) ?? `/search?q=${encodeURIComponent(item.name ?? '')}`}
      onClick={() => onItemClick({ id: item.id, index })}
    >
      {item.name ?? item.id}
    </Link>
  );
}

/**
 * The header's preview search widget: the search layer's preview search as the field's popup
 * (type-ahead with up to three suggestions and four suggested pages); Enter opens the results page.
 */
export function HeaderSearchWidget({
  rfkId,
  initialKeyphrase = '',
  autoFocus = false,
  placeholder = 'Search',
  label = 'Search the site',
  formLabel,
}: HeaderSearchWidgetProps) {
  return (
    <SearchBoundary>
      <PreviewSearchWidget
        rfkId={rfkId}
        state={{ itemsPerPage: 4, keyphrase: initialKeyphrase }}
        className="header-search"
        popup
        placeholder={placeholder}
        label={label}
        formLabel={formLabel}
        autoFocus={autoFocus}
        onSubmit={(keyphrase) => navigate(`/search?q=${encodeURIComponent(keyphrase)}`)}
        renderItem={SuggestedPage}
      />
    </SearchBoundary>
  );
}

/** `SearchResults`: the search page's results for its `?q=`. */
export function SearchResults(props: ContentComponentProps<Fields<'heading'>>) {
  return (
    <SearchBoundary>
      <SearchPage {...props} />
    </SearchBoundary>
  );
}

/** The search layer's recommendations widget, on the page's search client. */
export function SiteRecommendationWidget(props: ComponentProps<typeof RecommendationWidget>) {
  return (
    <SearchBoundary>
      <RecommendationWidget {...props} />
    </SearchBoundary>
  );
}

/**
 * `SearchResults`: content grid with facets, sort, paging and results per page (the widget layer's
 * default renderer), for the page's `?q=`; widget and page size from the rendering's params.
 */
function SearchPage({ fields, params }: ContentComponentProps<Fields<'heading'>>) {
  const query = usePageUrl().searchParams.get('q') ?? '';
  const itemsPerPage = Number(params.itemsPerPage) || 12;
  return (
    <div className="container">
      <ContentText tag="h1" field={fields.heading} />
      <SearchResultsWidget
        key={query}
        rfkId={params.rfkId ?? siteConfig.widgets.searchResults}
        state={{ keyphrase: query, itemsPerPage }}
      />
    </div>
  );
}
