// @ts-check
// `npm run preview`'s build: the prerendered bundle of the development settings, made for the
// preview's own origin. The development env file names the dev server's origin (port 5173), and a
// build takes its canonical URLs, hreflang alternates, robots.txt and sitemap from it: served on the
// preview's port (4173), every one of them pointed at a server that is not running.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './prism.mjs';
import { isPrerendered } from './siteServer.mjs';

/** The preview's origin: the host and port `vite preview` serves on (devServer.mjs, `serverOptions`). */
export const PREVIEW_ORIGIN = 'http://127.0.0.1:4173';

/**
 * The public origin the prerendered build in `outDir` was made for (its robots.txt names its sitemap
 * on it), or `undefined` when it has none.
 * @param {string} outDir
 * @returns {string | undefined}
 */
export function builtOrigin(outDir) {
  const robots = join(outDir, 'robots.txt');
  if (!existsSync(robots)) return undefined;
  const sitemap = /^Sitemap:\s*(\S+)/im.exec(readFileSync(robots, 'utf8'))?.[1];
  try {
    return sitemap ? new URL(sitemap).origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs `npm run build` (scripts/build.mjs) with `env`, its output shown; resolves its exit code.
 * @param {NodeJS.ProcessEnv} env
 * @returns {Promise<number>}
 */
function runBuild(env) {
  const build = spawn(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit', cwd: root, env });
  return new Promise((resolve) => build.once('exit', (code) => resolve(code ?? 1)));
}

/**
 * Makes sure `outDir` holds a prerendered build for the preview's origin (`VITE_PUBLIC_ORIGIN` of
 * `env` when set, else {@link PREVIEW_ORIGIN}): a build for another origin (`npm run build`'s, on the
 * dev server's) or none is built again with that origin in its environment (`build`). Resolves the
 * build's exit code, 0 when the build there is the preview's already. `outDir` defaults to dist/,
 * `env` to this process's, `build` to running scripts/build.mjs, `log` to `console.log`.
 * @param {{ outDir?: string; env?: NodeJS.ProcessEnv; build?: (env: NodeJS.ProcessEnv) => Promise<number>; log?: (line: string) => void }} [options]
 * @returns {Promise<number>}
 */
export async function ensurePreviewBuild({
  outDir = join(root, 'dist'),
  env = process.env,
  build = runBuild,
  log = (line) => console.log(line),
} = {}) {
  const origin = env.VITE_PUBLIC_ORIGIN || PREVIEW_ORIGIN;
  if (isPrerendered(outDir) && builtOrigin(outDir) === origin) {
    log(`Serving the build in dist/, made for ${origin}`);
    return 0;
  }
  return build({ ...env, VITE_PUBLIC_ORIGIN: origin });
}
