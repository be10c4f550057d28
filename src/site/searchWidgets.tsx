import { useContext, type ComponentProps, type ReactNode } from 'react';
import { createSearchClient, type SearchClient } from '../search/index.ts';
import { RecommendationWidget as Recommendation, WidgetsProvider } from '../search/react.tsx';
import type { ContentComponentProps } from './content/fields.tsx';
import { HeaderSearch as HeaderSearchView } from './HeaderSearch.tsx';
import SearchPage from './pages/SearchPage.tsx';
import { SiteSearchContext, useSiteClients } from './SiteClientsContext.tsx';
import { absolute, siteConfig } from './siteConfig.ts';

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
  });
}

// The page's search client, created by the first widget that renders (once per page's clients).
function SearchBoundary({ children }: { children: ReactNode }) {
  const clients = useSiteClients();
  const client = (clients.search ??= createSiteSearchClient());
  const { analytics, pageUri } = useContext(SiteSearchContext);
  return (
    <WidgetsProvider client={client} trackingConsent={analytics} context={{ page: { uri: pageUri } }}>
      {children}
    </WidgetsProvider>
  );
}

/** The header's preview search. */
export function HeaderSearch(props: ComponentProps<typeof HeaderSearchView>) {
  return <SearchBoundary><HeaderSearchView {...props} /></SearchBoundary>;
}

/** `SearchResults`: the search page's results for its `?q=`. */
export function SearchResults(props: ContentComponentProps) {
  return <SearchBoundary><SearchPage {...props} /></SearchBoundary>;
}

/** The search service's recommendations widget. */
export function RecommendationWidget(props: ComponentProps<typeof Recommendation>) {
  return <SearchBoundary><Recommendation {...props} /></SearchBoundary>;
}
