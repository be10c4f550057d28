import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { MOCK_BACKED_MODE } from './scripts/lib/prism.mjs';

export default defineConfig({
  plugins: [react()],
  test: {
    // Code under test reads the site's settings as `npm start` does: the development (mock) values.
    env: loadEnv(MOCK_BACKED_MODE, fileURLToPath(new URL('.', import.meta.url)), 'VITE_'),
    projects: [
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/browser/**', 'tests/node/**'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/browser/**/*.test.ts', 'tests/node/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
