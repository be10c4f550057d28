import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider, keepPreviousData } from '@tanstack/react-query';
import { SessionProvider, useSession } from '../auth/react.tsx';
import { EngagementProvider, useEngagement } from '../engagement/react.tsx';
import type { EngageSettings } from '../engagement/index.ts';
import { BannerProvider, OneconnectProvider } from '../oneconnect/react.tsx';
import { WidgetsProvider } from '../search/react.tsx';
import { useConsent } from './consent/useConsent.ts';
import { createSiteClients, type SiteClients } from './createSiteClients.ts';
import { getPageMode } from './editMode/getPageMode.ts';
import { rewriteMediaImages } from './editMode/rewriteMediaImages.ts';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';
import { matchRoute } from './router/matchRoute.ts';
import { useLocation } from './router/useLocation.ts';
import { routes, TARGETED_BANNER_LAYOUT_ID } from './routes.ts';
import { SiteClientsContext } from './SiteClientsContext.tsx';
import { SiteProvider } from './SiteContext.tsx';
import { absolute, siteConfig } from './siteConfig.ts';
import { SiteTracking } from './SiteTracking.tsx';
import HomePage from './pages/HomePage.tsx';
import SearchPage from './pages/SearchPage.tsx';
import './theme/theme.css';

// Pages other than home and search load on demand, keeping the first load small.
// The search page stays eager so its results widget joins the header's batch: one POST.
const ProductPage = lazy(() => import('./pages/ProductPage.tsx'));
const CartPage = lazy(() => import('./pages/CartPage.tsx'));
const AccountPage = lazy(() => import('./pages/AccountPage.tsx'));
const CareersPage = lazy(() => import('./pages/CareersPage.tsx'));
const SignInPage = lazy(() => import('./pages/SignInPage.tsx'));
const AuthErrorPage = lazy(() => import('./pages/AuthErrorPage.tsx'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage.tsx'));

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

function engagementSettings(): EngageSettings {
  return {
    clientKey: siteConfig.engagementClientKey,
    targetURL: absolute(siteConfig.engagementTargetUrl),
    pointOfSale: siteConfig.pointOfSale,
    includeUTMParameters: siteConfig.includeUtmParameters,
    // Web personalization on (specification), its script from the configured base URL.
    webPersonalization: { baseURLOverride: absolute(siteConfig.webPersonalizationUrl) },
  };
}

function Page({ pathname, search }: { pathname: string; search: URLSearchParams }) {
  const match = matchRoute(routes, pathname);
  switch (match?.route.name) {
    case 'home': return <HomePage />;
    case 'search': return <SearchPage query={search.get('q') ?? ''} />;
    case 'product': return <ProductPage id={match.params.id ?? ''} />;
    case 'cart': return <CartPage />;
    case 'account': return <AccountPage />;
    case 'careers': return <CareersPage />;
    case 'signin': return <SignInPage search={search} />;
    case 'authError': return <AuthErrorPage search={search} />;
    default: return <NotFoundPage />;
  }
}

/** Wires the session's commerce token into the API clients without re-creating them. */
function SiteServices({ children }: { children: (clients: SiteClients) => ReactNode }) {
  const { data } = useSession();
  const token = useRef<string | undefined>(undefined);
  token.current = (data as { accessToken?: string } | null)?.accessToken;
  const [clients] = useState(() => createSiteClients(() => token.current));
  return <>{children(clients)}</>;
}

function EditModeMedia() {
  useEffect(() => rewriteMediaImages(document.body), []);
  return null;
}

function Shell({ clients, analytics }: { clients: SiteClients; analytics: boolean }) {
  const url = useLocation();
  const route = matchRoute(routes, url.pathname)?.route;
  const sdk = useEngagement();
  return (
    <SiteClientsContext.Provider value={clients}>
      <OneconnectProvider client={clients.oneconnect}>
        <BannerProvider enabled={route?.layoutId === TARGETED_BANNER_LAYOUT_ID}>
          <SiteProvider>
            <WidgetsProvider client={clients.search} trackingConsent={analytics} context={{ page: { uri: url.pathname } }}>
              <a className="visually-hidden" href="#main">Skip to content</a>
              <Header pathname={url.pathname} />
              <main id="main" data-layout-id={route?.layoutId ?? 'not-found'}>
                <Suspense fallback={<div className="container"><p role="status">Loading…</p></div>}>
                  <Page pathname={url.pathname} search={url.searchParams} />
                </Suspense>
              </main>
              <Footer />
              {sdk ? <SiteTracking sdk={sdk} page={url.pathname} /> : null}
            </WidgetsProvider>
          </SiteProvider>
        </BannerProvider>
      </OneconnectProvider>
    </SiteClientsContext.Provider>
  );
}

/**
 * The site's one application entry. Consent gates analytics and personalization
 * (group C0002); editors in edit or preview mode are never tracked, see shell
 * media, and in edit mode get no consent banner.
 */
export function App() {
  const [queryClient] = useState(createSiteQueryClient);
  const [mode] = useState(() => getPageMode());
  const consented = useConsent({
    load: mode !== 'edit',
    src: siteConfig.consentScriptUrl,
    domainScript: siteConfig.consentDomainScript,
  });
  const analytics = consented && mode === 'normal';
  const [settings] = useState(engagementSettings);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider basePath={siteConfig.authBasePath}>
        <EngagementProvider settings={settings} enabled={analytics}>
          {mode !== 'normal' ? <EditModeMedia /> : null}
          <SiteServices>{(clients) => <Shell clients={clients} analytics={analytics} />}</SiteServices>
        </EngagementProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
