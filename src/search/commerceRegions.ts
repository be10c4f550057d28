/** The six commerce regions the commerce connector accepts (seed §9). */
export const commerceRegions = Object.freeze(['australiaEast', 'europeWest', 'japanEast', 'usEast', 'usWest', 'usWestQa'] as const);

/** One of the {@link commerceRegions}. */
export type CommerceRegion = (typeof commerceRegions)[number];

/**
 * The commerce connector's proxy origin for a region: `https://{region}-integrations.ordercloud.io`,
 * as the contract's server declares it (how the vendor turns a region into a host label is not verified).
 */
export function commerceHost(region: CommerceRegion): string {
  return `https://${region}-integrations.ordercloud.io`;
}
