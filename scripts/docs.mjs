#!/usr/bin/env node
// `npm run docs [-- --out <dir>] [api…]`: static HTML API reference of every contract in
// dist/docs/<api>.html plus dist/docs/index.html; the dev server and preview serve it at /docs.
import { statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { contractApis } from './lib/apis.mjs';
import { root } from './lib/prism.mjs';
import { buildDocs } from './contract/docs.mjs';

const USAGE = 'usage: npm run docs -- [--out <dir>] [api…]';
let values;
let positionals;
try {
  ({ values, positionals } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { out: { type: 'string' } },
  }));
} catch (error) {
  console.error(`${error.message}\n${USAGE}`);
  process.exit(2);
}
const known = contractApis(root);
const unknown = positionals.filter((api) => !known.includes(api));
if (unknown.length) {
  console.error(`Unknown API "${unknown.join('", "')}": expected one of ${known.join(', ')}`);
  process.exit(2);
}
const outDir = values.out ?? join(root, 'dist', 'docs');
const shown = (file) => (relative(process.cwd(), file).startsWith('..') ? file : relative(process.cwd(), file));
try {
  const started = performance.now();
  const pages = await buildDocs({ outDir, apis: positionals.length ? positionals : known });
  for (const page of pages) {
    const size = statSync(join(outDir, page.file)).size / 1024 / 1024;
    console.log(
      `${page.api}: ${shown(join(outDir, page.file))} (${page.operations} operations, ${size.toFixed(1)} MB)`,
    );
  }
  console.log(`index: ${shown(join(outDir, 'index.html'))} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  console.error(`docs failed: ${error.message}`);
  process.exit(1);
}
