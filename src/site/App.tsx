import { useState } from 'react';
import {
  HydrationBoundary,
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
import { AnalyticsProvider } from './tracking.tsx';
import './theme/theme.css';

/** Creates the site's React Query client with the site's defaults. */
export function createSiteQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // 5-minute cache, no retry, no refetch on window focus, previous data kept while refetching.
      queries: { gcTime: 300_000, retry: false, refetchOnWindowFocus: false, placeholderData: keepPreviousData },
      mutations: { retry: false },
    },
  });
}

/** Props of {@link App}. */
export interface AppProps {
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
        <SessionProvider basePath={siteConfig.authBasePath} redirectOrigins={siteConfig.authRedirectOrigins}>
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
