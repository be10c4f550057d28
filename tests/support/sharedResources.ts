// What every file of a test run shares, kept in vitest's main process (the globalSetup of both
// projects): one Prism mock per contract, the production build served by `vite preview` against
// those mocks, and one Chromium. Each is started by the first file that asks for it (through
// tests/support/shared.ts, over a loopback HTTP server whose address the files are given), and
// stopped when the run ends: a run of one jsdom file starts none of them, a run of every Chromium
// suite builds the site once and launches Chromium once. It also hands out the run's Chromium
// slots: how many browser contexts the files of the run may have open at once, whichever files run.
import { createServer, type ServerResponse } from 'node:http';
import type { BrowserServer } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from '../../scripts/lib/browser.mjs';
import { contractApis } from '../../scripts/lib/apis.mjs';
import { freePort, root, startPrism, type ApiName, type PrismServer } from '../../scripts/lib/prism.mjs';
import { previewBuiltSite, startDevSite, type BuiltSite, type SiteUnderTest } from './site.ts';

/** The shared resources of one run, as {@link startSharedResources} starts them. */
export interface SharedResources {
  /**
   * Where they are handed out: `GET /mock/<api>` → `{ url }`, `/site` → `{ url, mocks, outDir }`,
   * `/dev` → `{ url, mocks }`, `/browser` → `{ wsEndpoint }`; `/slot/<limit>` answers `queued` at once, then `slot <n> of
   * <limit>` once fewer than `limit` slots are taken (the body left open): the slot is free again
   * when that connection closes.
   */
  url: string;
  /** Stops whatever was started (and whatever is still starting, once it has), and the server. */
  close(): Promise<void>;
}

/** The run's resources, and how many projects still use them. */
interface Service extends SharedResources {
  users: number;
}

// Both projects list this file; vitest loads it once per project, in the same process.
const RUN = Symbol.for('aero-site-clients.sharedResources');
const store = globalThis as { [RUN]?: Promise<Service> };

/**
 * vitest's globalSetup: starts (once per run, whichever project comes first) the loopback server
 * that hands out the shared resources, gives its address to the project's files as
 * `inject('sharedResources')`, and stops everything it started once the last project is done.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const service = await (store[RUN] ??= startSharedResources().then((started) => ({ ...started, users: 0 })));
  service.users += 1;
  project.provide('sharedResources', service.url);
  return async () => {
    service.users -= 1;
    if (service.users > 0) return;
    delete store[RUN];
    await service.close();
  };
}

/**
 * Starts the loopback server that hands out the shared resources, each started on its first request
 * (a Prism mock per contract, `--errors`; the production build previewed against all of them; the
 * dev server proxying to them; Chromium via `launchBrowserServer`); a start that fails answers 500 with its error, at once for
 * every later request. Nothing is started before it is asked for.
 */
