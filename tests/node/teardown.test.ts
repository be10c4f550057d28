// When Prism or Chromium is missing or stuck, a suite must fail in seconds with
// the reason, never wait minutes in beforeAll/afterAll. The bounds are injected
// small here; real child processes stand in for a stuck Prism or Chromium.
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { freePort, startPrism, type PrismServer } from '../../scripts/lib/prism.mjs';
import { launchBrowserServer } from '../../scripts/lib/browser.mjs';
import { launchBrowser, startAll } from '../support/browser.ts';

const dir = mkdtempSync(join(tmpdir(), 'teardown-'));
const running: PrismServer[] = [];
afterAll(() => {
  // process.kill, not child.kill: one test replaces child.kill to play a lost signal.
  for (const { child } of running)
    if (child?.pid && child.exitCode === null && child.signalCode === null) process.kill(child.pid, 'SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Writes an executable script standing in for Prism or Chromium. */
function fakeBin(name: string, source: string): string {
  const path = join(dir, name);
  writeFileSync(path, source);
  chmodSync(path, 0o755);
  return path;
}

// Says it listens, as Prism does, then ignores SIGTERM and never exits by itself.
const stubbornPrism = fakeBin(
  'stubborn-prism',
  `#!${process.execPath}
process.on('SIGTERM', () => {});
const port = process.argv[process.argv.indexOf('-p') + 1];
console.log('[CLI] info Prism is listening on http://127.0.0.1:' + port);
setInterval(() => {}, 1000);
`,
);

/** Runs `work`, returning how long it took to settle (ms) and its outcome. */
async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value?: T; error?: Error }> {
  const start = performance.now();
  try {
    const value = await work();
    return { ms: performance.now() - start, value };
  } catch (error) {
    return { ms: performance.now() - start, error: error as Error };
  }
}

describe('startPrism / stop()', () => {
  it('stop() kills a Prism that ignores SIGTERM once stopTimeoutMs has passed', async () => {
    const server = startPrism('auth', { port: await freePort(), bin: stubbornPrism, stopTimeoutMs: 300 });
    running.push(server);
    await server.ready;
    const { ms } = await timed(() => server.stop());
    expect(ms).toBeLessThan(2_000);
    expect(server.child?.signalCode).toBe('SIGKILL');
  }, 10_000);

  it('stop() resolves within its bound even when the process never exits (the kill is lost)', async () => {
    const server = startPrism('auth', {
      port: await freePort(),
      bin: stubbornPrism,
      stopTimeoutMs: 200,
      killTimeoutMs: 200,
    });
    running.push(server);
    await server.ready;
    vi.spyOn(server.child!, 'kill').mockReturnValue(true);
    const { ms } = await timed(() => server.stop());
    expect(ms).toBeLessThan(2_000);
  }, 10_000);

  it('a missing Prism binary rejects at once with the reason, and stop() then resolves at once', async () => {
    const bin = join(dir, 'no-such-prism');
    const server = startPrism('auth', { port: await freePort(), bin });
    const started = await timed(() => server.ready);
    expect(started.ms).toBeLessThan(2_000);
    expect(started.error?.message).toBe(`Prism for auth could not start: ${bin} was not found (run npm ci)`);
    const stopped = await timed(() => server.stop());
    expect(stopped.ms).toBeLessThan(500);
  }, 10_000);

  it('a spec that does not exist rejects at once, naming the file, without starting Prism', async () => {
    const spec = join(dir, 'missing.yaml');
    const server = startPrism('auth', { port: await freePort(), spec });
    const started = await timed(() => server.ready);
    expect(started.ms).toBeLessThan(1_000);
    expect(started.error?.message).toBe(`Prism for auth could not start: the contract ${spec} does not exist`);
    expect((await timed(() => server.stop())).ms).toBeLessThan(500);
  }, 10_000);
});

describe('launchBrowser', () => {
  it('rejects at once with the install command when Chromium is missing', async () => {
    const { ms, error } = await timed(() => launchBrowser({ executablePath: '/nonexistent/chromium' }));
    expect(ms).toBeLessThan(2_000);
    expect(error?.message).toBe(
      'Chromium not found at /nonexistent/chromium: apt-get update && apt-get install -y chromium',
    );
  }, 10_000);

  it('rejects within launchTimeoutMs when Chromium starts but never answers', async () => {
    const silent = fakeBin('silent-chromium', '#!/bin/sh\nexec sleep 60\n');
    const { ms, error } = await timed(() => launchBrowser({ executablePath: silent, launchTimeoutMs: 500 }));
    expect(ms).toBeLessThan(5_000);
    expect(error?.message).toContain(`Chromium at ${silent} did not start within 500 ms`);
  }, 10_000);
});

describe('launchBrowserServer (the Chromium a run shares)', () => {
  it('rejects at once with the install command when Chromium is missing', async () => {
    const { ms, error } = await timed(() => launchBrowserServer({ executablePath: '/nonexistent/chromium' }));
    expect(ms).toBeLessThan(2_000);
    expect(error?.message).toBe(
      'Chromium not found at /nonexistent/chromium: apt-get update && apt-get install -y chromium',
    );
  }, 10_000);

  it('rejects within launchTimeoutMs when Chromium starts but never answers', async () => {
    const silent = fakeBin('silent-chromium-server', '#!/bin/sh\nexec sleep 60\n');
    const { ms, error } = await timed(() => launchBrowserServer({ executablePath: silent, launchTimeoutMs: 500 }));
    expect(ms).toBeLessThan(5_000);
    expect(error?.message).toContain(`Chromium at ${silent} did not start within 500 ms`);
  }, 10_000);
});

describe('startAll (beforeAll with several servers)', () => {
  it('throws the failure only after the other starts settled, so afterAll can stop what did start', async () => {
    let site: string | undefined;
    let open!: (value: string) => void;
    const outcome = startAll([
      new Promise<string>((resolve) => {
        open = resolve;
      }).then((value) => {
        site = value;
      }),
      Promise.reject(new Error('Chromium not found')),
    ]).then(
      () => ({ message: 'resolved', siteWhenThrown: site }),
      (error: Error) => ({ message: error.message, siteWhenThrown: site }),
    );
    await new Promise((resolve) => setImmediate(resolve)); // let a plain Promise.all reject first, if it would
    open('site');
    expect(await outcome).toEqual({ message: 'Chromium not found', siteWhenThrown: 'site' });
  });
});
