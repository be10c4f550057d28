#!/usr/bin/env node
// `npm run publish-server [-- --outDir dist] [--mode production] [--port N] [--workers N]`: the
// server the content platform's publish webhook calls (lib/publishServer.mjs), on 127.0.0.1 (port
// 5175 by default), keeping the build in dist/ (made by `npm run build`) up to date: each publish
// renders again the pages it changed. Needs `PUBLISH_SECRET` (a development default in the
// mock-backed mode); the purge hook is `PUBLISH_PURGE_URL` or `PUBLISH_PURGE_COMMAND`
// (docs/publishing.md).
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { MOCK_BACKED_MODE, root } from './lib/prism.mjs';
import { PUBLISH_PORT, startPublishServer } from './lib/publishServer.mjs';

let server;
try {
  const { values } = parseArgs({
    options: {
      mode: { type: 'string', default: MOCK_BACKED_MODE },
      port: { type: 'string', default: String(PUBLISH_PORT) },
      outDir: { type: 'string', default: 'dist' },
      workers: { type: 'string' },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`--port must be a port number (got ${values.port})`);
  const workers = values.workers === undefined ? undefined : Number(values.workers);
  if (workers !== undefined && (!Number.isInteger(workers) || workers < 1))
    throw new Error(`--workers must be a whole number ≥ 1 (got ${values.workers})`);
  server = await startPublishServer({ outDir: resolve(root, values.outDir), mode: values.mode, port, workers });
  console.log(`Publish server (${values.mode}): POST ${server.url}/api/publish, GET ${server.url}/api/publish/<id>`);
  console.log('Every call carries the X-Publish-Secret header (PUBLISH_SECRET). Ctrl-C stops it.');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await server?.stop();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