export async function startSharedResources(): Promise<SharedResources> {
  const prisms = new Map<ApiName, Promise<PrismServer>>();
  const started: PrismServer[] = [];
  let site: Promise<BuiltSite & { mocks: Partial<Record<ApiName, string>> }> | undefined;
  let browser: Promise<BrowserServer> | undefined;
  let dev: Promise<SiteUnderTest> | undefined;

  // Prism with `--errors`, as every suite started its own; a port taken between freePort and
  // Prism's listen is retried on another.
  const mock = (api: ApiName): Promise<PrismServer> => {
    let running = prisms.get(api);
    if (!running) {
      running = (async () => {
        for (let attempt = 0; ; attempt += 1) {
          const server = startPrism(api, { port: await freePort(), errors: true });
          started.push(server);
          try {
            await server.ready;
            return server;
          } catch (error) {
            await server.stop();
            if (attempt === 2) throw error;
          }
        }
      })();
      prisms.set(api, running);
    }
    return running;
  };
  // Every Chromium suite of the run depends on this one build: a build that fails once (a request
  // to a mock lost on a loaded machine) is tried once more before they all fail with it.
  const builtSite = () =>
    (site ??= (async () => {
      const servers = await Promise.all(contractApis(root).map(mock));
      const mocks = Object.fromEntries(servers.map((s) => [s.api, s.url])) as Partial<Record<ApiName, string>>;
      const preview = await previewBuiltSite(mocks).catch((error: Error) =>
        previewBuiltSite(mocks).catch((again: Error) => {
          throw new AggregateError([error, again], `the build failed twice: ${error.message}; then ${again.message}`);
        }),
      );
      return { ...preview, mocks };
    })());

  const answers: Record<string, (arg: string) => Promise<unknown>> = {
    mock: async (api) => {
      if (!contractApis(root).includes(api as ApiName)) throw new Error(`no contract for ${JSON.stringify(api)}`);
      return { url: (await mock(api as ApiName)).url };
    },
    site: async () => {
      const { url, mocks, outDir } = await builtSite();
      return { url, mocks, outDir };
    },
    // The dev server against the same mocks, with a Vite cache of its own (tests/support/site.ts).
    dev: async () => {
      const { url, mocks } = await (dev ??= Promise.all(contractApis(root).map(mock)).then((servers) =>
        startDevSite(Object.fromEntries(servers.map((s) => [s.api, s.url]))),
      ));
      return { url, mocks };
    },
    browser: async () => ({ wsEndpoint: (await (browser ??= launchBrowserServer())).wsEndpoint() }),
  };

  // Chromium slots: taken in the order asked for, each held by its open connection, so a file
  // that ends or dies frees its slots with its sockets.
  let taken = 0;
  const waiting: { limit: number; res: ServerResponse }[] = [];
  const grant = () => {
    for (let i = 0; i < waiting.length; i += 1) {
      const { limit, res } = waiting[i]!;
      if (taken >= limit) continue;
      waiting.splice(i, 1);
      i -= 1;
      taken += 1;
      res.once('close', () => {
        taken -= 1;
        grant();
      });
      res.write(`slot ${taken} of ${limit}\n`);
    }
  };
  const slot = (limitArg: string, res: ServerResponse) => {
    const limit = Number(limitArg);
    if (!Number.isInteger(limit) || limit < 1) return void res.writeHead(400).end(`no slot limit in /slot/${limitArg}`);
    const entry = { limit, res };
    waiting.push(entry);
    res.writeHead(200, { 'Content-Type': 'text/plain' }).write('queued\n');
    // A file that stops waiting (it ended, or its test timed out) leaves the queue.
    res.once('close', () => {
      const index = waiting.indexOf(entry);
      if (index >= 0) waiting.splice(index, 1);
    });
    grant();
  };

  const server = createServer((req, res) => {
    const [, name = '', arg = ''] = (req.url ?? '').split('/');
    if (name === 'slot') return slot(arg, res);
    const answer = answers[name];
    if (!answer) return void res.writeHead(404).end();
    answer(decodeURIComponent(arg)).then(
      (value) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(value)),
      (error: Error) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end(error.stack ?? String(error)),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  // If the run ends without its teardown (an interrupted run), no Prism or Chromium outlives it.
  const killAll = () => {
    for (const { child } of started) if (child?.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    void browser?.then((b) => b.process().kill('SIGKILL')).catch(() => {});
  };
  process.once('exit', killAll);

  return {
    url,
    async close() {
      process.off('exit', killAll);
      // Held slots are open connections: server.close would wait for them.
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      // Whatever is still starting is stopped once it has started (or failed).
      const settled = <T>(p: Promise<T> | undefined) => p?.catch(() => undefined) ?? Promise.resolve(undefined);
      await (await settled(browser))?.close();
      await (await settled(site))?.stop();
      await (await settled(dev))?.stop();
      await Promise.all([...prisms.values()].map(settled));
      await Promise.all(started.map((s) => s.stop()));
    },
  };
}
