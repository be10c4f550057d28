import { useSyncExternalStore } from 'react';
import { siteConfig } from '../siteConfig.ts';
import { currentLocation, subscribeLocation } from './history.ts';

/**
 * The current `URL` of the page, re-rendering on every history navigation. Where there is no
 * browser location (a server rendering the page, and the hydration that follows it) the page's URL
 * is `serverUrl`. Defaults to `'/'`.
 */
export function useLocation(serverUrl = '/'): URL {
  const href = useSyncExternalStore(subscribeLocation, currentLocation, () => serverUrl);
  return new URL(href, typeof location === 'undefined' ? siteConfig.publicOrigin : location.origin);
}
