#!/usr/bin/env node
// `npm start`: the Prism mocks, the Vite dev server and the editing host (lib/editingHost.mjs, the
// server the content platform's editors call, on port 5174) together; one Ctrl-C stops all. A failed
// editing host is reported and the site runs without it.
// `npm run preview`: the same serving the static build in dist/ (`npm run build`: the prerendered
// pages of the development settings, mock keys and same-origin mock paths); it builds first, for the
// preview's origin, when dist/ holds no prerendered build or one for another origin.
// Both run the publish server (lib/publishServer.mjs, port 5175), which keeps dist/ up to date when a
// publish webhook is posted (docs/publishing.md), whenever dist/ holds a prerendered build: the dev
// server renders every request live from the mocks, so there it keeps the build the preview serves.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { EDITING_HOST_PORT, startEditingHost } from './lib/editingHost.mjs';
import { MOCK_BACKED_MODE, root } from './lib/prism.mjs';
import { ensurePreviewBuild } from './lib/previewBuild.mjs';
import { PUBLISH_PORT, startPublishServer } from './lib/publishServer.mjs';
import { isPrerendered } from './lib/siteServer.mjs';
import { startMocks } from './mock.mjs';

const preview = process.argv.includes('--preview');
const vite = join(root, 'node_modules', '.bin', 'vite');

// The preview serves a build made for its own origin (port 4173: canonical URLs, hreflang, robots.txt
// and sitemap), building it first when dist/ holds none or one for another origin (lib/previewBuild.mjs).
if (preview) {
  const code = await ensurePreviewBuild();
  if (code !== 0) process.exit(code);
}

const mocks = await startMocks();
console.log(`Mocks: ${mocks.servers.map((s) => `${s.api} ${s.url}`).join(', ')}`);
const server = spawn(vite, preview ? ['preview', '--mode', MOCK_BACKED_MODE] : [], {
  stdio: ['ignore', 'pipe', 'inherit'],
  cwd: root,
});
server.stdout.on('data', (chunk) => process.stdout.write(chunk));

const editingHost = preview
  ? Promise.resolve(undefined)
  : startEditingHost({
      mode: MOCK_BACKED_MODE,
      port: EDITING_HOST_PORT,
      contentPrismUrl: mocks.servers.find((s) => s.api === 'content')?.url,
      log: (line) => console.log(`[editing host] ${line}`),
    }).then(
      (host) => {
        console.log(
          `Editing host: ${host.url}/api/editing/… (secret: JSS_EDITING_SECRET, see docs/deploying.md "Editing host")`,
        );
        return host;
      },
      (error) => {
        console.error(
          `The editing host did not start (${error instanceof Error ? error.message : error}); the site runs without it.`,
        );
        return undefined;
      },
    );

const dist = join(root, 'dist');
if (!isPrerendered(dist))
  console.log(
    'Publish server: not started, dist/ holds no prerendered build (npm run build or npm run preview makes one)',
  );
const publishServer = !isPrerendered(dist)
  ? Promise.resolve(undefined)
  : startPublishServer({
      outDir: dist,
      port: PUBLISH_PORT,
      contentPrismUrl: mocks.servers.find((s) => s.api === 'content')?.url,
      log: (line) => console.log(`[publish] ${line}`),
    }).then(
      (host) => {
        console.log(`Publish server: POST ${host.url}/api/publish (X-Publish-Secret, see docs/publishing.md)`);
        return host;
      },
      (error) => {
        console.error(
          `The publish server did not start (${error instanceof Error ? error.message : error}); the site runs without it.`,
        );
        return undefined;
      },
    );

let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null) server.kill('SIGTERM');
  await (await editingHost)?.stop().catch(() => {});
  await (await publishServer)?.stop().catch(() => {});
  await mocks.stop();
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
server.once('exit', (code) => shutdown(code ?? 0));
// A mock that stops on its own (QA stopping one to see the site with that service down) is reported by
// startMocks, naming it; the site and the other mocks keep running. This exited silently with code 1.
console.log(`Site: http://127.0.0.1:${preview ? 4173 : 5173}/ (Ctrl-C stops the site and the mocks)`);
