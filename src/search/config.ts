// Where the layer sends its calls and the reference SDK's constants: environments,
// the commerce connector's regions, and the validation of the configuration.
import { SearchError, searchMessages } from './errors.ts';
import type { SearchLogger } from './types.ts';

/** The reference SDK's constants for the widget layer. */
export const searchConstants = Object.freeze({
  /** Accumulating debounce before the page's widget requests go out together. */
  REQUEST_DEBOUNCE_MS: 250,
  /** Longest a hold of the batcher (widgets mounting, a page not ready yet) keeps requests back if never released. Not in the reference. */
  BATCH_HOLD_LIMIT_MS: 5000,
  /** Debounce of request, page-context and commerce-context changes before a refetch. */
  UPDATE_DEBOUNCE_MS: 50,
  /** Share of a widget that must be in view to count as appeared (fires once). */
  VISIBILITY_THRESHOLD: 0.2,
  /** How long unused widget data stays cached (React Query `gcTime`). */
  CACHE_TIME_MS: 300_000,
  /** Stale time of widget data read through Suspense. */
  SUSPENSE_STALE_TIME_MS: 1000,
  /** Suggestions shown by a preview search unless told otherwise. */
  SUGGESTIONS_MAX: 3,
  /** Device sent in the browser context unless told otherwise. */
  DEFAULT_DEVICE: 'pc',
  /** Results per page of a search-results widget unless told otherwise. */
  ITEMS_PER_PAGE: 24,
  /** Items of a preview search unless told otherwise. */
  PREVIEW_ITEMS: 4,
  /** Default environment. */
  DEFAULT_ENV: 'prod',
  /** Default commerce region of the commerce connector. */
  DEFAULT_COMMERCE_REGION: 'usWest',
});

/**
 * API domain per environment. Where the current (v3) service has a domain it is
 * used; dev and uat only exist on the earlier generation's domains,
 * which is also what the contract's servers list.
 */
export const searchEnvironments = Object.freeze({
  dev: 'https://api-dev.rfksrv.com',
  staging: 'https://discover-staging.sitecore-staging.cloud',
  uat: 'https://api-uat.rfksrv.com',
  prod: 'https://discover.sitecorecloud.io',
  prodEu: 'https://discover-euc1.sitecorecloud.io',
  apse2: 'https://discover-apse2.sitecorecloud.io',
});

/** One of `dev, staging, uat, prod, prodEu, apse2`. */
export type SearchEnv = keyof typeof searchEnvironments;

/**
 * The six regions the search layer's commerce connector accepts. Named
 * apart from the commerce API's `commerceRegions`, a table of API hosts per region
 * and environment that means something else.
 */
export const commerceConnectorRegions = Object.freeze([
  'australiaEast',
  'europeWest',
  'japanEast',
  'usEast',
  'usWest',
  'usWestQa',
] as const);

/** One of the {@link commerceConnectorRegions}. */
export type CommerceConnectorRegion = (typeof commerceConnectorRegions)[number];

/**
 * The commerce connector's proxy origin for a region: `https://{region}-integrations.ordercloud.io`,
 * as the contract's server declares it (how the vendor turns a region into a host label is not verified).
 */
export function commerceHost(region: CommerceConnectorRegion): string {
  return `https://${region}-integrations.ordercloud.io`;
}

/** What decides where the layer sends its calls (a subset of the client's config). */
export interface EndpointConfig {
  /** Environment: `dev, staging, uat, prod, prodEu, apse2`. Defaults to `prod`. */
  env?: SearchEnv;
  /** Customer key, digits-dash-digits (`11111-2222222`). Without it the commerce connector is used. Defaults to none. */
  customerKey?: string;
  /** Api key, sent raw in `Authorization`. Defaults to none. */
  apiKey?: string;
  /** Origin that serves `/api/discover/v2` and `/api/event/v4/publish` when there is no api key. Defaults to none. */
  serviceHost?: string;
  /** Deprecated and ignored: only logs `Parameter "useToken" has been deprecated`. */
  useToken?: unknown;
  /** The search domain id, required by the commerce connector. Defaults to none. */
  discoverDomainId?: string;
  /** Region of the commerce connector's proxy. Defaults to `usWest`. */
  commerceRegion?: CommerceConnectorRegion;
  /** Replaces the env's API domain or the connector's proxy origin (mocks, proxies). Defaults to none. */
  baseUrl?: string;
}

