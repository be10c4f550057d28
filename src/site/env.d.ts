/// <reference types="vite/client" />

/**
 * The site's build-time settings, one env file per Vite mode (`.env.development`,
 * `.env.uat`, `.env.production`; the build's environment overrides them). The
 * build refuses to start while a required one is missing or breaks its rule
 * (src/site/siteEnv.ts), so the page can read them as plain strings.
 */
interface ImportMetaEnv {
  /** Public origin of the site (scheme, host, port), for canonical URLs. */
  readonly VITE_PUBLIC_ORIGIN: string;
  /** Content platform host serving the layout and dictionary services; a same-origin path in development. */
  readonly VITE_CONTENT_HOST: string;
  /** Origin of the content platform's hosted page editor (its scripts load in edit mode); a same-origin path in development; empty: none. */
  readonly VITE_EDITOR_ORIGIN: string;
  /** Content platform API key (`sc_apikey`), a GUID. */
  readonly VITE_CONTENT_API_KEY: string;
  /** Search environment: dev, staging, uat, prod, prodEu or apse2. */
  readonly VITE_SEARCH_ENV: string;
  /** Host replacing the search environment's API domain; empty for the domain itself. */
  readonly VITE_SEARCH_HOST: string;
  /** Search customer key, digits-dash-digits. */
  readonly VITE_SEARCH_CUSTOMER_KEY: string;
  /** Search browser API key (public: it ships in pages). */
  readonly VITE_SEARCH_API_KEY: string;
  /** Engagement client key (public: it ships in pages). */
  readonly VITE_ENGAGEMENT_CLIENT_KEY: string;
  /** Engagement API target URL. */
  readonly VITE_ENGAGEMENT_TARGET_URL: string;
  /** Base URL of the web personalization script (`{base}/web-flow-libs/{client key}/web-version.min.js`). */
  readonly VITE_WEB_PERSONALIZATION_URL: string;
  /** Commerce region: australiaEast, europeWest, japanEast, usEast, usWest or usWestQa. */
  readonly VITE_COMMERCE_REGION: string;
  /** Commerce environment: prod, sandbox or staging. */
  readonly VITE_COMMERCE_ENVIRONMENT: string;
  /** Commerce API base URL replacing the region's host; empty for the region's host. */
  readonly VITE_COMMERCE_BASE_URL: string;
  /** The commerce buyer app's public client id (a GUID; public: it ships in pages), traded for a guest token for visitors without a session. */
  readonly VITE_COMMERCE_CLIENT_ID: string;
  /** URL of the consent platform's script. */
  readonly VITE_CONSENT_SCRIPT_URL: string;
  /** The consent platform's domain script id (`data-domain-script`). */
  readonly VITE_CONSENT_DOMAIN_SCRIPT: string;
  /** The layout id of the routes that show targeted banners. */
  readonly VITE_BANNER_LAYOUT_ID: string;
}

// jsdom ships no types; the prerender uses only its window (the server-side sanitizer's DOM).
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window;
  }
}
