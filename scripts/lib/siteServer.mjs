// Builds the site and serves the build (`vite preview`) against Prism mocks on
// free ports. Used by the site benchmarks (the tests have tests/support/site.ts).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, preview } from 'vite';
import { freePort, root, startMocksOnFreePorts } from './prism.mjs';

/**
 * The mode of a build served against the mocks: a production bundle with the
 * development settings (mock keys, same-origin paths the preview proxies).
 */
const MOCK_BACKED_MODE = 'development';

/** Builds the mock-backed site into a temporary folder; returns the folder. */
export async function buildSite() {
  const outDir = mkdtempSync(join(tmpdir(), 'site-build-'));
  await build({ root, mode: MOCK_BACKED_MODE, configFile: join(root, 'vite.config.ts'), logLevel: 'error', build: { outDir, emptyOutDir: true } });
  return outDir;
}

/** Starts every mock on a free port and `vite preview` of `outDir` proxying to them; returns `{ url, stop }`. */
export async function previewSite(outDir) {
  const mocks = await startMocksOnFreePorts({ errors: false });
  process.env.SITE_MOCK_PORTS = JSON.stringify(mocks.ports); // read by vite.config.ts
  let server;
  const port = await freePort();
  try {
    server = await preview({
      root,
      mode: MOCK_BACKED_MODE, // serves dev-public/'s stand-ins
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir },
      preview: { port, strictPort: true, host: '127.0.0.1' },
    });
  } catch (error) {
    await mocks.stop(); // otherwise the mocks outlive the failed start and keep the process alive
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await server.close();
      await mocks.stop();
    },
  };
}

/** Removes a build folder made by {@link buildSite}. */
export function removeBuild(outDir) {
  rmSync(outDir, { recursive: true, force: true });
}
