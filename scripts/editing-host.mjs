#!/usr/bin/env node
// `npm run editing-host [-- --mode production] [--port N]`: the editing host the content platform's
// editors call (lib/editingHost.mjs), on 127.0.0.1 (port 5174 by default). The mock-backed
// `development` mode serves through Vite against the content mock (the one `npm run mock` runs, else
// one started here); `uat` and `production` build the site first and need their settings, the
// editing secret (`JSS_EDITING_SECRET`) and the editor's origin (`VITE_EDITOR_ORIGIN`).
import { parseArgs } from 'node:util';
import { EDITING_HOST_PORT, startEditingHost } from './lib/editingHost.mjs';
import { MOCK_BACKED_MODE } from './lib/prism.mjs';

let host;
try {
  const { values } = parseArgs({
    options: {
      mode: { type: 'string', default: MOCK_BACKED_MODE },
      port: { type: 'string', default: String(EDITING_HOST_PORT) },
    },
  });
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535)
    throw new Error(`--port must be a port number (got ${values.port})`);
  host = await startEditingHost({ mode: values.mode, port });
  console.log(`Editing host (${values.mode}): ${host.url}/api/editing/config and /api/editing/render`);
  console.log('Every call carries ?secret= (JSS_EDITING_SECRET). Ctrl-C stops it.');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  await host.stop();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
