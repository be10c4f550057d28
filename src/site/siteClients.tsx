import { createContext, useContext, useState, type ReactNode } from 'react';
import type { CommerceClient } from '../commerce/index.ts';
import { type ContentClient, createContentClient } from '../content/index.ts';
import { ContentProvider } from '../content/react.tsx';
import { createOneconnectClient, type OneconnectClient } from '../oneconnect/index.ts';
import { OneconnectProvider } from '../oneconnect/react.tsx';
import type { SearchClient } from '../search/index.ts';
import { absolute, siteConfig } from './siteConfig.ts';

// The API clients of one page: created once by the App, shared through context; the commerce and
// search clients are created on first use by the parts of the site that load on demand.

/** The API clients of one page, created once by the App (never module-level). */
export interface SiteClients {
  /** The content platform: every page's route comes from its layout service. */
  content: ContentClient;
  oneconnect: OneconnectClient;
  /**
   * The page's search client, created by the first search widget that renders (the search layer
   * loads on demand with the widgets: src/site/searchWidgets.tsx).
   */
  search?: SearchClient;
  /**
   * The commerce client of the buyer whose session's commerce token is `accessToken`, created on
   * first use: only the product and cart pages need it, so its 421-operation table stays out of the
   * first page load. Another buyer gets another client (and so other query keys). The caller passes
   * the token it renders with, so a page never sends with a client of the buyer before. Without a
   * token (signed out, or the session routes failing or silent) the client is the guest's: it sends
   * the page's one guest token (`VITE_COMMERCE_CLIENT_ID`'s), so products show to every visitor.
   */
  loadCommerce(accessToken?: string): Promise<CommerceClient>;
}

type CommerceApi = typeof import('../commerce/index.ts');
let commerceApi: CommerceApi | undefined;
let commerceApiLoading: Promise<CommerceApi> | undefined;

/**
 * Loads the commerce client's code (once per page): the commerce pages load it before a
 * prerendered page hydrates, and a buyer's client is then created at once.
 */
export function preloadCommerce(): Promise<CommerceApi> {
  commerceApiLoading ??= import('../commerce/index.ts').then((api) => (commerceApi = api));
  return commerceApiLoading;
}

// A promise React's `use` reads without suspending: settled, with the status fields React itself
// sets on the promises it has seen. A buyer change then re-renders the commerce pages in place.
function fulfilled<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled', value });
}

/**
 * Creates the page's API clients. The commerce client takes the signed-in buyer's commerce token from
 * the session (kept in memory only) through `loadCommerce`: it is wired here because API folders never
 * import each other.
 */
export function createSiteClients(): SiteClients {
  // One commerce client per signed-in buyer: a client's cacheKey is in every commerce query key, so
  // a new buyer (sign-in, sign-out, another account) never reads the previous buyer's cached answers.
  let commerce: { token: string; client: Promise<CommerceClient> } | undefined;
  // One guest token source per page: every guest client of the page shares its token and its request.
  let guestToken: (() => Promise<string>) | undefined;
  const loadCommerce = (accessToken?: string) => {
    const token = accessToken ?? '';
    if (commerce?.token !== token) {
      const create = ({ createCommerceClient, createGuestTokenSource }: CommerceApi) => {
        const location = {
          region: siteConfig.commerceRegion,
          environment: siteConfig.commerceEnvironment,
          ...(siteConfig.commerceBaseUrl ? { baseUrl: absolute(siteConfig.commerceBaseUrl) } : {}),
        };
        guestToken ??= createGuestTokenSource({
          ...location,
          clientId: siteConfig.commerceClientId,
          scope: siteConfig.commerceGuestScope,
          timeoutMs: siteConfig.deadlines.commerce,
        });
        return createCommerceClient({
          ...location,
          accessToken: token || guestToken,
          timeoutMs: siteConfig.deadlines.commerce,
        });
      };
      commerce = { token, client: commerceApi ? fulfilled(create(commerceApi)) : preloadCommerce().then(create) };
    }
    return commerce.client;
  };
  const content = createContentClient({
    baseUrl: siteConfig.contentHost,
    apiKey: siteConfig.contentApiKey,
    site: siteConfig.contentSite,
    language: siteConfig.language,
    timeoutMs: siteConfig.deadlines.content,
  });
  return { content, oneconnect: createOneconnectClient({ timeoutMs: siteConfig.deadlines.oneconnect }), loadCommerce };
}

/** The page's API clients, for pages that load a client on demand. */
export const SiteClientsContext = createContext<SiteClients | null>(null);

/**
 * Creates the page's API clients once and provides them: to the site ({@link useSiteClients}) and
 * to the content and banner bindings. Commerce pages pick the buyer's client with the session's
 * token they render with (`loadCommerce(accessToken)`).
 */
export function SiteClientsProvider({ children }: { children: ReactNode }) {
  const [clients] = useState(createSiteClients);
  return (
    <SiteClientsContext.Provider value={clients}>
      <ContentProvider client={clients.content}>
        <OneconnectProvider client={clients.oneconnect}>{children}</OneconnectProvider>
      </ContentProvider>
    </SiteClientsContext.Provider>
  );
}

/** What the page's search widgets send with their requests: tracking consent, the page's path and locale. */
interface SiteSearchSettings {
  analytics: boolean;
  pageUri: string;
  /** The page's locale (`de-DE`): the requests' `locale` (`language`, `country`). Defaults to none (the document's language). */
  locale?: string;
  /**
   * False while the page's content is still hydrating and the header's search widget waits for it:
   * the page's widgets hold their batch until it has mounted, so both leave in one request. Defaults to true.
   */
  searchReady?: boolean;
}

/** The search settings of the page shown (the shell provides them; the widgets load later). */
export const SiteSearchContext = createContext<SiteSearchSettings>({ analytics: false, pageUri: '/' });

/** The page's API clients; throws with the fix outside the App. */
export function useSiteClients(): SiteClients {
  const clients = useContext(SiteClientsContext);
  if (!clients) throw new Error('No SiteClientsContext found: render pages inside <App>');
  return clients;
}
