import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { devServer } from './scripts/lib/devServer.mjs';
import { MOCK_BACKED_MODE } from './scripts/lib/prism.mjs';
import { publicFilesOnly } from './scripts/lib/servedFiles.mjs';
import { assertSiteEnv } from './src/site/siteEnv.ts';

/**
 * Checks the mode's settings (its env file, overridden by the environment) before
 * a build or dev server starts: a uat or production build with a missing key or
 * a mock value stops here with one message naming every problem, instead of
 * shipping a bundle that silently calls nothing. `vite preview` only serves
 * files, so it is not checked.
 */
function siteEnv(): Plugin {
  return {
    name: 'site-env',
    config(config, { mode, isPreview }) {
      if (isPreview) return;
      const envDir = resolve(config.root ?? process.cwd(), typeof config.envDir === 'string' ? config.envDir : '');
      const devFile = join(envDir, `.env.${MOCK_BACKED_MODE}`);
      const devValues = existsSync(devFile) ? parseEnv(readFileSync(devFile, 'utf8')) : {};
      assertSiteEnv(loadEnv(mode, envDir, 'VITE_'), mode, devValues);
    },
  };
}

export default defineConfig({
  plugins: [
    siteEnv(),
    // The build's copy of public/ leaves out dotfiles and git-ignored files (scripts/lib/servedFiles.mjs).
    publicFilesOnly(),
    react(),
    // `vite` and `vite preview`: ports, proxies to the mocks, QA scenarios, stand-ins (scripts/lib/devServer.mjs).
    ...devServer(),
  ],
  build: { outDir: 'dist', sourcemap: false },
});
