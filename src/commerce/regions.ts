// Where a commerce client sends: the commerce platform's region table and the base
// address a client's region, environment or explicit baseUrl resolves to.
/** The commerce platform's regions, by the names the search service's commerce connector uses too. */
export const commerceRegionNames = [
  'australiaEast',
  'europeWest',
  'japanEast',
  'usEast',
  'usWest',
  'usWestQa',
] as const;
/** A commerce region name. */
export type CommerceRegion = (typeof commerceRegionNames)[number];

/** The commerce environments: production, sandbox and staging. */
export const commerceEnvironments = ['prod', 'sandbox', 'staging'] as const;
/** A commerce environment name. */
export type CommerceEnvironment = (typeof commerceEnvironments)[number];

/** Hosts per environment (no version segment); a region may lack some. */
export type CommerceHosts = Partial<Record<CommerceEnvironment, string>>;

/**
 * The API host of every region and environment. Europe West is `westeurope-…`.
 * `usWestQa` has no public host: configure it with `regionHosts` or `baseUrl`, never a guess.
 */
export const commerceRegions: Readonly<Record<CommerceRegion, Readonly<CommerceHosts>>> = {
  australiaEast: {
    prod: 'https://australiaeast-production.ordercloud.io',
    sandbox: 'https://australiaeast-sandbox.ordercloud.io',
    staging: 'https://australiaeast-staging.ordercloud.io',
  },
  europeWest: {
    prod: 'https://westeurope-production.ordercloud.io',
    sandbox: 'https://westeurope-sandbox.ordercloud.io',
    staging: 'https://westeurope-staging.ordercloud.io',
  },
  japanEast: {
    prod: 'https://japaneast-production.ordercloud.io',
    sandbox: 'https://japaneast-sandbox.ordercloud.io',
    staging: 'https://japaneast-staging.ordercloud.io',
  },
  usEast: {
    prod: 'https://useast-production.ordercloud.io',
    sandbox: 'https://useast-sandbox.ordercloud.io',
    staging: 'https://useast-staging.ordercloud.io',
  },
  usWest: {
    prod: 'https://api.ordercloud.io',
    sandbox: 'https://sandboxapi.ordercloud.io',
    staging: 'https://stagingapi.ordercloud.io',
  },
  usWestQa: {},
};

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
    throw new Error(
      `Unknown commerce environment "${environment}": expected one of ${commerceEnvironments.join(', ')}`,
    );
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
