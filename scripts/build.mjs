#!/usr/bin/env node
// `npm run build [-- --mode <mode>]`: the site's browser bundle plus a static HTML page for every
// route of the content route list (see buildStaticSite in lib/siteServer.mjs). The default mode is
// the mock-backed `development` (layout data from the content mock, started here); `uat` and
// `production` read the configured content host (or PRERENDER_CONTENT_HOST) and need their settings.
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { MOCK_BACKED_MODE, root } from './lib/prism.mjs';
import { buildStaticSite } from './lib/siteServer.mjs';

const { values } = parseArgs({
  options: { mode: { type: 'string', default: MOCK_BACKED_MODE }, outDir: { type: 'string', default: 'dist' } },
});
try {
  await buildStaticSite({ mode: values.mode, outDir: resolve(root, values.outDir), log: (line) => console.log(line) });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
