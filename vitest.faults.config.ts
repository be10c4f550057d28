import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { defineConfig } from 'vitest/config';
import { MOCK_BACKED_MODE } from './scripts/lib/prism.mjs';

// The full fault suite alone (`npm run test:faults`): 888 cases in Chromium (37 routes, 6 services, 2 faults, 2 arrivals), eight at a time, on the
// run's shared build, mocks and Chromium (tests/support/sharedResources.ts). It runs by itself so
// that its load never slows the other suites' pages past their own waits.
export default defineConfig({
  test: {
    // Every route with every service; `FAULT_MATRIX=focused` or `pairs` runs fewer (tests/browser/faults.test.ts).
    env: {
      ...loadEnv(MOCK_BACKED_MODE, fileURLToPath(new URL('.', import.meta.url)), 'VITE_'),
      FAULT_MATRIX: process.env.FAULT_MATRIX ?? 'full',
    },
    name: 'faults',
    environment: 'node',
    include: ['tests/browser/faults.test.ts'],
    globalSetup: ['tests/support/sharedResources.ts'],
    setupFiles: ['tests/support/sharedSetup.ts'],
    testTimeout: 600_000,
    hookTimeout: 600_000,
  },
});
