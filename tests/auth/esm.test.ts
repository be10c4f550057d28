// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { runInNewContext } from 'node:vm';
import { root } from '../../scripts/lib/prism.mjs';

async function bundle(entry: string, format: 'esm' | 'iife') {
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: root,
    bundle: true,
    format,
    globalName: format === 'iife' ? 'auth' : undefined,
    platform: 'browser',
    target: 'es2022',
    external: ['react', 'react/jsx-runtime'],
    jsx: 'automatic',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

describe('module format (reference defects S1 and S2)', () => {
  it.each(['src/auth/index.ts', 'src/auth/react.tsx'])(
    '%s bundles as ESM without CommonJS or process.env',
    async (entry) => {
      const code = await bundle(entry, 'esm');
      expect(code).toMatch(/^export \{/m);
      expect(code).not.toMatch(/\bprocess\b/);
      expect(code).not.toMatch(/\brequire\(|module\.exports/);
    },
  );

  it('loads where neither process, window, location nor localStorage exists, reading nothing at import', async () => {
    const code = await bundle('src/auth/index.ts', 'iife');
    const sandbox: Record<string, unknown> = {};
    runInNewContext(
      `${code}\nthis.url = auth.defaultAuthClient.url('session');\nauth.configureAuth({ basePath: '/site/auth/' });\nthis.moved = auth.defaultAuthClient.url('_log');`,
      sandbox,
    );
    expect(sandbox).toMatchObject({ url: '/api/auth/session', moved: '/site/auth/_log' });
  });
});
