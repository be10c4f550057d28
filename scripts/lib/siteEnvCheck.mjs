// @ts-check
// The Vite plugin that checks the mode's settings before a build or dev server starts.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { loadEnv } from 'vite';
import { MOCK_BACKED_MODE } from './prism.mjs';

/** @import { Plugin } from 'vite' */

/**
 * Checks the mode's settings (its env file, overridden by the environment) with `assertSiteEnv`
 * (src/site/siteEnv.ts, given by vite.config.ts) before a build or dev server starts: a uat or
 * production build with a missing key or a mock value stops here with one message naming every
 * problem, instead of shipping a bundle that silently calls nothing. `vite preview` only serves
 * files, so it is not checked.
 * @param {(env: Record<string, string>, mode: string, devValues: Record<string, string | undefined>) => void} assertSiteEnv
 * @returns {Plugin}
 */
export function siteEnvCheck(assertSiteEnv) {
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
