// Shared helper: sizes of a code-split bundle, as a browser downloads it — the entry chunk
// with every chunk it imports statically (fetched before the entry runs), and the lazy
// chunks reached only through `import()`.
import { build } from 'esbuild';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './_size.mjs';

const ENTRY_NAME = 'bench-entry.tsx';

/**
 * Bundles `contents` (ESM, resolved from the project root) for the browser with
 * `splitting: true`, minified, into a temporary directory, and returns, in bytes
 * (each file gzipped on its own, -9, as a server sends it):
 * `{ initial: { min, gzip, files }, lazy: { min, gzip, files }, total: { min, gzip }, entry, outputs }`.
 * `initial` is the entry chunk plus its static imports, transitively; `lazy` is the rest;
 * `outputs` maps each output path to `{ min, gzip, text }` (for running the build), `entry` names the app's.
 */
export async function splitBundleSize(contents, { external = [] } = {}) {
  const outdir = mkdtempSync(join(tmpdir(), 'bench-split-'));
  try {
    const result = await build({
      stdin: { contents, resolveDir: root, loader: 'tsx', sourcefile: ENTRY_NAME },
      bundle: true,
      splitting: true,
      minify: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      jsx: 'automatic',
      outdir,
      write: false,
      metafile: true,
      external,
      legalComments: 'none',
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
      absWorkingDir: root,
    });
    const sizes = new Map(
      result.outputFiles.map((file) => [
        relative(root, file.path),
        { min: file.contents.length, gzip: gzipSync(file.contents, { level: 9 }).length, text: file.text },
      ]),
    );
    const outputs = result.metafile.outputs;
    // Every `import()` target is an entry point too; the app's own entry is the one built from stdin.
    const entry = Object.keys(outputs).find((path) => outputs[path].entryPoint === ENTRY_NAME);
    const initial = staticClosure(outputs, entry);
    const lazy = [...sizes.keys()].filter((path) => path.endsWith('.js') && !initial.has(path));
    return {
      initial: sum([...initial], sizes),
      lazy: sum(lazy, sizes),
      total: sum(
        [...sizes.keys()].filter((p) => p.endsWith('.js')),
        sizes,
      ),
      entry,
      outputs: sizes,
    };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/** The entry output and every output it reaches through static `import` statements. */
function staticClosure(outputs, entry) {
  const seen = new Set([entry]);
  for (const path of seen) {
    for (const { path: next, kind } of outputs[path].imports)
      if (kind === 'import-statement' && outputs[next]) seen.add(next);
  }
  return seen;
}

function sum(paths, sizes) {
  const files = paths.map((path) => ({ path, min: sizes.get(path).min, gzip: sizes.get(path).gzip }));
  return { min: files.reduce((n, f) => n + f.min, 0), gzip: files.reduce((n, f) => n + f.gzip, 0), files };
}
