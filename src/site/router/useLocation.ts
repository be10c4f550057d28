import { useSyncExternalStore } from 'react';
import { currentLocation, subscribeLocation } from './history.ts';

/** The current `URL` of the page, re-rendering on every history navigation. */
export function useLocation(): URL {
  const href = useSyncExternalStore(subscribeLocation, currentLocation, () => '/');
  return new URL(href, typeof location === 'undefined' ? 'http://localhost' : location.origin);
}
