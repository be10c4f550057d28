/** The commerce regions of the specification, in its order. */
export const commerceRegionNames = ['australiaEast', 'europeWest', 'japanEast', 'usEast', 'usWest', 'usWestQa'] as const;
/** A commerce region name. */
export type CommerceRegion = (typeof commerceRegionNames)[number];

/** The commerce environments: production, sandbox and staging. */
export const commerceEnvironments = ['prod', 'sandbox', 'staging'] as const;
/** A commerce environment name. */
export type CommerceEnvironment = (typeof commerceEnvironments)[number];

/** Hosts per environment (no version segment); a region may lack some. */
export type CommerceHosts = Partial<Record<CommerceEnvironment, string>>;

/**
 * The API host of every region and environment (reference §1). Europe West is `westeurope-…`.
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
