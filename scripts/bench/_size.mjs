// Shared helper: minified + gzipped size of a bundle built from a few lines of entry code.
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { root } from '../lib/prism.mjs';

/** Peer dependencies a consuming app already has; left out of "React external" rows. */
export const REACT_EXTERNAL = ['react', 'react-dom', 'react/jsx-runtime', '@tanstack/react-query'];

/**
 * Bundles `contents` (ESM, resolved from the project root) for the browser, minified as a production
 * build does, and returns the code. `external`: modules left out (e.g. {@link REACT_EXTERNAL}).
 * @param {string} contents
 * @param {{ external?: string[] }} [options]
 * @returns {Promise<Buffer>}
 */
export async function bundleCode(contents, { external = [] } = {}) {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'tsx', sourcefile: 'bench-entry.tsx' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    write: false,
    external,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
    absWorkingDir: root,
  });
  return Buffer.concat(result.outputFiles.map((f) => Buffer.from(f.contents)));
}

/**
 * Bundles `contents` as {@link bundleCode} does and returns `{ min, gzip }` in bytes.
 * @param {string} contents
 * @param {{ external?: string[] }} [options]
 */
export async function bundleSize(contents, options = {}) {
  const code = await bundleCode(contents, options);
  return { min: code.length, gzip: gzipSync(code, { level: 9 }).length };
}

/** A size row for the bench table. */
export function sizeRow(name, size, target, detail = '') {
  return {
    name,
    value: size.gzip,
    unit: 'B gzip',
    detail: `${size.min} B min${detail ? `; ${detail}` : ''}`,
    ...(target === undefined ? {} : { target: `≤ ${target}`, ok: size.gzip <= target }),
  };
}

export { join, root };
