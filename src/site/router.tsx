import { type AnchorHTMLAttributes, type MouseEvent, startTransition, useEffect, useState } from 'react';
import { safeLinkTarget, sameOriginPath } from '../core/urlGuard.ts';
import { siteConfig } from './siteConfig.ts';

// The site's router: one catch-all route, so all it does is move between same-origin URLs with
// the history API, tell subscribers, and read the location (or the server's URL while prerendering).

const CHANGE = 'site:locationchange';

/** Subscribes to location changes made by {@link navigate} and by back/forward. */
export function subscribeLocation(listener: () => void): () => void {
  window.addEventListener('popstate', listener);
  window.addEventListener(CHANGE, listener);
  return () => {
    window.removeEventListener('popstate', listener);
    window.removeEventListener(CHANGE, listener);
  };
}

/** The current location as one comparable string (path, query and hash). */
function currentLocation(): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

/**
 * Moves to a same-origin URL with the history API (no page load) and tells
 * subscribers. A URL on another origin (or unparsable) is refused (returns false), since
 * callers pass service-provided links here and redirects stay on our origin.
 */
export function navigate(to: string, { replace = false }: { replace?: boolean } = {}): boolean {
  const target = sameOriginPath(to, location.href);
  if (target === undefined) return false;
  try {
    if (replace) history.replaceState(null, '', target);
    else history.pushState(null, '', target);
  } catch {
    // The guard keeps targets on this origin; should a browser still refuse one, the caller's default applies.
    return false;
  }
  window.dispatchEvent(new Event(CHANGE));
  window.scrollTo?.(0, 0);
  return true;
}

/**
 * The current `URL` of the page, re-rendering on every history navigation. Where there is no
 * browser location (a server rendering the page) the page's URL is `serverUrl`, and so it is while a
 * prerendered page hydrates with it: the location's own query and hash (a search, a shared link's
 * `utm_*`) apply right after, as a transition. Defaults to the browser's location, else `'/'`.
 */
export function useLocation(serverUrl?: string): URL {
  const [href, setHref] = useState(() =>
    serverUrl !== undefined || typeof location === 'undefined' ? (serverUrl ?? '/') : currentLocation(),
  );
  useEffect(() => {
    const read = () => setHref(currentLocation());
    const unsubscribe = subscribeLocation(read);
    // Not useSyncExternalStore: the location differing from the prerendered URL was an urgent update
    // as the page hydrated, which made React hydrate the rest of the page in one blocking task (207 ms
    // on a phone's CPU for a search) and swapped content on screen for a Suspense fallback whenever
    // the location's page shows something still loading. A navigation stays an urgent update.
    startTransition(read);
    return unsubscribe;
  }, []);
  // Joined, not resolved: a path such as `//host` (a visitor can open `https://<site>//host`) must stay a path here.
  return new URL(
    `${typeof location === 'undefined' ? siteConfig.publicOrigin : location.origin}${href.startsWith('/') ? '' : '/'}${href}`,
  );
}

/**
 * An anchor that navigates with the history API for same-origin links, and
 * behaves as a normal link for modified clicks (new tab), other targets and
 * other origins. Its `href` passes the link guard first (`safeLinkTarget`): a
 * refused target (`javascript:`, `data:`, `//host`, …) renders as `#`.
 */
export function Link({ href, onClick, target, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const safe = safeLinkTarget(href) ?? '#';
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || target === '_blank') return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (safe === '#' ? true : navigate(safe)) event.preventDefault();
  };
  return <a href={safe} target={target} onClick={handle} {...rest} />;
}
