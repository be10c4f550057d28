import { useState } from 'react';
import {
  HydrationBoundary,
  MutationCache,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  keepPreviousData,
  type DehydratedState,
} from '@tanstack/react-query';
import { SessionProvider } from '../auth/react.tsx';
import { ContentPage } from './content/ContentPage.tsx';
import type { SessionGate } from './content/route.tsx';
import { getPageMode } from './editMode.ts';
import { siteConfig } from './siteConfig.ts';
import { SiteClientsProvider } from './siteClients.tsx';
import { logServiceFailure } from './serviceFailure.tsx';
import { AnalyticsProvider } from './tracking.tsx';
import './theme/theme.css';

// The service a query or mutation key belongs to: its first part (`content`, `commerce`, …).
const serviceOf = (key: readonly unknown[] | undefined) => String(key?.[0] ?? 'unknown');

/**
 * Creates the site's React Query client with the site's defaults. Every failed query or mutation is
 * logged as one line naming its service (search failures are logged by the search layer itself,
 * with the specification's message).
 */
export function createSiteQueryClient(): QueryClient {
  const log = (key: readonly unknown[] | undefined, error: unknown) =>
    serviceOf(key) !== 'search' && logServiceFailure(serviceOf(key), error);
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => log(query.queryKey, error) }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => log(mutation.options.mutationKey, error),
    }),
    defaultOptions: {
      // 5-minute cache, no retry, no refetch on window focus, previous data kept while refetching.
      queries: { gcTime: 300_000, retry: false, refetchOnWindowFocus: false, placeholderData: keepPreviousData },
      mutations: { retry: false },
    },
  });
}

/** Props of {@link App}. */
interface AppProps {
  /**
   * The page's URL where there is no browser location (a server rendering it, and the hydration
   * after); in a browser the location is read. Defaults to the browser's location.
   */
  url?: string;
  /**
   * The data a prerendered page was rendered with (React Query's `dehydrate`), so hydration renders
   * the same page without fetching it again. Defaults to none.
   */
  dehydratedState?: DehydratedState;
  /**
   * The page at `url` is the gate of a route that needs a session (a prerendered page carries no
   * data of such a route): its layout is asked for only once the visitor has a session. Defaults to none.
   */
  gate?: SessionGate;
}

/**
 * The site's one application entry: the providers, then the page (`ContentPage`). The page's mode
 * (`sc_mode`: edit, preview) is read once, from `url` or the browser's location.
 */
export function App({ url, dehydratedState, gate }: AppProps = {}) {
  const [queryClient] = useState(createSiteQueryClient);
  const [mode] = useState(() =>
    getPageMode(url === undefined ? undefined : new URL(url, siteConfig.publicOrigin).search),
  );
  return (
    <QueryClientProvider client={queryClient}>
      <HydrationBoundary state={dehydratedState}>
        <SessionProvider
          basePath={siteConfig.authBasePath}
          redirectOrigins={siteConfig.authRedirectOrigins}
          timeoutMs={siteConfig.deadlines.auth}
        >
          <SiteClientsProvider>
            <AnalyticsProvider mode={mode}>
              <ContentPage url={url} gate={gate} mode={mode} />
            </AnalyticsProvider>
          </SiteClientsProvider>
        </SessionProvider>
      </HydrationBoundary>
    </QueryClientProvider>
  );
}
