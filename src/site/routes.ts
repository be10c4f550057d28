import type { RouteDefinition } from './router/matchRoute.ts';
import { siteConfig } from './siteConfig.ts';

/** The layout id of routes that show targeted banners (`VITE_BANNER_LAYOUT_ID`). */
export const TARGETED_BANNER_LAYOUT_ID = siteConfig.targetedBannerLayoutId;

/** Names of the site's routes. */
export type RouteName = 'home' | 'search' | 'product' | 'cart' | 'account' | 'careers' | 'signin' | 'authError';

/** Every route of the site, in match order. Routes are real URLs (history API). */
export const routes: readonly RouteDefinition<RouteName>[] = [
  { name: 'home', path: '/', layoutId: TARGETED_BANNER_LAYOUT_ID },
  { name: 'search', path: '/search', layoutId: 'search-results' },
  { name: 'product', path: '/products/:id', layoutId: 'product-detail' },
  { name: 'cart', path: '/cart', layoutId: 'commerce' },
  { name: 'account', path: '/account', layoutId: 'account', requiresSession: true },
  { name: 'careers', path: '/careers', layoutId: 'careers' },
  { name: 'signin', path: '/api/auth/signin', layoutId: 'auth' },
  { name: 'authError', path: '/api/auth/error', layoutId: 'auth' },
];
