import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifestStamp, readManifest, serverDirIn } from '../../scripts/lib/prerender/manifest.mjs';
import { pageFile, SHELL_FILE } from '../../scripts/lib/prerender/pages.mjs';
import { loadBundle } from '../../scripts/lib/prerender/site.mjs';
import { lockState } from '../../scripts/lib/prerender/stateLock.mjs';
import { layoutUpdate, publishingSite } from '../support/prerenderSite.ts';

// A build and the publish server share a build's files, manifest and server bundle: they take turns
// (lib/prerender/stateLock.mjs), and a build made while the publish server runs (a deployment
// rebuilding for new code, a developer's `npm run build` beside `npm start`) is the site from then
// on: the next publish writes into it, instead of writing back the manifest, sitemap and pages of the
// build the server started with.

const dirs: string[] = [];
const stateDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'build-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** Whether `promise` has settled 50 ms from now. */
const settledSoon = async (promise: Promise<unknown>) => {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  return settled;
};

describe("a build's lock (lockState)", () => {
  it('makes a second holder wait, telling it who holds the lock, until the first gives it back', async () => {
    const dir = stateDir();
    const first = await lockState(dir, { holder: 'npm run build' });
    const told: string[] = [];
    const second = lockState(dir, { holder: 'the publish server', pollMs: 10, onWait: (line) => told.push(line) });
    expect(await settledSoon(second)).toBe(false);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(
      new RegExp(
        `^the publish server: waiting for npm run build \\(pid ${process.pid}, since \\d{4}-\\d\\d-\\d\\dT[^)]+\\) to finish with the build$`,
      ),
    );
    first();
    const release = await second;
    // Given back twice: the second holder's lock stays.
    first();
    expect(existsSync(join(dir, 'lock'))).toBe(true);
    release();
    expect(existsSync(join(dir, 'lock'))).toBe(false);
  });

  it('leaves no folder behind when it made the state folder for itself (a build that failed before writing)', async () => {
    const dir = join(stateDir(), 'not-yet');
    (await lockState(dir, { holder: 'npm run build' }))();
    expect(existsSync(dir)).toBe(false);
  });

  it('gives up after its wait, naming the holder', async () => {
    const dir = stateDir();
    const first = await lockState(dir, { holder: 'npm run build' });
    await expect(lockState(dir, { holder: 'the publish server', waitMs: 100, pollMs: 10 })).rejects.toThrow(
      new RegExp(
        `^the publish server: the build in ${dir} is locked by npm run build \\(pid ${process.pid}, since [^)]+\\); waited 0\\.1 s$`,
      ),
    );
    first();
  });

  it('takes over a lock whose process no longer runs, or that was never written', async () => {
    const dir = stateDir();
    const gone = spawnSync(process.execPath, ['-e', '']).pid;
    writeFileSync(
      join(dir, 'lock'),
      JSON.stringify({ pid: gone, holder: 'npm run build', since: '2026-11-29T00:00:00Z' }),
    );
    const told: string[] = [];
    (await lockState(dir, { holder: 'the publish server', onWait: (line) => told.push(line) }))();
    expect(told).toEqual([]);

    // Made and never written (its process died in between): taken over once it is a few seconds old.
    writeFileSync(join(dir, 'lock'), '');
    const old = new Date(Date.now() - 60_000);
    utimesSync(join(dir, 'lock'), old, old);
    (await lockState(dir, { holder: 'the publish server', waitMs: 1000 }))();
  });
});

describe('a build and the publish server', () => {
  let site: Awaited<ReturnType<typeof publishingSite>>;
  beforeAll(async () => {
    site = await publishingSite({ routes: 8 }, { workers: 1, quietMs: 20 });
  }, 60_000);
  afterAll(() => site?.stop());

  const read = (file: string) => readFileSync(join(site.build.outDir, file), 'utf8');
  const publish = async (path: string) => {
    const answer = await site.post({ updates: [layoutUpdate(path)] });
    expect(answer.status).toBe(202);
    return ((await answer.json()) as { id: string }).id;
  };

  it("a publish after a build made while the publish server ran publishes into that build: its new route stays in the sitemap and the manifest, and the page is rendered with the build's bundle", async () => {
    // The second build: a new route, and a new page template (a new bundle version).
    const { build, content } = site;
    const added = '/news/added-by-the-second-build';
    content.addRoute(added);
    const shell = join(build.outDir, SHELL_FILE);
    writeFileSync(shell, readFileSync(shell, 'utf8').replace('</head>', '<meta name="build" content="second"></head>'));
    const second = await loadBundle(build.outDir, serverDirIn(build.stateDir));
    await build.build({ bundle: second });
    expect(read('sitemap.xml')).toContain(`${added}<`);

    const published = content.items[0]!;
    content.publish(published);
    const status = await site.outcome(await publish(published));

    expect(status).toMatchObject({ state: 'done', failed: [] });
    expect(read('sitemap.xml')).toContain(`${added}<`);
    expect(Object.keys(readManifest(build.stateDir)!.routes)).toContain(added);
    expect(readManifest(build.stateDir)!.bundle).toBe(second.version);
    const page = read(pageFile(published));
    expect(page).toContain('(revision 1)');
    expect(page).toContain('<meta name="build" content="second">');
    expect(site.logged).toContain('publish: the build changed since the last publish; publishing into the new one');
  });

  it('a publish posted during a build waits for it, then writes its page', async () => {
    const path = site.content.items[1]!;
    const release = await lockState(site.build.stateDir, { holder: 'npm run build' });
    let id: string;
    try {
      site.content.publish(path);
      id = await publish(path);
      await expect
        .poll(() => site.logged.some((line) => line.startsWith('the publish server: waiting for npm run build (pid ')))
        .toBe(true);
      expect((await site.status(id)).state).not.toBe('done');
      expect(read(pageFile(path))).not.toContain('(revision 1)');
    } finally {
      release();
    }
    await expect.poll(async () => (await site.status(id)).state).toBe('done');
    expect(read(pageFile(path))).toContain('(revision 1)');
  });

  it('a build started during a publish waits for it, and writes nothing meanwhile', async () => {
    const { build } = site;
    const release = await lockState(build.stateDir, { holder: 'the publish server' });
    const warned: string[] = [];
    const before = manifestStamp(build.stateDir);
    let running: Promise<unknown>;
    try {
      running = build.build({ warn: (line) => warned.push(line) });
      await expect
        .poll(() => warned)
        .toEqual([expect.stringMatching(/^a build: waiting for the publish server \(pid \d+, since /)]);
      expect(manifestStamp(build.stateDir)).toBe(before);
    } finally {
      release();
    }
    await running;
    expect(manifestStamp(build.stateDir)).not.toBe(before);
  });
});
