import { sameOriginPath } from '../../core/urlGuard.ts';

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
export function currentLocation(): string {
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
  if (replace) history.replaceState(null, '', target);
  else history.pushState(null, '', target);
  window.dispatchEvent(new Event(CHANGE));
  window.scrollTo?.(0, 0);
  return true;
}
