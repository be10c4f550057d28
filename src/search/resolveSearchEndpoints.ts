import { commerceHost, commerceConnectorRegions, type CommerceConnectorRegion } from './commerceConnectorRegions.ts';
import { searchEnvironments, type SearchEnv } from './searchEnvironments.ts';
import { SearchError, searchMessages } from './errors.ts';
import type { SearchLogger } from './types.ts';

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
 * specification's messages: an invalid env, a customer key that is not
 * digits-dash-digits (the whole string), neither api key nor service host, a
 * commerce connector without `discoverDomainId`. Warns once for `useToken`.
 */
export function resolveSearchEndpoints(config: EndpointConfig, logger: SearchLogger): SearchEndpoints {
  const env = config.env ?? 'prod';
  if (!Object.hasOwn(searchEnvironments, env)) throw new SearchError('INVALID_ENV', searchMessages.invalidEnv(String(env)));
  if (config.useToken !== undefined) logger.warn(searchMessages.useTokenDeprecated);
  const serviceHost = config.serviceHost ? origin(config.serviceHost, 'serviceHost') : undefined;
  const base = config.baseUrl ? origin(config.baseUrl, 'baseUrl') : undefined;
  const domain = base ?? searchEnvironments[env];
  const apiKey = config.apiKey || undefined;
  if (config.customerKey == null) return commerceEndpoints(config, { base, domain, apiKey, serviceHost });
  const key = CUSTOMER_KEY.exec(String(config.customerKey))?.[2];
  if (key === undefined) throw new SearchError('INVALID_CUSTOMER_KEY', searchMessages.invalidCustomerKey(String(config.customerKey)));
  if (apiKey) {
    return { mode: 'apiKey', key, apiKey, searchUrl: `${domain}/discover/v2/${key}`, eventUrl: `${domain}/event/${key}/v4/publish` };
  }
  if (serviceHost) {
    return { mode: 'serviceHost', key, searchUrl: `${serviceHost}/api/discover/v2`, eventUrl: `${serviceHost}/api/event/v4/publish` };
  }
  throw new SearchError('MISSING_API_KEY', searchMessages.missingApiKey);
}

function commerceEndpoints(
  config: EndpointConfig,
  hosts: { base?: string; domain: string; apiKey?: string; serviceHost?: string },
): SearchEndpoints {
  const id = config.discoverDomainId;
  if (typeof id !== 'string' || id.trim() === '') throw new SearchError('MISSING_DISCOVER_DOMAIN_ID', searchMessages.missingDiscoverDomainId);
  const region = config.commerceRegion ?? 'usWest';
  if (!commerceConnectorRegions.includes(region)) throw new SearchError('INVALID_COMMERCE_REGION', searchMessages.invalidCommerceRegion(String(region)));
  const key = encodeURIComponent(id);
  const searchUrl = `${hosts.base ?? commerceHost(region)}/api/v1/search/${key}`;
  // Events have no connector path: they go to the service host, or to the env domain when an api key exists.
  const eventUrl = hosts.serviceHost
    ? `${hosts.serviceHost}/api/event/v4/publish`
    : hosts.apiKey
      ? `${hosts.domain}/event/${key}/v4/publish`
      : null;
  return { mode: 'commerce', key, searchUrl, eventUrl, ...(hosts.apiKey && !hosts.serviceHost ? { apiKey: hosts.apiKey } : {}) };
}

function origin(value: string, field: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new SearchError('INVALID_URL', `Invalid ${field}: "${value}". It should be an http(s) URL, e.g. https://www.example.com`);
  }
  return value.replace(/\/+$/, '');
}
