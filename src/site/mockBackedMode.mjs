// The one name of the mock-backed mode, here in src so the site's settings check (siteEnv.ts) reads
// it without importing scripts/. A plain module: scripts run by plain Node import it too (they cannot
// import TypeScript).

/**
 * The mode whose settings are the mocks' (`.env.development`: mock keys, same-origin paths the
 * servers proxy to the mocks, loopback hosts): the mode `npm start` serves and `npm run build`
 * builds by default, and the only one whose settings may be mock values.
 */
export const MOCK_BACKED_MODE = /** @type {const} */ ('development');
