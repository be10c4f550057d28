import {
  commerceEnvironments,
  commerceRegionNames,
  commerceRegions,
  type CommerceEnvironment,
  type CommerceHosts,
  type CommerceRegion,
} from './commerceRegions.ts';

/** What picks the API's base address. */
export interface CommerceLocation {
  /** Region of the marketplace. Defaults to `'usWest'`. */
  region?: CommerceRegion;
  /** Environment within the region. Defaults to `'prod'`. */
  environment?: CommerceEnvironment;
  /** Hosts (no version segment) that replace or add to the region table, e.g. `{ usWestQa: { prod: 'https://…' } }`. Defaults to none. */
  regionHosts?: Partial<Record<CommerceRegion, CommerceHosts>>;
  /** Full base address including the version (`https://api.ordercloud.io/v1`) or a mock's address; overrides region and environment. Defaults to none. */
  baseUrl?: string;
}

/**
 * The base address of every call: `baseUrl` when given, else the region table's host plus `/v1`.
 * Throws, listing the valid names, for an unknown region or environment, and for a region
 * without a host for that environment (`usWestQa` unless configured).
 */
export function resolveCommerceBaseUrl(location: CommerceLocation = {}): string {
  const { region = 'usWest', environment = 'prod', regionHosts, baseUrl } = location;
  if (!(commerceRegionNames as readonly string[]).includes(region)) {
    throw new Error(`Unknown commerce region "${region}": expected one of ${commerceRegionNames.join(', ')}`);
  }
  if (!(commerceEnvironments as readonly string[]).includes(environment)) {
    throw new Error(`Unknown commerce environment "${environment}": expected one of ${commerceEnvironments.join(', ')}`);
  }
  if (baseUrl) return baseUrl.replace(/\/+$/, '');
  const host = regionHosts?.[region]?.[environment] ?? commerceRegions[region][environment];
  if (!host) {
    throw new Error(
      `Commerce region "${region}" has no public host for environment "${environment}": ` +
        `pass baseUrl, or regionHosts: { ${region}: { ${environment}: 'https://…' } }`,
    );
  }
  return `${host.replace(/\/+$/, '')}/v1`;
}
