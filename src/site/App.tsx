import { Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  HydrationBoundary,
  QueryClient,
  QueryClientProvider,
  keepPreviousData,
  type DehydratedState,
} from '@tanstack/react-query';
import { SessionProvider } from '../auth/react.tsx';
import { EngagementProvider, useEngagement } from '../engagement/react.tsx';
import type { EngageSettings } from '../engagement/index.ts';
import { BannerProvider, OneconnectProvider } from '../oneconnect/react.tsx';
import type { PageMode } from '../content/index.ts';
import { ContentProvider } from '../content/react.tsx';
import { components } from './content/registry.tsx';
import { absolute, siteConfig } from './siteConfig.ts';
import './theme/theme.css';
import { useLocation } from './router.tsx';
import { samePath } from './prerenderState.ts';
import { type AnalyticsConsent, useConsent } from './consent.ts';
import { getPageMode, rewriteMediaImages } from './editMode.ts';
import { SiteTracking, useForgetWithoutConsent } from './tracking.tsx';
import { ContentPage, PageLoading, type SessionGate, usePageLayout } from './content/ContentPage.tsx';
import { SiteProvider } from './SiteContext.tsx';
import { createSiteClients, type SiteClients, SiteClientsContext, SiteSearchContext } from './siteClients.tsx';
import { Footer, Header } from './frame.tsx';

/** Creates the site's React Query client with the specification's defaults. */
export function createSiteQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // 5-minute cache, no retry, no refetch on window focus, previous data kept while refetching.
      queries: { gcTime: 300_000, retry: false, refetchOnWindowFocus: false, placeholderData: keepPreviousData },
      mutations: { retry: false },
    },
  });
}

/**
 * The events SDK settings the site starts the SDK with (after consent): the environment's client
 * key, target URL and web personalization script host, and the specification's fixed settings
 * (point of sale `ngc`, UTM parameters included, web personalization on).
 */
export function engagementSettings(): EngageSettings {
  return {
    clientKey: siteConfig.engagementClientKey,
    targetURL: absolute(siteConfig.engagementTargetUrl),
    pointOfSale: siteConfig.pointOfSale,
    includeUTMParameters: siteConfig.includeUtmParameters,
    // Web personalization on (specification), its script from the configured base URL.
    webPersonalization: { baseURLOverride: absolute(siteConfig.webPersonalizationUrl) },
  };
}

/** The page's API clients, created once. */
function SiteServices({ children }: { children: (clients: SiteClients) => ReactNode }) {
  const [clients] = useState(createSiteClients);
  return <>{children(clients)}</>;
}

function EditModeMedia() {
  useEffect(() => rewriteMediaImages(document.body), []);
  return null;
}

/** What the {@link Shell} renders with. */
interface ShellProps {
  clients: SiteClients;
  /** Tracking runs: C0002 granted, in normal mode. */
  analytics: boolean;
  /** The visitor's analytics consent; when `denied`, every tracking identifier is deleted. */
  consent: AnalyticsConsent;
  /** The events SDK's settings (for what it leaves in the browser). */
  engagement: EngageSettings;
  mode: PageMode;
  serverUrl?: string;
  /** The prerendered page's session gate (its route needs a session). */
  gate?: SessionGate;
}

/**
 * One catch-all route: every URL path asks the layout service for its route, and the component
 * registry renders it. The header's search waits for the page's content, so its widget and the
 * page's widgets go out in one batch.
 */
function Shell({ clients, analytics, consent, engagement, mode, serverUrl, gate }: ShellProps) {
  useForgetWithoutConsent(consent, engagement, clients);
  const location = useLocation(serverUrl);
  // The prerendered page's gate is its own URL's: other pages say whether they need a session in their data.
  const gated =
    gate && serverUrl !== undefined && samePath(location.pathname, new URL(serverUrl, location).pathname)
      ? gate
      : undefined;
  const layout = usePageLayout(location, mode, gated);
  const { route, url } = layout;
  const [pageReady, setPageReady] = useState(false);
  const ready = useCallback(() => setPageReady(true), []);
  const sdk = useEngagement();
  const searchSettings = useMemo(() => ({ analytics, pageUri: url.pathname }), [analytics, url.pathname]);
  return (
    <SiteClientsContext.Provider value={clients}>
      <OneconnectProvider client={clients.oneconnect}>
        <BannerProvider enabled={!!route && route.layoutId === siteConfig.targetedBannerLayoutId}>
          <SiteProvider>
            <SiteSearchContext.Provider value={searchSettings}>
              <a className="visually-hidden" href="#main">
                Skip to content
              </a>
              <Header pathname={url.pathname} searchReady={pageReady} />
              <main id="main" data-layout-id={route === undefined ? undefined : (route?.layoutId ?? 'not-found')}>
                <Suspense fallback={<PageLoading gate={layout.gate} />}>
                  <ContentPage layout={layout} components={components} mode={mode} onReady={ready} />
                </Suspense>
              </main>
              <Footer />
              {sdk ? <SiteTracking sdk={sdk} page={url.pathname} /> : null}
            </SiteSearchContext.Provider>
          </SiteProvider>
        </BannerProvider>
      </OneconnectProvider>
    </SiteClientsContext.Provider>
  );
}

/**
 * The site's one application entry. Consent gates analytics and personalization
 * (group C0002); editors in edit or preview mode are never tracked, see shell
 * media, and in edit mode get no consent banner. `url` is the page's URL where
 * there is no browser location (a server rendering it, and the hydration after);
 * in a browser the location is read. Defaults to the browser's location. `dehydratedState` is the
 * data a prerendered page was rendered with (React Query's `dehydrate`), so hydration renders the
 * same page without fetching it again. Defaults to none. `gate`: the page at `url` is the gate of a
 * route that needs a session (a prerendered page carries no data of such a route): its layout is
 * asked for only once the visitor has a session. Defaults to none.
 */
export function App({
  url,
  dehydratedState,
  gate,
}: { url?: string; dehydratedState?: DehydratedState; gate?: SessionGate } = {}) {
  const [queryClient] = useState(createSiteQueryClient);
  const [mode] = useState(() =>
    getPageMode(url === undefined ? undefined : new URL(url, siteConfig.publicOrigin).search),
  );
  const consent = useConsent({
    load: mode !== 'edit',
    src: siteConfig.consentScriptUrl,
    domainScript: siteConfig.consentDomainScript,
  });
  const analytics = consent === 'granted' && mode === 'normal';
  const [settings] = useState(engagementSettings);
  return (
    <QueryClientProvider client={queryClient}>
      <HydrationBoundary state={dehydratedState}>
        <SessionProvider basePath={siteConfig.authBasePath} redirectOrigins={siteConfig.authRedirectOrigins}>
          <EngagementProvider settings={settings} enabled={analytics}>
            {mode !== 'normal' ? <EditModeMedia /> : null}
            <SiteServices>
              {(clients) => (
                <ContentProvider client={clients.content}>
                  <Shell
                    clients={clients}
                    analytics={analytics}
                    consent={consent}
                    engagement={settings}
                    mode={mode}
                    serverUrl={url}
                    gate={gate}
                  />
                </ContentProvider>
              )}
            </SiteServices>
          </EngagementProvider>
        </SessionProvider>
      </HydrationBoundary>
    </QueryClientProvider>
  );
}
