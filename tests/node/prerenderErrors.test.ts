import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyManifest, mergeManifests } from '../../scripts/lib/prerender/manifest.mjs';
import { mergeShards } from '../../scripts/lib/prerender/merge.mjs';
import { createRenderPool } from '../../scripts/lib/prerender/pool.mjs';
import { purgeHook } from '../../scripts/lib/prerender/purge.mjs';
import { root } from '../../scripts/lib/prism.mjs';
import { MAX_BODY_BYTES, startPublishServer } from '../../scripts/lib/publishServer.mjs';
import { startSyntheticContent } from '../../scripts/lib/syntheticContent.mjs';
import { smallBuild } from '../support/prerenderSite.ts';

// The build's and the publish server's errors, each as its user meets it: a command line, a merge of
// shards, a server started on no build, a body too large, a purge that fails, a thread that cannot start.

const made: string[] = [];
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })));
const tmp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
};
const cli = (script: string, args: string[]) =>
  spawnSync(process.execPath, [join(root, 'scripts', script), ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 30_000,
  });

describe('command lines', () => {
  it.each([
    ['build.mjs', ['--workers', '0'], '--workers "0" is not a whole number ≥ 1'],
    ['build.mjs', ['--retries', '2.5'], '--retries "2.5" is not a whole number ≥ 0'],
    ['build.mjs', ['--shard', '0/4'], '--shard "0/4" is not i/n with 1 ≤ i ≤ n (e.g. 2/8: the second of eight)'],
    ['publish-server.mjs', ['--port', 'x'], '--port must be a port number (got x)'],
    ['publish-server.mjs', ['--workers', '1.5'], '--workers must be a whole number ≥ 1 (got 1.5)'],
    ['merge-shards.mjs', [], "--state: name each shard's state folder (--state a --state b ...)"],
  ])('%s %j exits 1 saying what is wrong before doing anything', (script, args, message) => {
    const run = cli(script, args);
    expect(run.status).toBe(1);
    expect(run.stderr.trim()).toBe(message);
  });
});

describe('merging shards', () => {
  it('refuses shards of different bundles, a page two shards rendered, no shards, and a folder with no manifest', async () => {
    const a = { ...emptyManifest('bundle-a'), shard: '1/2' };
    const b = { ...emptyManifest('bundle-b'), shard: '2/2' };
    expect(() => mergeManifests([a, b])).toThrow(
      'merge: the shards were built from different bundles (bundle-a, bundle-b); rebuild them from one commit',
    );
    const entry = {
      language: 'en',
      file: 'news/index.html',
      layoutHash: 'h',
      dictionary: 'd',
      bundle: 'bundle-a',
      renderedAt: '2026-01-01T00:00:00Z',
      indexable: true,
      alternates: [],
      links: [],
    };
    const twice = [
      { ...a, routes: { '/news': entry } },
      { ...emptyManifest('bundle-a'), shard: '2/2', routes: { '/news': entry } },
    ];
    expect(() => mergeManifests(twice)).toThrow('merge: /news was rendered by two shards (2/2 and another)');
    expect(() => mergeManifests([])).toThrow('merge: no shard manifests given');
    const empty = tmp('shard-state-');
    await expect(mergeShards({ outDir: tmp('merge-out-'), shardStates: [empty] })).rejects.toThrow(
      `merge: ${empty} holds no prerender manifest (a shard's state folder)`,
    );
  });
});

describe('the publish server', () => {
  it('will not start on a build without a manifest, naming the build and what to run', async () => {
    const outDir = tmp('no-build-');
    const stateDir = tmp('no-state-');
    await expect(startPublishServer({ outDir, stateDir, port: 0, log: () => {} })).rejects.toThrow(
      `publish server: ${outDir} has no prerender manifest (in ${stateDir}); run npm run build first`,
    );
  });

  it('answers 413 for a body over its limit', async () => {
    const content = await startSyntheticContent({ routes: 6 });
    const build = await smallBuild(content.url);
    try {
      await build.build();
      const server = await startPublishServer({
        outDir: build.outDir,
        stateDir: build.stateDir,
        port: 0,
        secret: 's',
        contentHost: content.url,
        workers: 1,
        log: () => {},
      });
      try {
        const answer = await fetch(`${server.url}/api/publish`, {
          method: 'POST',
          headers: { 'x-publish-secret': 's', 'content-type': 'application/json' },
          body: 'x'.repeat(MAX_BODY_BYTES + 1),
        });
        expect(answer.status).toBe(413);
        expect(await answer.json()).toEqual({ message: 'The body is larger than 4 MB' });
      } finally {
        await server.stop();
      }
    } finally {
      build.remove();
      await content.stop();
    }
  });
});

describe('the purge command and the render threads', () => {
  it('a purge command that fails rejects naming its exit code', async () => {
    await expect(
      purgeHook({ PUBLISH_PURGE_COMMAND: 'exit 3' }, () => {})(['https://www.aero.example/']),
    ).rejects.toThrow('the purge command exited with code 3');
  });

  it('a server bundle the threads cannot import stops the pool naming why', async () => {
    const missing = join(tmp('no-bundle-'), 'entry-server.js');
    await expect(
      createRenderPool({ serverEntry: pathToFileURL(missing).href, contentHost: 'http://127.0.0.1:9', workers: 1 }),
    ).rejects.toThrow(/^prerender: a render thread could not start: .*entry-server\.js/);
    const broken = join(tmp('bad-bundle-'), 'entry-server.mjs');
    writeFileSync(broken, 'export const createPrerenderer = () => { throw new Error("no renderer here"); };\n');
    await expect(
      createRenderPool({ serverEntry: pathToFileURL(broken).href, contentHost: 'http://127.0.0.1:9', workers: 1 }),
    ).rejects.toThrow('prerender: a render thread could not start: no renderer here');
  });

  // The publish server keeps its threads for as long as it runs: one that a page killed must not
  // leave it with fewer, down to none ("every render thread failed" for every later publish).
  it('a thread that a page runs out of memory or ends fails that page, naming why, and is replaced for the next', async () => {
    const bundle = join(tmp('dying-bundle-'), 'entry-server.mjs');
    writeFileSync(
      bundle,
      `export const createPrerenderer = () => ({
        getLayout: async (path) => ({ path }),
        getDictionary: async () => null,
        render: async (path) => {
          if (path === '/huge') for (const kept = []; ; ) kept.push(new Array(1e6).fill(path));
          if (path === '/exits') process.exit(3);
          return { html: '<p>' + path + '</p>' };
        },
      });\n`,
    );
    const pool = await createRenderPool({
      serverEntry: pathToFileURL(bundle).href,
      contentHost: 'http://127.0.0.1:9',
      workers: 1,
      heapMb: 16,
    });
    try {
      await expect(pool.render({ path: '/huge', language: 'en' })).rejects.toThrow(
        /^a render thread failed: .+ \(each thread has 16 MB: set PRERENDER_THREAD_HEAP_MB for more\)$/,
      );
      await expect(pool.render({ path: '/ok', language: 'en' })).resolves.toMatchObject({
        page: { html: '<p>/ok</p>' },
      });
      await expect(pool.render({ path: '/exits', language: 'en' })).rejects.toThrow(
        'a render thread failed: it exited with code 3',
      );
      await expect(pool.render({ path: '/de/ok', language: 'de' })).resolves.toMatchObject({
        page: { html: '<p>/de/ok</p>' },
      });
    } finally {
      await pool.close();
    }
  });
});
