import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { createServer, type ViteDevServer } from 'vite';
import { freePort, MOCK_BACKED_MODE, root, type ApiName } from '../../scripts/lib/prism.mjs';
import { mockProxy } from '../../scripts/lib/devServer.mjs';

type Api = ApiName;

/** The site served by Vite against Prism mocks, all on free ports. */
export interface SiteUnderTest {
  /** The site's origin, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** Mock base URLs by API (the browser reaches them through the Vite proxy). */
  mocks: Partial<Record<Api, string>>;
  stop(): Promise<void>;
}

/**
 * A Vite cache folder of a test's own, removed by the returned function (and again when the process
 * exits). Dev servers of the same project running at once (test files in parallel, a developer's
 * `npm start`) would otherwise rewrite each other's pre-bundled dependencies in node_modules/.vite
 * while pages load them.
 */
export function ownViteCache(): { cacheDir: string; remove(): void } {
  const parent = join(root, 'node_modules', '.cache');
  mkdirSync(parent, { recursive: true });
  // A dependency scan still running as its server closes can write its folder after the removal:
  // the folders of test processes that have ended go when the next one starts.
  for (const name of readdirSync(parent)) {
    const pid = Number(/^vite-test-(\d+)-/.exec(name)?.[1]);
    if (pid && !isRunning(pid)) rmSync(join(parent, name), { recursive: true, force: true });
  }
  const cacheDir = mkdtempSync(join(parent, `vite-test-${process.pid}-`));
  const remove = () => rmSync(cacheDir, { recursive: true, force: true });
  process.once('exit', remove);
  return { cacheDir, remove };
}

/** Whether the process `pid` is running. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The Vite dev server (`npm start`) on a free port, proxying to the running `mocks` (base URLs by
 * API), with a Vite cache of its own ({@link ownViteCache}). The run's one is `sharedDevSite()`
 * (tests/support/shared.ts).
 */
export async function startDevSite(mocks: Partial<Record<Api, string>>): Promise<SiteUnderTest> {
  const cache = ownViteCache();
  let vite: ViteDevServer | undefined;
  const stop = async () => {
    await vite?.close();
    cache.remove();
  };
  try {
    vite = await createServer({
      configFile: join(root, 'vite.config.ts'),
      cacheDir: cache.cacheDir,
      logLevel: 'error',
      server: { port: await freePort(), strictPort: true, host: '127.0.0.1', proxy: mockProxy(portsOf(mocks)) },
    });
    await vite.listen();
  } catch (error) {
    await stop();
    throw error;
  }
  const address = vite.httpServer?.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, mocks, stop };
}

/** The ports of mocks given by base URL, as `mockProxy` takes them. */
const portsOf = (mocks: Partial<Record<Api, string>>): Record<Api, number> =>
  Object.fromEntries(Object.entries(mocks).map(([api, url]) => [api, Number(new URL(url!).port)])) as Record<
    Api,
    number
  >;

/** A production build of the site served by `vite preview`. */
export interface BuiltSite {
  /** The preview's origin. */
  url: string;
  /** The build's folder (its `assets/` hold the JavaScript the browser loads). */
  outDir: string;
  stop(): Promise<void>;
}

/**
 * Builds the site for production (every route prerendered) and serves the build with `vite preview`, proxying to the running
 * `mocks` (its mock layer adds the content mock's `Prefer`; the build must not). The run's one such build is
 * `sharedBuiltSite()` (tests/support/shared.ts).
 */
export async function previewBuiltSite(mocks: SiteUnderTest['mocks']): Promise<BuiltSite> {
  const { buildSite, removeBuild } = await import('../../scripts/lib/siteServer.mjs');
  // Prerendered from the running content mock, as the preview will serve it.
  const outDir = await buildSite({ contentPrismUrl: mocks.content });
  try {
    const served = await previewBuild(outDir, mocks);
    return {
      ...served,
      async stop() {
        await served.stop();
        removeBuild(outDir);
      },
    };
  } catch (error) {
    removeBuild(outDir);
    throw error;
  }
}

/**
 * Serves the build in `outDir` with `vite preview` on a free port, proxying to the running `mocks`,
 * until `stop()` (which leaves the build in place): a second server of the run's shared build for a
 * file whose mock of one API is its own, `previewBuild(built.outDir, { ...built.mocks, engagement })`.
 */
export async function previewBuild(outDir: string, mocks: SiteUnderTest['mocks']): Promise<BuiltSite> {
  const { preview } = await import('vite');
  const server = await preview({
    root,
    mode: MOCK_BACKED_MODE, // the mock-backed build's mode: serves dev-public/'s stand-ins
    configFile: join(root, 'vite.config.ts'),
    logLevel: 'error',
    build: { outDir },
    preview: { port: await freePort(), strictPort: true, host: '127.0.0.1', proxy: mockProxy(portsOf(mocks)) },
  });
  const address = server.httpServer.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, outDir, stop: () => server.close() };
}

/** An answer as {@link rawGet} received it. */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The body as sent (still compressed when `content-encoding` says so). */
  body: Buffer;
  /** The body decoded by its `content-encoding` (gzip, br, deflate); throws when it is cut short. */
  decoded(): Buffer;
}

/**
 * One request to `origin` + `path` with Node's http client and exactly `headers` (plus the
 * `Host` and `Connection` every HTTP/1.1 request has): unlike fetch it adds no `Accept`,
 * `Accept-Encoding` or `Sec-Fetch-*` header, decompresses nothing and sends the path as given
 * (`/src/../package.json` stays so), as curl and crawlers do. Rejects when the answer stalls for
 * `timeoutMs` before it is complete (a body that never ends).
 */
export function rawGet(
  origin: string,
  path: string,
  headers: Record<string, string> = {},
  { method = 'GET', timeoutMs = 10_000 } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, path, method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        const encoding = String(res.headers['content-encoding'] ?? 'identity');
        const decoded = () =>
          encoding === 'gzip'
            ? gunzipSync(body)
            : encoding === 'br'
              ? brotliDecompressSync(body)
              : encoding === 'deflate'
                ? inflateSync(body)
                : body;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, decoded });
      });
    });
    req.setTimeout(timeoutMs, () =>
      req.destroy(new Error(`${method} ${path}: no complete answer within ${timeoutMs} ms`)),
    );
    req.on('error', reject);
    req.end();
  });
}
