import type { CommerceEnvironment, CommerceRegion } from '../commerce/regions.ts';
import type { SearchEnv } from '../search/config.ts';

/**
 * The site's settings for the environment it was built for: the Vite mode's env
 * file (`.env.development` points at the mocks and local stand-ins; `.env.uat`
 * and `.env.production` leave every value to the deployment's environment). The
 * build checks every variable first (src/site/siteEnv.ts), so nothing here falls
 * back to a default. Same-origin paths (development) become absolute with
 * {@link absolute}. Keys here are public browser keys (the search api key, the
 * engagement client key and the content API key ship in pages); no secret
 * belongs in this file.
 */
export const siteConfig = {
  /** The site's name: the brand, `og:site_name`, the JSON-LD organization. */
  siteName: 'Aerospace & Defence',
  /** Public origin of the site, for canonical URLs. */
  publicOrigin: import.meta.env.VITE_PUBLIC_ORIGIN,
  /** Host of the content platform's layout and dictionary services. */
  contentHost: import.meta.env.VITE_CONTENT_HOST,
  /**
   * Origin of the content platform's hosted page editor (`VITE_EDITOR_ORIGIN`; a same-origin path in
   * development): in edit mode the page loads the editor's scripts from there only. Undefined: none load.
   */
  editorOrigin: import.meta.env.VITE_EDITOR_ORIGIN || undefined,
  /** The content platform's API key (`sc_apikey`). */
  contentApiKey: import.meta.env.VITE_CONTENT_API_KEY,
  /** URL of the consent platform's script. */
  consentScriptUrl: import.meta.env.VITE_CONSENT_SCRIPT_URL,
  /** The consent platform's domain script id. */
  consentDomainScript: import.meta.env.VITE_CONSENT_DOMAIN_SCRIPT,
  /** Commerce region and environment, which pick the API host. */
  commerceRegion: import.meta.env.VITE_COMMERCE_REGION as CommerceRegion,
  commerceEnvironment: import.meta.env.VITE_COMMERCE_ENVIRONMENT as CommerceEnvironment,
  /** Commerce API base URL replacing the region's host (the mock in development); undefined for the region's host. */
  commerceBaseUrl: import.meta.env.VITE_COMMERCE_BASE_URL || undefined,
  /** The commerce buyer app's public client id: visitors without a session browse products with its guest token. */
  commerceClientId: import.meta.env.VITE_COMMERCE_CLIENT_ID,
  /** The roles a guest token asks for: a shopper's, enough to read products and prices. */
  commerceGuestScope: 'Shopper',
  /** The engagement service's target URL. */
  engagementTargetUrl: import.meta.env.VITE_ENGAGEMENT_TARGET_URL,
  /** The engagement client key. */
  engagementClientKey: import.meta.env.VITE_ENGAGEMENT_CLIENT_KEY,
  /** Base URL of the web personalization script (web personalization is on in every environment). */
  webPersonalizationUrl: import.meta.env.VITE_WEB_PERSONALIZATION_URL,
  /** The site's engagement settings, the same in every environment: point of sale ngc, UTM parameters on. */
  pointOfSale: 'ngc',
  includeUtmParameters: true,
  /** Search environment, which picks the API domain. */
  searchEnv: import.meta.env.VITE_SEARCH_ENV as SearchEnv,
  /** Host replacing the search environment's API domain (the site's origin, proxied to the mock, in development); undefined for the domain. */
  searchHost: import.meta.env.VITE_SEARCH_HOST || undefined,
  /** Search service: customer key and browser api key, separate for the dev/UAT hosts and for production. */
  searchCustomerKey: import.meta.env.VITE_SEARCH_CUSTOMER_KEY,
  searchApiKey: import.meta.env.VITE_SEARCH_API_KEY,
  /** Widget ids the mock answers: recommendation, preview search, search results. */
  widgets: { recommendation: 'rfkid_1', previewSearch: 'rfkid_6', searchResults: 'rfkid_7' },
  /** The layout id of the routes that show targeted banners (compared with the route's `layoutId` from the layout service). */
  targetedBannerLayoutId: import.meta.env.VITE_BANNER_LAYOUT_ID,
  /** The session client's base path (the session protocol's /api/auth). */
  authBasePath: '/api/auth',
  /** Where a sign-in reply may send a visitor besides this site: the single sign-on provider's sign-in page. */
  authRedirectOrigins: ['https://login.microsoftonline.com'],
  /** The site name sent as `sc_site` (one delivery host may serve several sites). */
  contentSite: 'aero',
  /** The content language (`sc_lang`). */
  language: 'en',
  /**
   * How long each wait lasts (ms, body included), by the name of what is waited for: the site's
   * services (their API folder and mock), then the site's own files and its servers. Each number is
   * stated here only: code, tests and manuals read it from here. Past a visitor's deadline the part
   * of the page that waited says so, with a retry; the libraries' own defaults (up to 60 s) are not a
   * page's patience. Each is several times what a phone on a slow network needs (150 ms round trip,
   * 1.6 Mbit/s):
   * - `auth`: the session, a few hundred bytes from the site's own host (well under a second): the
   *   account page and the cart say they cannot check the session rather than spin.
   * - `content`: a route's layout (10–30 KB) on a client-side navigation (pages load prerendered);
   *   past it the prerendered page itself is loaded instead.
   * - `commerce`: a product or cart from the marketplace's region (cross-region calls take 1–2 s).
   * - `search`: a widget batch (results, recommendations, suggestions).
   * - `oneconnect`: the segment and banner calls; nothing waits on screen for them (their tray is out
   *   of the page's flow), but a hung call must not hold the banner flow open.
   * - `engagement`: a personalization decision; the editor's fallback text shows meanwhile and stays
   *   if it passes. Nothing else of a page waits on the events service.
   * - `staticPages`: the build's list of prerendered pages (staticPages.ts), read after a failed
   *   navigation: the visitor is already waiting for a page.
   * - `editingContent`: the editing host's layout and dictionary for an editor's page
   *   (editingRender.tsx): a content platform's authoring host is slower than its delivery edge.
   * - `prerenderContent`: each layout or route list the build asks for (entry-server.tsx): nobody
   *   waits on screen, but a hung host must not hold the build forever.
   * The fault suite (tests/browser/faults.test.ts) reads the services' from here.
   */
  deadlines: {
    auth: 5_000,
    content: 6_000,
    commerce: 8_000,
    search: 6_000,
    oneconnect: 5_000,
    engagement: 3_000,
    staticPages: 3_000,
    editingContent: 15_000,
    prerenderContent: 60_000,
  },
} as const;

/**
 * An absolute URL for a same-origin path or an absolute URL (service clients need one); no trailing
 * slash. Paths resolve against the page's origin, or the public origin where there is no page
 * (the prerender).
 */
export function absolute(path: string): string {
  const base = typeof location === 'undefined' ? siteConfig.publicOrigin : location.origin;
  return new URL(path, base).href.replace(/\/$/, '');
}
