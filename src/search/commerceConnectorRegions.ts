/**
 * The six regions the search layer's commerce connector accepts (seed §9). Named
 * apart from the commerce API's `commerceRegions`, a table of API hosts per region
 * and environment that means something else.
 */
export const commerceConnectorRegions = Object.freeze(['australiaEast', 'europeWest', 'japanEast', 'usEast', 'usWest', 'usWestQa'] as const);

/** One of the {@link commerceConnectorRegions}. */
export type CommerceConnectorRegion = (typeof commerceConnectorRegions)[number];

/**
 * The commerce connector's proxy origin for a region: `https://{region}-integrations.ordercloud.io`,
 * as the contract's server declares it (how the vendor turns a region into a host label is not verified).
 */
export function commerceHost(region: CommerceConnectorRegion): string {
  return `https://${region}-integrations.ordercloud.io`;
}
