/**
 * Where the site's services live. In development and preview these are
 * same-origin paths that Vite proxies to the Prism mocks (vite.config.ts); a
 * deployment sets the VITE_* variables at build time. Keys here are public
 * browser keys (the search api key and the engagement client key are meant to
 * ship in pages); no secret belongs in this file.
 */
export const siteConfig = {
  consentScriptUrl: import.meta.env.VITE_CONSENT_SCRIPT_URL ?? '/consent-stub.js',
  consentDomainScript: import.meta.env.VITE_CONSENT_DOMAIN_SCRIPT,
  /** Base of the commerce API (the mock serves it at the root of /commerce-api). */
  commerceBaseUrl: '/commerce-api',
  /** The engagement service's target URL (the mock behind /engage-api). */
  engagementTargetUrl: '/engage-api',
  /** Engagement settings of the specification: point of sale ngc, UTM parameters on, web personalization on. */
  engagementClientKey: 'pqsNGC4v7yD1x0wTbq2LmE9aKjR3sWfH',
  pointOfSale: 'ngc',
  /** Search service: customer key and browser api key (mock values in development). */
  searchCustomerKey: '11111-2222222',
  searchApiKey: 'dev-browser-api-key',
  /** Widget ids the mock answers: recommendation, preview search, search results. */
  widgets: { recommendation: 'rfkid_1', previewSearch: 'rfkid_6', searchResults: 'rfkid_7' },
  /** The session client's base path (the specification's /api/auth). */
  authBasePath: '/api/auth',
  /** The content platform's delivery host (the mock behind /content-api) and its public delivery key (`sc_apikey`). */
  contentBaseUrl: '/content-api',
  contentApiKey: '2E7D5A8C-4B1F-4C9A-9D3E-6F0A1B2C3D4E',
  /** The site name sent as `sc_site` (one delivery host may serve several sites). */
  contentSite: 'aero',
  /** The content language (`sc_lang`). */
  language: 'en',
  /** The layout id of routes that show targeted banners (the route's `layoutId` from the layout service is compared with it). */
  targetedBannerLayoutId: import.meta.env.VITE_BANNER_LAYOUT_ID ?? '4f5a1c2e-landing',
} as const;

/** An absolute URL for a same-origin path (service clients need one). */
export function absolute(path: string): string {
  return new URL(path, window.location.origin).href.replace(/\/$/, '');
}
