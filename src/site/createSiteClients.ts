import { createCommerceClient, type CommerceClient } from '../commerce/index.ts';
import { createOneconnectClient, type OneconnectClient } from '../oneconnect/index.ts';
import { createSearchClient, type SearchClient } from '../search/index.ts';
import { absolute, siteConfig } from './siteConfig.ts';

/** The API clients of one page, created once by the App (never module-level). */
export interface SiteClients {
  commerce: CommerceClient;
  oneconnect: OneconnectClient;
  search: SearchClient;
}

/**
 * Creates the page's API clients. `getAccessToken` reads the signed-in buyer's
 * commerce token from the session (kept in memory only); the search layer gets
 * the same function for its commerce connector, wired here because API folders
 * never import each other.
 */
export function createSiteClients(getAccessToken: () => string | undefined): SiteClients {
  const commerce = createCommerceClient({ baseUrl: absolute(siteConfig.commerceBaseUrl), accessToken: () => getAccessToken() ?? '' });
  const search = createSearchClient({
    customerKey: siteConfig.searchCustomerKey,
    apiKey: siteConfig.searchApiKey,
    baseUrl: window.location.origin,
    trackingConsent: false,
  });
  return { commerce, oneconnect: createOneconnectClient(), search };
}
