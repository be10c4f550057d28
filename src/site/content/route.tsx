import { type ReactNode, useState } from 'react';
import { useAuthClient, useSession, useSessionStatus } from '../../auth/react.tsx';
import type { LayoutContext, PageMode, RouteData } from '../../content/index.ts';
import { useRoute } from '../../content/react.tsx';
import { locatePath, routeLanguages } from '../language.ts';
import { samePath } from '../prerenderState.ts';
import { useText } from '../dictionary.tsx';
import { retrySession, ServiceProblem } from '../serviceFailure.tsx';
import { components, preloadPage } from './registry.tsx';
import { booleanOf } from './fieldValues.ts';

// The route a URL shows, from the layout service: the route query (fetching), whether there is a
// route at all (the not-found decision), and whether it needs a session first (the session gate).
// The page (ContentPage.tsx) renders what this decides.

/**
 * What the page of a route that needs a session (its `requiresSession` field is set) shows before
 * the visitor's session is known, and all of the route its prerendered page carries: its heading.
 */
export interface SessionGate {
  /** The route's display name: the gate's `<h1>`. */
  heading: string;
}

/** Whether `route` is for signed-in readers only (its `requiresSession` field is set). */
export function needsSession(route: RouteData): boolean {
  return booleanOf(route.fields.requiresSession);
}

/** The gate of `route` when it needs a session (its `requiresSession` field is set), else `undefined`. */
export function sessionGate(route: RouteData): SessionGate | undefined {
  return needsSession(route) ? { heading: route.displayName || route.name } : undefined;
}

/**
 * The prerendered page's gate where it applies: at the URL the page was rendered for (`serverUrl`),
 * not after a client navigation elsewhere, where the route says in its data whether it needs a session.
 */
export function gateAt(
  location: URL,
  serverUrl: string | undefined,
  gate: SessionGate | undefined,
): SessionGate | undefined {
  return gate && serverUrl !== undefined && samePath(location.pathname, new URL(serverUrl, location).pathname)
    ? gate
    : undefined;
}

/** What the page at a URL shows, decided from its layout answer. */
type PageStatus =
  // The URL's route needs a session and is not here yet: its gate shows (no other page's data).
  | { status: 'gate'; gate: SessionGate }
  // The first answer is on its way.
  | { status: 'loading' }
  // The first answer failed.
  | { status: 'error' }
  // The layout service has no route at this URL (`route: null`).
  | { status: 'not-found' }
  // The route is here; `gate` is set when it needs a session (signed-out readers go to sign in).
  | { status: 'route'; route: RouteData; gate: SessionGate | undefined };

/** The page at a URL: what it shows ({@link PageStatus}) and the data shown. */
export type PageRoute = PageStatus & {
  /** The URL of what is shown: the new one once its route arrived, the previous one meanwhile. */
  url: URL;
  /** The URL asked for (the location): differs from `url` while a client-side navigation is on its way. */
  requested: URL;
  /** A client-side navigation is on its way: the previous page still shows while the next one loads. */
  navigating: boolean;
  /** Asks the layout service for the requested URL's route again (the error page's retry). */
  retry: () => Promise<unknown>;
  /** The shown answer's context (who is looking: visitors or an editor), `undefined` before any data. */
  context: LayoutContext | undefined;
  /** The route in the shown data: `null` when the service has none (404), `undefined` before any data. */
  route: RouteData | null | undefined;
  /** The shown page's language: its URL's (`de` under `/de/`). */
  language: string;
  /** The languages the shown route has a version in (its layout answer's context), the site's order. */
  languages: string[];
  /** The content item of the shown page (its path without the language prefix). */
  item: string;
};

/**
 * The route of the page at `url` from the layout service, and what the page shows: through React
 * Query (`useRoute`, keyed by item, language, site and mode, so a server can prefetch and dehydrate
 * it), with `sc_mode` passed on. While another route loads, the previous page stays (with its own
 * URL) rather than flashing empty. `gate`: the URL's route needs a session (its prerendered page said
 * so, before any of its data): its layout is asked for only once the visitor has a session, and the
 * gate shows until the page can. Defaults to none.
 */
export function usePageRoute(url: URL, mode: PageMode, gate?: SessionGate): PageRoute {
  // Content for signed-in readers is not asked for without a session: a visitor without one is sent
  // to sign in first (the layout service must still protect the item: anyone can call it). Only a
  // gated route watches the session: on any other, its answer would re-render the whole page.
  const status = useSessionStatus(!!gate);
  const waiting = !!gate && status !== 'authenticated';
  // Published pages change with a deploy (which prerenders them again), not during a visit: a page
  // hydrated from its prerendered data, or seen before, is not fetched again.
  // `/de/capabilities` is the item `/capabilities` in German (language.ts).
  const requested = locatePath(url.pathname);
  const layout = useRoute(requested.item, {
    mode,
    language: requested.language,
    staleTime: mode === 'normal' ? Infinity : 0,
    enabled: !waiting,
    // The next page's components load before it replaces the previous one: no loading state in
    // between (a Suspense fallback hiding the old page, then the new one: a layout shift).
    prepare: (answer) => preloadPage(answer.sitecore.route, components, { fresh: true }),
  });
  const [shownUrl, setShownUrl] = useState(url);
  // The URL the shown data belongs to: the new one once its route arrived, the previous one meanwhile.
  if (!layout.isPlaceholderData && layout.data && shownUrl.href !== url.href) setShownUrl(url);
  const shownAt = layout.isPlaceholderData ? shownUrl : url;
  const located = locatePath(shownAt.pathname);
  const context = layout.data?.sitecore.context;
  const shown = {
    url: shownAt,
    requested: url,
    navigating: layout.isPlaceholderData && layout.isFetching,
    retry: layout.refetch,
    context,
    route: layout.data?.sitecore.route,
    // The URL says the language (the answer's context repeats it; a not-found answer may not).
    language: located.language,
    languages: context && layout.data?.sitecore.route ? routeLanguages(context) : [],
    item: located.item,
  };
  // A gated page shows its gate, never another page's data, until its own route is here.
  if (gate && (layout.isPending || layout.isPlaceholderData)) return { ...shown, status: 'gate', gate };
  if (layout.isPending) return { ...shown, status: 'loading' };
  if (layout.isError && !layout.data) return { ...shown, status: 'error' };
  if (!shown.route) return { ...shown, status: 'not-found' };
  return { ...shown, status: 'route', route: shown.route, gate: sessionGate(shown.route) };
}

/**
 * A route for signed-in readers: visitors without a session go to sign in, then back. Until the
 * session is known (and while its layout loads) the page shows its gate; `children` once signed in.
 */
export function SessionRequired({ heading, children }: { heading: string; children?: ReactNode }) {
  const { status, unavailable } = useSession({ required: true });
  const auth = useAuthClient();
  const t = useText();
  if (status === 'authenticated' && children) return <>{children}</>;
  // The session route failed or passed its deadline: the reader may well be signed in, so no redirect.
  if (unavailable)
    return (
      <div className="container">
        <h1>{heading}</h1>
        <ServiceProblem message={t('Session.Unknown')} onRetry={() => retrySession(auth)} />
      </div>
    );
  return <Gate heading={heading} />;
}

/** What a route that needs a session shows until its page can: the heading (all its prerendered page holds). */
export function Gate({ heading }: { heading: string }) {
  const t = useText();
  return (
    <div className="container">
      <h1>{heading}</h1>
      <p role="status">{t('Page.Loading')}</p>
    </div>
  );
}
