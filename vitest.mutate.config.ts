import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { MOCK_BACKED_MODE } from './scripts/lib/prism.mjs';
import { mutationModules } from './scripts/lib/mutationModules.mjs';

// The vitest configuration of a mutation run (`npm run mutate`, scripts/mutate.mjs): one module's
// fast jsdom test files only (scripts/lib/mutationModules.mjs), so each mutant is judged in seconds.
// The module comes from MUTATE_MODULE, which scripts/mutate.mjs sets.
const name = process.env.MUTATE_MODULE ?? '';
const module = Object.hasOwn(mutationModules, name) ? mutationModules[name as keyof typeof mutationModules] : undefined;
if (!module)
  throw new Error(`MUTATE_MODULE should be one of ${Object.keys(mutationModules).join(', ')}, got "${name}"`);

export default defineConfig({
  plugins: [react()],
  test: {
    env: loadEnv(MOCK_BACKED_MODE, fileURLToPath(new URL('.', import.meta.url)), 'VITE_'),
    environment: 'jsdom',
    include: module.tests,
    // The shared Prism mock, for the few unit files that ask for one; it starts on first use.
    globalSetup: ['tests/support/sharedResources.ts'],
    setupFiles: ['tests/support/domSetup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    expect: { poll: { timeout: 15_000 } },
  },
});
