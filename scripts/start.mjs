#!/usr/bin/env node
// `npm start`: the Prism mocks and the Vite dev server together; one Ctrl-C stops all.
// `npm run preview`: the same serving the static build in dist/ (`npm run build`: the prerendered
// pages of the development settings, mock keys and same-origin mock paths); it builds first when
// dist/ holds no prerendered build.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { MOCK_BACKED_MODE, root } from './lib/prism.mjs';
import { isPrerendered } from './lib/siteServer.mjs';
import { startMocks } from './mock.mjs';

const preview = process.argv.includes('--preview');
const vite = join(root, 'node_modules', '.bin', 'vite');

if (preview && !isPrerendered(join(root, 'dist'))) {
  const build = spawn(process.execPath, [join(root, 'scripts', 'build.mjs')], { stdio: 'inherit', cwd: root });
  const code = await new Promise((resolve) => build.once('exit', resolve));
  if (code !== 0) process.exit(code ?? 1);
} else if (preview) {
  console.log('Serving the build in dist/ (`npm run build` rebuilds it)');
}

const mocks = await startMocks();
console.log(`Mocks: ${mocks.servers.map((s) => `${s.api} ${s.url}`).join(', ')}`);
const server = spawn(vite, preview ? ['preview', '--mode', MOCK_BACKED_MODE] : [], {
  stdio: ['ignore', 'pipe', 'inherit'],
  cwd: root,
});
server.stdout.on('data', (chunk) => process.stdout.write(chunk));

let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  if (server.exitCode === null) server.kill('SIGTERM');
  await mocks.stop();
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
server.once('exit', (code) => shutdown(code ?? 0));
for (const s of mocks.servers) s.exited.then(() => shutdown(1));
console.log(`Site: http://127.0.0.1:${preview ? 4173 : 5173}/ (Ctrl-C stops the site and the mocks)`);
