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
   * The commerce client, created on first use: only the product and cart pages
   * need it, so its 421-operation table stays out of the first page load.
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
    baseUrl: window.location.origin,
    trackingConsent: false,
  });
  let commerce: Promise<CommerceClient> | undefined;
  const loadCommerce = () =>
    (commerce ??= import('../commerce/index.ts').then(({ createCommerceClient }) =>
      createCommerceClient({ baseUrl: absolute(siteConfig.commerceBaseUrl), accessToken: () => getAccessToken() ?? '' }),
    ));
  const content = createContentClient({
    baseUrl: siteConfig.contentBaseUrl,
    apiKey: siteConfig.contentApiKey,
    site: siteConfig.contentSite,
    language: siteConfig.language,
  });
  return { content, oneconnect: createOneconnectClient(), search, loadCommerce };
}
