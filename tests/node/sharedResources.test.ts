// The resources a test run shares (tests/support/sharedResources.ts, the globalSetup of both
// projects): a run that needs no mock, build or Chromium starts none, what files ask for starts
// once, a start that cannot work fails at once with its reason, and the end of the run leaves no
// Prism or Chromium behind.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { request, type ClientRequest } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chromium } from 'playwright-core';
import { root } from '../../scripts/lib/prism.mjs';
import { startSharedResources } from '../support/sharedResources.ts';
import { ownViteCache } from '../support/site.ts';

/** The command lines of this process's Prism and Chromium processes. */
function children(): string[] {
  let listed = '';
  try {
    listed = execFileSync('ps', ['-o', 'args=', '--ppid', String(process.pid)], { encoding: 'utf8' });
  } catch {
    // ps exits with 1 when the process has no child.
  }
  return listed.split('\n').filter((line) => /prism|chromium/i.test(line));
}

const ask = async (url: string) => {
  const response = await fetch(url);
  return { status: response.status, body: await response.text() };
};

const chromiumPath = process.env.CHROMIUM_PATH;
afterEach(() => {
  if (chromiumPath === undefined) delete process.env.CHROMIUM_PATH;
  else process.env.CHROMIUM_PATH = chromiumPath;
});

describe('the shared resources of a test run', () => {
  it('start nothing until asked, start what is asked for once, and stop all of it on close', async () => {
    const shared = await startSharedResources();
    let mock: string | undefined;
    try {
      expect(children()).toEqual([]);
      // Two files asking at once get the one mock.
      const [first, second] = await Promise.all([ask(`${shared.url}/mock/auth`), ask(`${shared.url}/mock/auth`)]);
      expect(first.status).toBe(200);
      expect(second).toEqual(first);
      mock = (JSON.parse(first.body) as { url: string }).url;
      expect((await fetch(`${mock}/session`)).status).toBe(200);
      expect(children().filter((line) => /prism/.test(line))).toHaveLength(1);

      const { wsEndpoint } = JSON.parse((await ask(`${shared.url}/browser`)).body) as { wsEndpoint: string };
      const browser = await chromium.connect(wsEndpoint);
      const page = await (await browser.newContext()).newPage();
      await page.setContent('<h1>Shared</h1>');
      expect(await page.locator('h1').innerText()).toBe('Shared');
      await browser.close();
      expect((JSON.parse((await ask(`${shared.url}/browser`)).body) as { wsEndpoint: string }).wsEndpoint).toBe(
        wsEndpoint,
      );
      // Debian's headless shell when it is installed (.ci/run installs it): a tenth of the full
      // browser's CPU per context; the full browser otherwise.
      const shell = '/usr/bin/chromium-headless-shell';
      const expected = process.env.CHROMIUM_PATH ?? (existsSync(shell) ? shell : '/usr/bin/chromium');
      expect(children().some((line) => /chromium/.test(line))).toBe(true);
      expect(children().some((line) => /chromium-headless-shell /.test(line))).toBe(expected.endsWith('-shell'));
    } finally {
      await shared.close();
    }
    expect(children()).toEqual([]);
    await expect(fetch(`${mock}/session`)).rejects.toThrow();
  });

  it('answers a start that cannot work with its reason, at once', async () => {
    process.env.CHROMIUM_PATH = '/nonexistent/chromium';
    const shared = await startSharedResources();
    try {
      const answer = await ask(`${shared.url}/browser`);
      expect(answer.status).toBe(500);
      expect(answer.body).toContain(
        'Chromium not found at /nonexistent/chromium: apt-get update && apt-get install -y chromium',
      );
      expect((await ask(`${shared.url}/mock/weather`)).body).toContain('no contract for "weather"');
      expect(children()).toEqual([]);
    } finally {
      await shared.close();
    }
  });
});

describe('the Chromium slots of a test run', () => {
  it('hands out at most the limit at once, in the order asked; a closed connection frees its slot, and one that stops waiting leaves the queue', async () => {
    const shared = await startSharedResources();
    const granted: string[] = [];
    const held = new Map<string, ClientRequest>();
    /** Asks for a slot as `name`: resolves `queued` once the server has it in line, `slot` once it is granted. */
    const take = async (name: string) => {
      let queued!: () => void;
      let slot!: () => void;
      const said = { queued: new Promise<void>((r) => (queued = r)), slot: new Promise<void>((r) => (slot = r)) };
      const req = request(`${shared.url}/slot/2`, { agent: false }, (res) => {
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          for (const line of chunk.split('\n').filter(Boolean)) {
            if (line === 'queued') queued();
            else {
              granted.push(`${name}: ${line}`);
              slot();
            }
          }
        });
        res.on('error', () => {});
      });
      req.on('error', () => {});
      held.set(name, req);
      req.end();
      await said.queued;
      return said;
    };
    const free = (name: string) => held.get(name)!.destroy();
    try {
      await (
        await take('a')
      ).slot;
      await (
        await take('b')
      ).slot;
      // In line in this order: the first two slots are held, so each waits for one to be freed.
      const c = await take('c');
      await take('gone');
      const d = await take('d');
      free('a');
      await c.slot;
      expect(granted).toEqual(['a: slot 1 of 2', 'b: slot 2 of 2', 'c: slot 2 of 2']);
      // A file that stops waiting takes no slot: the next one in line gets the freed one.
      free('gone');
      free('b');
      await d.slot;
      expect(granted).toEqual(['a: slot 1 of 2', 'b: slot 2 of 2', 'c: slot 2 of 2', 'd: slot 2 of 2']);
    } finally {
      for (const req of held.values()) req.destroy();
      await shared.close();
    }
  });

  it('refuses a slot without a limit', async () => {
    const shared = await startSharedResources();
    try {
      expect(await ask(`${shared.url}/slot/none`)).toEqual({ status: 400, body: 'no slot limit in /slot/none' });
    } finally {
      await shared.close();
    }
  });
});

describe("a test dev server's own Vite cache", () => {
  it('is removed by its test, and one an ended test process left behind goes when the next is made', () => {
    const ended = spawnSync(process.execPath, ['-e', '']).pid!;
    const left = join(root, 'node_modules', '.cache', `vite-test-${ended}-left`, 'deps_temp_1');
    mkdirSync(left, { recursive: true });
    const cache = ownViteCache();
    expect(existsSync(join(left, '..'))).toBe(false);
    expect(existsSync(cache.cacheDir)).toBe(true);
    // A running test's folder is its own.
    const other = ownViteCache();
    expect(existsSync(cache.cacheDir)).toBe(true);
    cache.remove();
    other.remove();
    expect(existsSync(cache.cacheDir)).toBe(false);
    expect(existsSync(other.cacheDir)).toBe(false);
  });
});
