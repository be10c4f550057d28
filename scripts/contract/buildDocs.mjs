// Builds the static HTML API reference of every contract with Redocly's build-docs.
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { root as projectRoot } from '../lib/prism.mjs';
import { docsIndexHtml } from './docsIndexHtml.mjs';
import { redoclyEnv } from './redoclyEnv.mjs';

const run = promisify(execFile);
const TEMPLATE = join(import.meta.dirname ?? new URL('.', import.meta.url).pathname, 'docsTemplate.hbs');
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** API names that have a contract `openapi/<api>/openapi.yaml` under `root`. */
export function contractApis(root) {
  const dir = join(root, 'openapi');
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((api) => existsSync(join(dir, api, 'openapi.yaml')))
        .sort()
    : [];
}

function describe(root, api) {
  const doc = parse(readFileSync(join(root, 'openapi', api, 'openapi.yaml'), 'utf8'), { maxAliasCount: -1 });
  const operations = Object.values(doc.paths ?? {}).reduce((n, item) => n + METHODS.filter((m) => item?.[m]).length, 0);
  return {
    api,
    file: `${api}.html`,
    title: doc.info?.title ?? api,
    version: doc.info?.version ?? '',
    description: doc.info?.description,
    operations,
  };
}

// --inlineBundle embeds Redoc's script in the page (no CDN at view time, works from disk).
async function buildPage(root, outDir, api) {
  const args = [
    'build-docs',
    join('openapi', api, 'openapi.yaml'),
    '--inlineBundle',
    '-t',
    TEMPLATE,
    '-o',
    join(outDir, `${api}.html`),
  ];
  await run(join(root, 'node_modules', '.bin', 'redocly'), args, {
    cwd: root,
    env: redoclyEnv(),
    maxBuffer: 64 << 20,
  }).catch((error) => {
    throw new Error(
      `redocly build-docs failed for ${api}: ${String(error.stderr || error.message)
        .trim()
        .split('\n')
        .slice(-3)
        .join(' ')}`,
    );
  });
}

/**
 * Writes `<outDir>/<api>.html` for each API in `apis` (a Redoc page with the
 * contract, its examples and Redoc's script inlined) and `<outDir>/index.html`
 * linking the pages of every contract. Builds two at a time (two cores here).
 * Resolves the pages' `{ api, file, title, version, operations, description }`.
 * `root` defaults to this project, `outDir` to `<root>/dist/docs`, `apis` to every contract.
 */
export async function buildDocs({
  root = projectRoot,
  outDir = join(root, 'dist', 'docs'),
  apis = contractApis(root),
} = {}) {
  mkdirSync(outDir, { recursive: true });
  const queue = [...apis];
  await Promise.all(
    [0, 1].map(async () => {
      while (queue.length) await buildPage(root, outDir, queue.shift());
    }),
  );
  const pages = contractApis(root)
    .filter((api) => existsSync(join(outDir, `${api}.html`)))
    .map((api) => describe(root, api));
  writeFileSync(join(outDir, 'index.html'), docsIndexHtml(pages));
  return pages.filter((page) => apis.includes(page.api));
}
