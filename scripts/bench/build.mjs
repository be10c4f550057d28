// The static build at the sizes a defence group's site reaches (issue #36): builds of 45, 1,000 and
// 10,000 synthetic routes (both languages: half the routes each) from the synthetic content host
// (lib/syntheticContent.mjs: hero, rich text, cards, a nested placeholder; `routes` pages in all), each in a process of its
// own for its wall time and peak memory (render threads included); then, on the 10,000-route
// site, an incremental build after one page changed, and the publish server's time from the
// webhook to the page's new file. `BENCH_BUILD_SIZES=45,1000 npm run bench -- build` for a quick look.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../lib/prism.mjs';
import { pageFile } from '../lib/prerender/pages.mjs';
import { startPublishServer } from '../lib/publishServer.mjs';
import { removeBuild } from '../lib/siteServer.mjs';
import { startSyntheticContent } from '../lib/syntheticContent.mjs';

const SIZES = (process.env.BENCH_BUILD_SIZES ?? '45,1000,10000').split(',').map(Number);
const TARGET_MS = 5 * 60_000;

/** @param {string} outDir @param {string} contentHost @param {string[]} [flags] */
function buildOnce(outDir, contentHost, flags = []) {
  const child = spawn(process.execPath, [join(root, 'scripts', 'bench', '_buildRun.mjs'), outDir, ...flags], {
    cwd: root,
    env: { ...process.env, PRERENDER_CONTENT_HOST: contentHost },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  return new Promise((resolve, reject) =>
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(output.trim().split('\n').pop()))
        : reject(new Error(`the build exited with ${code}`)),
    ),
  );
}

/** The publish server's time from a webhook naming `item` to its page's new file. */
async function publishOnce(outDir, content, item) {
  process.env.PRERENDER_CONTENT_HOST = content.url;
  const server = await startPublishServer({ outDir, port: 0, log: () => {}, purge: async () => {} });
  try {
    content.publish(item);
    const started = performance.now();
    const headers = { 'content-type': 'application/json', 'x-publish-secret': 'dev-publish-secret' };
    const body = {
      updates: [
        {
          identifier: `${item}-layout`,
          entity_definition: 'LayoutData',
          operation: 'Update',
          entity_culture: 'en',
          path: item,
        },
      ],
    };
    const answer = await fetch(`${server.url}/api/publish`, { method: 'POST', headers, body: JSON.stringify(body) });
    const { id } = await answer.json();
    for (;;) {
      const status = await (await fetch(`${server.url}/api/publish/${id}`, { headers })).json();
      if (status.state === 'done' || status.state === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const ms = performance.now() - started;
    const page = readFileSync(join(outDir, pageFile(item)), 'utf8');
    if (!page.includes('revision 2')) throw new Error(`the publish did not write ${item}'s new revision`);
    return ms;
  } finally {
    await server.stop();
    delete process.env.PRERENDER_CONTENT_HOST;
  }
}

export async function run() {
  const rows = [];
  for (const size of SIZES) {
    const content = await startSyntheticContent({ routes: size });
    const outDir = mkdtempSync(join(tmpdir(), `bench-build-${size}-`));
    try {
      const full = await buildOnce(outDir, content.url);
      const detail = `${full.rendered} pages, ${availableParallelism()} render threads`;
      rows.push({
        name: `build ${size} routes: time`,
        value: (full.ms / 1000).toFixed(1),
        unit: 's',
        detail,
        ...(size === 10_000 ? { target: '≤ 300 s', ok: full.ms <= TARGET_MS } : {}),
      });
      rows.push({
        name: `build ${size} routes: peak RSS`,
        value: full.peakMb,
        unit: 'MB',
        detail: 'build process, render threads included (Vite bundling included)',
      });
      rows.push({
        name: `build ${size} routes: prerender peak RSS`,
        value: full.prerenderPeakMb,
        unit: 'MB',
        detail: 'sampled every 100 ms once the bundles are built',
      });
      if (size !== Math.max(...SIZES)) continue;
      const item = content.items[Math.floor(content.items.length / 2)];
      content.publish(item);
      const incremental = await buildOnce(outDir, content.url, ['--incremental']);
      rows.push({
        name: `incremental build, 1 route changed of ${size}`,
        value: (incremental.ms / 1000).toFixed(1),
        unit: 's',
        detail: `${incremental.rendered} rendered, ${incremental.unchanged} unchanged (bundles rebuilt, every layout hashed)`,
      });
      rows.push({ name: `incremental build: peak RSS`, value: incremental.peakMb, unit: 'MB' });
      const publishMs = await publishOnce(outDir, content, item);
      rows.push({
        name: `publish to file, 1 page of ${size}`,
        value: Math.round(publishMs),
        unit: 'ms',
        detail: 'POST /api/publish → GET says done (coalescing wait included)',
      });
    } finally {
      removeBuild(outDir);
      await content.stop();
    }
  }
  return rows;
}
