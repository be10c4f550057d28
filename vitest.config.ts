import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { MOCK_BACKED_MODE } from './scripts/lib/prism.mjs';
import ChromiumFirst from './tests/support/sequencer.ts';

// The run's shared Prism mocks, production build and Chromium (each started on first use).
const globalSetup = ['tests/support/sharedResources.ts'];

// The jsdom files that ask for an environment of their own (a `@vitest-environment` docblock or its
// options: the node environment, another URL, or jsdom for a file that needs modules evaluated afresh)
// run isolated, each in a fresh environment; all the others share one window and module graph per
// worker (`isolate: false`, tests/support/domSetup.ts), which halves the jsdom files' time. So does a
// file that renders with React's server renderer (react-dom/server or /static): it leaves the values of
// React's contexts set in the realm, where a later file's browser render outside any provider reads
// them instead of the defaults (after a prerender of a deep layout, useRenderingScope() read depth 20,
// and renderingContext.test failed whenever it ran after renderingBoundary.test in the same worker).
const ownEnvironment = (readdirSync('tests', { recursive: true, encoding: 'utf8' }) as string[])
  .map((file) => `tests/${file.replaceAll('\\', '/')}`)
  .filter((file) => /\.test\.tsx?$/.test(file) && !/^tests\/(browser|node)\//.test(file))
  .filter((file) => {
    const text = readFileSync(file, 'utf8');
    return text.includes('@vitest-environment') || /from 'react-dom\/(server|static)'/.test(text);
  });

// What both jsdom projects share: the run's resources, a low CPU priority (tests/support/lowPriority.mjs)
// and their bounds.
const jsdomFiles = {
  environment: 'jsdom',
  globalSetup,
  execArgv: ['--import', './tests/support/lowPriority.mjs'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  plugins: [react()],
  test: {
    // Code under test reads the site's settings as `npm start` does: the development (mock) values.
    env: loadEnv(MOCK_BACKED_MODE, fileURLToPath(new URL('.', import.meta.url)), 'VITE_'),
    // vitest's default on two cores is one file at a time. The Chromium and server suites mostly wait
    // on other processes (Chromium, Prism, a build), so four workers keep both cores busy: the
    // Chromium suites start first (tests/support/sequencer.ts) and the short jsdom files fill in
    // around them, ending the run evenly.
    maxWorkers: 4,
    sequence: { sequencer: ChromiumFirst },
    // A test that passed on its CI retry also prints why its first try failed (tests/support/flakyReporter.ts).
    reporters: ['default', './tests/support/flakyReporter.ts'],
    // expect.poll waits for a condition; its 1 s default fails a correct page on a busy machine.
    expect: { poll: { timeout: 15_000 } },
    projects: [
      {
        extends: true,
        test: {
          ...jsdomFiles,
          name: 'dom',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/browser/**', 'tests/node/**', ...ownEnvironment],
          isolate: false,
          setupFiles: ['tests/support/domSetup.ts'],
        },
      },
      {
        extends: true,
        test: {
          ...jsdomFiles,
          name: 'dom-own',
          include: ownEnvironment,
          setupFiles: ['tests/support/domTimeouts.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/browser/**/*.test.ts', 'tests/node/**/*.test.ts'],
          globalSetup,
          setupFiles: ['tests/support/sharedSetup.ts'],
          // The browser contexts open at once in the shared Chromium, across all files: pages load
          // with a share of two cores each that keeps them within the site's own deadlines (a 5 s
          // session call, a 6 s layout), however many Chromium suites run together; a test waits
          // for a slot before its page starts (tests/support/shared.ts).
          provide: { chromiumContexts: 6 },
          // On CI a Chromium or server test that fails is run once more (Playwright's own CI default is
          // two): on two cores loaded by the run itself, a page now and then passes one of the site's
          // deadlines (a 5 s session call). A test that fails twice fails the run; the reporter marks
          // a test that passed on its second try, and the closing notes list them.
          retry: process.env.CI ? 1 : 0,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
