// What the tests of the site's settings check (src/site/siteEnv.ts) share: a deployed set of
// settings, and the notations of a GUID that must count as the same key.

/** A complete, valid set of deployed settings (none of them a development value). */
export const deployed: Readonly<Record<string, string>> = {
  VITE_PUBLIC_ORIGIN: 'https://www.aero.example',
  VITE_CONTENT_HOST: 'https://cd.aero.example',
  VITE_CONTENT_API_KEY: '{9A1B2C3D-4E5F-4A6B-8C7D-0E1F2A3B4C5D}',
  VITE_SEARCH_ENV: 'uat',
  VITE_SEARCH_HOST: '',
  VITE_SEARCH_CUSTOMER_KEY: '98765-4321000',
  VITE_SEARCH_API_KEY: 'uat-browser-key',
  VITE_ENGAGEMENT_CLIENT_KEY: 'uatClientKey',
  VITE_ENGAGEMENT_TARGET_URL: 'https://api.engage.aero.example',
  VITE_WEB_PERSONALIZATION_URL: 'https://d35vb5cccm4xzp.cloudfront.net',
  VITE_COMMERCE_REGION: 'usWest',
  VITE_COMMERCE_ENVIRONMENT: 'staging',
  VITE_COMMERCE_BASE_URL: '',
  VITE_COMMERCE_CLIENT_ID: '1F2E3D4C-5B6A-4798-8A9B-0C1D2E3F4A5B',
  VITE_CONSENT_SCRIPT_URL: 'https://cdn.consent.example/stub.js',
  VITE_CONSENT_DOMAIN_SCRIPT: 'abc-123-test',
  VITE_BANNER_LAYOUT_ID: '7c1d2e3f-campaign',
};

/**
 * Other notations of the same GUID, as a settings check must recognise them: its 32 hex digits
 * (lower case, no hyphens), its URN, and the `{0x…,0x…,0x…,{0x…,…}}` form of C and .NET code.
 */
export function guidNotations(guid: string): { hex: string; urn: string; braces: string } {
  const hex = guid.replace(/-/g, '').toLowerCase();
  const bytes = hex
    .slice(16)
    .match(/../g)!
    .map((b) => `0x${b}`)
    .join(',');
  return {
    hex,
    urn: `urn:uuid:${guid.toLowerCase()}`,
    braces: `{0x${hex.slice(0, 8)},0x${hex.slice(8, 12)},0x${hex.slice(12, 16)},{${bytes}}}`,
  };
}
