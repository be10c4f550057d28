import { readFileSync } from 'node:fs';
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

// As in vitest.config.ts, a file that asks for an environment of its own (a `@vitest-environment`
// docblock: the node environment, another URL) gets Testing Library's bounds only, not domSetup.ts's
// fresh jsdom page: in the node environment that setup fails before the file's first test (there is no
// `jsdom`), and Stryker then counts none of the file's tests, silently (tests/core/urlGuardNoPage.test.ts
// ran in no mutation run until this split).
const ownEnvironment = module.tests.filter((file) => readFileSync(file, 'utf8').includes('@vitest-environment'));
const sharedPage = module.tests.filter((file) => !ownEnvironment.includes(file));
const projects = [
  { name: 'dom', include: sharedPage, setupFiles: ['tests/support/domSetup.ts'] },
  { name: 'dom-own', include: ownEnvironment, setupFiles: ['tests/support/domTimeouts.ts'] },
].filter(({ include }) => include.length > 0);

export default defineConfig({
  plugins: [react()],
  test: {
    env: loadEnv(MOCK_BACKED_MODE, fileURLToPath(new URL('.', import.meta.url)), 'VITE_'),
    environment: 'jsdom',
    // The shared Prism mock, for the few unit files that ask for one; it starts on first use.
    globalSetup: ['tests/support/sharedResources.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    expect: { poll: { timeout: 15_000 } },
    projects: projects.map((test) => ({ extends: true, test })),
  },
});
