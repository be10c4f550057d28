#!/usr/bin/env node
// `npm run build [-- --mode <mode>]`: the site's browser bundle plus a static HTML page for every
// route of the content route list (see buildStaticSite in lib/siteServer.mjs). The default mode is
// the mock-backed `development` (layout data from the content mock, started here); `uat` and
// `production` read the configured content host (or PRERENDER_CONTENT_HOST) and need their settings.
// docs/publishing.md: --workers N, --concurrency N, --incremental, --keep-going, --shard i/n.
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { MOCK_BACKED_MODE, root } from './lib/prism.mjs';
import { parseShard } from './lib/prerender/routes.mjs';
import { buildStaticSite } from './lib/siteServer.mjs';

/**
 * @param {string | undefined} text
 * @param {string} name
 * @param {number} [least]
 */
function count(text, name, least = 1) {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < least)
    throw new Error(`--${name} ${JSON.stringify(text)} is not a whole number ≥ ${least}`);
  return n;
}

try {
  const { values } = parseArgs({
    options: {
      mode: { type: 'string', default: MOCK_BACKED_MODE },
      outDir: { type: 'string', default: 'dist' },
      workers: { type: 'string' },
      concurrency: { type: 'string' },
      retries: { type: 'string' },
      incremental: { type: 'boolean', default: false },
      'keep-going': { type: 'boolean', default: false },
      shard: { type: 'string' },
    },
  });
  const { report } = await buildStaticSite({
    mode: values.mode,
    outDir: resolve(root, values.outDir),
    log: (line) => console.log(line),
    workers: count(values.workers, 'workers'),
    fetchPolicy: {
      concurrency: count(values.concurrency, 'concurrency'),
      retries: count(values.retries, 'retries', 0),
    },
    incremental: values.incremental,
    keepGoing: values['keep-going'],
    shard: values.shard === undefined ? undefined : parseShard(values.shard),
  });
  if (report.failed.length > 0) {
    console.error(`${report.failed.length} pages failed (kept as they were):`);
    for (const { path, message } of report.failed) console.error(`  - ${path}: ${message}`);
    process.exitCode = 2;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
