import type { CommerceClient } from '../commerce/index.ts';
import { createContentClient, type ContentClient } from '../content/index.ts';
import { createOneconnectClient, type OneconnectClient } from '../oneconnect/index.ts';
import { createSearchClient, type SearchClient } from '../search/index.ts';
import { absolute, siteConfig } from './siteConfig.ts';

/** The API clients of one page, created once by the App (never module-level). */
export interface SiteClients {
  /** The content platform: every page's route comes from its layout service. */
  content: ContentClient;
  oneconnect: OneconnectClient;
  search: SearchClient;
  /**
   * The commerce client of the buyer signed in now, created on first use: only the
   * product and cart pages need it, so its 421-operation table stays out of the
   * first page load. Another buyer gets another client (and so other query keys).
   */
  loadCommerce(): Promise<CommerceClient>;
}

/**
 * Creates the page's API clients. `getAccessToken` reads the signed-in buyer's
 * commerce token from the session (kept in memory only); it is wired here
 * because API folders never import each other.
 */
export function createSiteClients(getAccessToken: () => string | undefined): SiteClients {
  const search = createSearchClient({
    customerKey: siteConfig.searchCustomerKey,
    apiKey: siteConfig.searchApiKey,
    env: siteConfig.searchEnv,
    ...(siteConfig.searchHost ? { baseUrl: absolute(siteConfig.searchHost) } : {}),
    trackingConsent: false,
  });
  // One commerce client per signed-in buyer: a client's cacheKey is in every commerce query key, so
  // a new buyer (sign-in, sign-out, another account) never reads the previous buyer's cached answers.
  let commerceModule: Promise<typeof import('../commerce/index.ts')> | undefined;
  let commerce: { token: string; client: Promise<CommerceClient> } | undefined;
  const loadCommerce = () => {
    const token = getAccessToken() ?? '';
    if (commerce?.token !== token) {
      const client = (commerceModule ??= import('../commerce/index.ts')).then(({ createCommerceClient }) =>
        createCommerceClient({
          region: siteConfig.commerceRegion,
          environment: siteConfig.commerceEnvironment,
          ...(siteConfig.commerceBaseUrl ? { baseUrl: absolute(siteConfig.commerceBaseUrl) } : {}),
          accessToken: token,
        }),
      );
      commerce = { token, client };
    }
    return commerce.client;
  };
  const content = createContentClient({
    baseUrl: siteConfig.contentHost,
    apiKey: siteConfig.contentApiKey,
    site: siteConfig.contentSite,
    language: siteConfig.language,
  });
  return { content, oneconnect: createOneconnectClient(), search, loadCommerce };
}
