// The modules `npm run mutate` mutation-tests (scripts/mutate.mjs): the code whose defects visitors
// and editors feel, each with the fast jsdom test files that exercise it (never the Chromium suites
// or the contract suites, which would make a run take hours). A file named here that uses Prism
// starts the run's one shared mock on first use (tests/support/sharedResources.ts).

/** @typedef {{ mutate: string[], tests: string[] }} MutationModule */

/** @type {Record<string, MutationModule>} */
export const mutationModules = {
  urlGuard: {
    mutate: ['src/core/urlGuard.ts'],
    tests: ['tests/core/urlGuard.test.ts', 'tests/core/urlGuardNoPage.test.ts'],
  },
  // The rest of src/core in two halves, so each run takes minutes, not half an hour.
  transport: {
    mutate: [
      'src/core/transport.ts',
      'src/core/deadline.ts',
      'src/core/scheduler.ts',
      'src/core/orvalRequest.ts',
      'src/core/pathSegments.ts',
    ],
    tests: [
      'tests/core/transport.test.ts',
      'tests/core/transportEdges.test.ts',
      'tests/core/deadline.test.ts',
      'tests/core/pathSegments.test.ts',
      'tests/core/scheduler.test.ts',
      'tests/core/errors.test.ts',
    ],
  },
  cookiesErrors: {
    mutate: ['src/core/cookies.ts', 'src/core/errors.ts', 'src/core/trustedTypes.ts'],
    tests: [
      'tests/core/cookies.test.ts',
      'tests/core/errors.test.ts',
      'tests/core/trustedTypes.test.ts',
      'tests/core/scheduler.test.ts',
      'tests/core/transport.test.ts',
    ],
  },
  consent: {
    mutate: ['src/site/consent.ts', 'src/site/tracking.tsx'],
    tests: [
      'tests/site/consent.test.ts',
      'tests/site/consentEdges.test.tsx',
      'tests/site/consentGate.test.tsx',
      'tests/site/tracking.test.ts',
    ],
  },
  settings: {
    mutate: ['src/site/siteEnv.ts'],
    tests: ['tests/site/siteEnv.test.ts', 'tests/site/siteEnvEdges.test.ts'],
  },
  editMode: {
    mutate: ['src/site/editMode.ts', 'src/site/content/renderingContext.ts'],
    tests: [
      'tests/site/editMode.test.ts',
      'tests/site/srcsetProperties.test.ts',
      'tests/site/editing.test.tsx',
      'tests/site/editingMarkers.test.tsx',
      'tests/site/editingProperties.test.tsx',
      'tests/site/renderingContext.test.tsx',
    ],
  },
  commerce: {
    mutate: ['src/commerce/client.ts', 'src/commerce/transport.ts'],
    tests: [
      'tests/commerce/impersonation.test.ts',
      'tests/commerce/serializeQuery.test.ts',
      'tests/commerce/regions.test.ts',
      'tests/commerce/client.test.ts',
    ],
  },
  session: {
    mutate: ['src/auth/store.ts', 'src/auth/broadcast.ts'],
    tests: ['tests/auth/sessionStore.test.ts', 'tests/auth/broadcast.test.ts'],
  },
  identifiers: {
    mutate: ['src/engagement/browserId.ts', 'src/engagement/guestId.ts'],
    tests: [
      'tests/engagement/browserId.test.ts',
      'tests/engagement/forget.test.ts',
      'tests/engagement/defects.test.ts',
      'tests/engagement/lazyParts.test.ts',
    ],
  },
};
