import { type ReactNode, useEffect, useState } from 'react';
import { useSession } from '../../auth/react.tsx';
import type { PageMode, RouteData } from '../../content/index.ts';
import { useRoute } from '../../content/react.tsx';
import { usePageHead } from '../head.ts';
import { siteConfig } from '../siteConfig.ts';
import { booleanOf } from './fields.tsx';
import { type ComponentRegistry, Placeholder, RouteRenderer } from './Placeholder.tsx';
import { useBanners } from '../../oneconnect/react.tsx';
import { useSiteBanners } from '../SiteContext.tsx';
import { safeLinkTarget } from '../../core/urlGuard.ts';
import { Link } from '../router.tsx';

/**
 * What the page of a route that needs a session (its `requiresSession` field is set) shows before
 * the visitor's session is known, and all of the route its prerendered page carries: its heading.
 */
export interface SessionGate {
  /** The route's display name: the gate's `<h1>`. */
  heading: string;
}

/** The gate of `route` when it needs a session (its `requiresSession` field is set), else `undefined`. */
export function sessionGate(route: RouteData): SessionGate | undefined {
  return booleanOf(route.fields.requiresSession) ? { heading: route.displayName || route.name } : undefined;
}

/**
 * The page of one URL from the layout service: its route through React Query (`useRoute`, keyed by
 * item, language, site and mode, so a server can prefetch and dehydrate it), with `sc_mode` passed on.
 * While another route loads, the previous page stays (with its own URL) rather than flashing empty.
 * `gate`: the URL's route needs a session (its prerendered page said so, before any of its data):
 * its layout is asked for only once the visitor has a session, and the gate shows until the page
 * can. Defaults to none.
 */
export function usePageLayout(url: URL, mode: PageMode, gate?: SessionGate) {
  // Content for signed-in readers is not asked for without a session: a visitor without one is sent
  // to sign in first (the layout service must still protect the item: anyone can call it).
  const { status } = useSession();
  const waiting = !!gate && status !== 'authenticated';
  // Published pages change with a deploy (which prerenders them again), not during a visit: a page
  // hydrated from its prerendered data, or seen before, is not fetched again.
  const layout = useRoute(url.pathname, { mode, staleTime: mode === 'normal' ? Infinity : 0, enabled: !waiting });
  const [shownUrl, setShownUrl] = useState(url);
  // The URL the shown data belongs to: the new one once its route arrived, the previous one meanwhile.
  if (!layout.isPlaceholderData && layout.data && shownUrl.href !== url.href) setShownUrl(url);
  const route = layout.data?.sitecore.route;
  return { ...layout, route, url: layout.isPlaceholderData ? shownUrl : url, gate };
}

/** Props of {@link ContentPage}. */
export interface ContentPageProps {
  layout: ReturnType<typeof usePageLayout>;
  components: ComponentRegistry;
  mode: PageMode;
  /** Called once the page's content is on screen (its lazy components loaded). Defaults to none. */
  onReady?: () => void;
}

/**
 * Renders the route: its `main` placeholder through the component registry, the targeted banners
 * (shown only when the route's layout is the targeted one), the page's head from the route's
 * fields (title, description, canonical, share tags: see head.ts), and a sign-in redirect for a route whose `requiresSession` field is set.
 * `route: null` renders the not-found page. A gated layout (see {@link usePageLayout}) shows its gate until its route is here.
 */
export function ContentPage({ layout, components, mode, onReady }: ContentPageProps) {
  const { route, url } = layout;
  usePageHead(layout.isError && !layout.data ? undefined : route, url, {
    origin: siteConfig.publicOrigin,
    siteName: siteConfig.siteName,
    language: layout.data?.sitecore.context.language,
  });
  // A gated page shows its gate, never another page's data, until its own route is here.
  if (layout.gate && (layout.isPending || layout.isPlaceholderData))
    return <SessionRequired heading={layout.gate.heading} />;
  if (layout.isPending) return <PageLoading />;
  if (layout.isError && !layout.data) {
    return (
      <div className="container">
        <h1>This page could not be loaded</h1>
        <p role="alert">We could not load this page. Please try again.</p>
        <Ready onReady={onReady} />
      </div>
    );
  }
  if (!route)
    return (
      <>
        <NotFoundPage />
        <Ready onReady={onReady} />
      </>
    );
  const page = (
    <RouteRenderer components={components} route={route} mode={mode} url={url}>
      <div className="container">
        <Banners />
      </div>
      <Placeholder name="main" />
    </RouteRenderer>
  );
  const gate = sessionGate(route);
  return (
    <>
      {gate ? <SessionRequired heading={gate.heading}>{page}</SessionRequired> : page}
      <Ready onReady={onReady} />
    </>
  );
}

// Rendered after the page's content: its effect runs once that content committed (lazy parts included).
function Ready({ onReady }: { onReady?: () => void }) {
  useEffect(() => onReady?.(), [onReady]);
  return null;
}

/**
 * The first load's status: invisible for the first moments, so a fast answer shows no flash. On a
 * gated page, its gate (the same heading and status until the page replaces them).
 */
export function PageLoading({ gate }: { gate?: SessionGate } = {}) {
  if (gate) return <Gate heading={gate.heading} />;
  return (
    <div className="container page-loading">
      <p role="status">Loading…</p>
    </div>
  );
}

// What a route that needs a session shows until its page can: the heading (all its prerendered page holds).
function Gate({ heading }: { heading: string }) {
  return (
    <div className="container">
      <h1>{heading}</h1>
      <p role="status">Loading…</p>
    </div>
  );
}

// A route an editor marked `requiresSession`: visitors without a session go to sign in, then back.
// Until the session is known (and while its layout loads) the page shows its gate.
function SessionRequired({ heading, children }: { heading: string; children?: ReactNode }) {
  const { status } = useSession({ required: true });
  if (status === 'authenticated' && children) return <>{children}</>;
  return <Gate heading={heading} />;
}

/**
 * The targeted promotional banners, each dismissible. While they load (a targeted layout; the
 * prerendered page too) their strip is already in place at its full height, so their arrival moves
 * nothing; several banners scroll sideways in that strip. A visitor with none sees no strip. The
 * banners are the shared site context's, where the banner flow stores them (specification §4).
 */
export function Banners() {
  const { banners } = useSiteBanners();
  const { dismiss, isLoading } = useBanners();
  if (!isLoading && banners.length === 0) return null;
  return (
    <section aria-label="Announcements" className="banners" aria-busy={isLoading}>
      {banners.map((banner) => (
        <aside key={banner.id} className="banner" data-banner-id={banner.id}>
          {banner.title ? <h2>{banner.title}</h2> : null}
          {banner.text ? <p>{banner.text}</p> : null}
          {banner.link ? (
            <a href={safeLinkTarget(banner.link.href) ?? '#'}>{banner.link.label ?? banner.link.href}</a>
          ) : null}
          <button type="button" onClick={() => dismiss(banner.id)} aria-label={`Dismiss: ${banner.title ?? banner.id}`}>
            ×
          </button>
        </aside>
      ))}
    </section>
  );
}

/** Shown for any URL the site has no route for. */
export function NotFoundPage() {
  return (
    <div className="container">
      <h1>Page not found</h1>
      <p>
        The page you asked for does not exist. <Link href="/">Go to the home page</Link>.
      </p>
    </div>
  );
}
