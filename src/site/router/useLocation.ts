import { useSyncExternalStore } from 'react';
import { siteConfig } from '../siteConfig.ts';
import { currentLocation, subscribeLocation } from './history.ts';

/**
 * The current `URL` of the page, re-rendering on every history navigation.
 * Without a browser location (rendering on a server) the site's public origin is the base.
 */
export function useLocation(): URL {
  const href = useSyncExternalStore(subscribeLocation, currentLocation, () => '/');
  return new URL(href, typeof location === 'undefined' ? siteConfig.publicOrigin : location.origin);
}