/** Where and how the layer calls the service. */
export interface SearchEndpoints {
  /** `apiKey` (env domain + api key), `serviceHost` (no key sent) or `commerce` (bearer identity token). */
  mode: 'apiKey' | 'serviceHost' | 'commerce';
  /** The key path segment: the part of the customer key after the dash, or the discover domain id. */
  key: string;
  /** URL of the search POST. */
  searchUrl: string;
  /** URL of the event POST; `null` when nothing can authorize events (connector without key or host). */
  eventUrl: string | null;
  /** The api key to send raw in `Authorization` with the calls to the env domain. */
  apiKey?: string;
}

const CUSTOMER_KEY = /^(\d+)-(\d+)$/;

/**
 * Validates the configuration and derives the call URLs. Throws with the
 * reference SDK's messages: an invalid env, a customer key that is not
 * digits-dash-digits (the whole string), neither api key nor service host, a
 * commerce connector without `discoverDomainId`. Warns once for `useToken`.
 */
export function resolveSearchEndpoints(config: EndpointConfig, logger: SearchLogger): SearchEndpoints {
  const env = config.env ?? 'prod';
  if (!Object.hasOwn(searchEnvironments, env))
    throw new SearchError('INVALID_ENV', searchMessages.invalidEnv(String(env)));
  if (config.useToken !== undefined) logger.warn(searchMessages.useTokenDeprecated);
  const serviceHost = config.serviceHost ? origin(config.serviceHost, 'serviceHost') : undefined;
  const base = config.baseUrl ? origin(config.baseUrl, 'baseUrl') : undefined;
  const domain = base ?? searchEnvironments[env];
  const apiKey = config.apiKey || undefined;
  if (config.customerKey == null) return commerceEndpoints(config, { base, domain, apiKey, serviceHost });
  const key = CUSTOMER_KEY.exec(String(config.customerKey))?.[2];
  if (key === undefined)
    throw new SearchError('INVALID_CUSTOMER_KEY', searchMessages.invalidCustomerKey(String(config.customerKey)));
  if (apiKey) {
    return {
      mode: 'apiKey',
      key,
      apiKey,
      searchUrl: `${domain}/discover/v2/${key}`,
      eventUrl: `${domain}/event/${key}/v4/publish`,
    };
  }
  if (serviceHost) {
    return {
      mode: 'serviceHost',
      key,
      searchUrl: `${serviceHost}/api/discover/v2`,
      eventUrl: `${serviceHost}/api/event/v4/publish`,
    };
  }
  throw new SearchError('MISSING_API_KEY', searchMessages.missingApiKey);
}

function commerceEndpoints(
  config: EndpointConfig,
  hosts: { base?: string; domain: string; apiKey?: string; serviceHost?: string },
): SearchEndpoints {
  const id = config.discoverDomainId;
  if (typeof id !== 'string' || id.trim() === '')
    throw new SearchError('MISSING_DISCOVER_DOMAIN_ID', searchMessages.missingDiscoverDomainId);
  const region = config.commerceRegion ?? 'usWest';
  if (!commerceConnectorRegions.includes(region))
    throw new SearchError('INVALID_COMMERCE_REGION', searchMessages.invalidCommerceRegion(String(region)));
  const key = encodeURIComponent(id);
  const searchUrl = `${hosts.base ?? commerceHost(region)}/api/v1/search/${key}`;
  // Events have no connector path: they go to the service host, or to the env domain when an api key exists.
  const eventUrl = hosts.serviceHost
    ? `${hosts.serviceHost}/api/event/v4/publish`
    : hosts.apiKey
      ? `${hosts.domain}/event/${key}/v4/publish`
      : null;
  return {
    mode: 'commerce',
    key,
    searchUrl,
    eventUrl,
    ...(hosts.apiKey && !hosts.serviceHost ? { apiKey: hosts.apiKey } : {}),
  };
}

function origin(value: string, field: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new SearchError(
      'INVALID_URL',
      `Invalid ${field}: "${value}". It should be an http(s) URL, e.g. https://www.example.com`,
    );
  }
  return value.replace(/\/+$/, '');
}
