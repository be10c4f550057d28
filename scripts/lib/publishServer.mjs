// @ts-check
// The publish server: the content platform calls it after each publish (the content contract's
// `PublishWebhook`), and it renders again, in seconds, exactly the pages of the build the publish
// changed (lib/prerender/publish.mjs), with the server bundle and manifest the build kept. A thin
// server over the prerender module, like the editing host: the secret first (constant time), 400
// naming the problem, 202 at once with the publish's id, `GET /api/publish/<id>` for its outcome.
import { cpSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { loadEnv } from 'vite';
import { MOCK_BACKED_MODE, root } from './prism.mjs';
import { openContentHost } from './prerender/contentHost.mjs';
import { manifestStamp, readManifest, serverDirIn, stateDirOf } from './prerender/manifest.mjs';
import { applyPublish, publishChanges } from './prerender/publish.mjs';
import { createPublishQueue } from './prerender/publishQueue.mjs';
import { purgeHook } from './prerender/purge.mjs';
import { bundleVersionOf, loadBundle, openPrerender } from './prerender/site.mjs';
import { processRuns, withStateLock } from './prerender/stateLock.mjs';
import {
  parseJson,
  readBody,
  RequestProblem,
  secretMatcher,
  sendJson,
  listenOnLoopback,
  closeServer,
} from './serverParts.mjs';

/** @import { IncomingMessage, ServerResponse } from 'node:http' */
/** @import { PublishChange } from './prerender/publish.mjs' */

/** The publish server's port unless told otherwise (the site is on 5173, the editing host on 5174). */
export const PUBLISH_PORT = 5175;

/** The secret of the mock-backed mode when `PUBLISH_SECRET` is unset: a documented value, no secret. */
export const DEV_PUBLISH_SECRET = 'dev-publish-secret';

/** The header the platform's webhook carries the shared secret in (set on the webhook's authorization). */
const SECRET_HEADER = 'x-publish-secret';

/** What every call without the right secret gets (401), whatever it asked. */
export const UNAUTHORIZED_MESSAGE = 'Missing or invalid publish secret (the X-Publish-Secret header)';

/** The largest webhook body read (10,000 updates of a few hundred bytes). */
export const MAX_BODY_BYTES = 4 * 1024 * 1024;

const PUBLISH_PATH = '/api/publish';
const REQUEST_DEADLINE_MS = 30_000;

/**
 * The publish secret of `mode` from `env` (`PUBLISH_SECRET`): in the mock-backed mode it defaults to
 * {@link DEV_PUBLISH_SECRET}; any other mode needs its own. Throws naming the problem.
 * @param {string} mode
 * @param {Record<string, string | undefined>} env
 * @param {string} [secret]
 * @returns {string}
 */
export function publishSecret(mode, env, secret = env.PUBLISH_SECRET) {
  const development = mode === MOCK_BACKED_MODE;
  if (!secret && development) return DEV_PUBLISH_SECRET;
  if (!secret)
    throw new Error(`publish server (${mode}): PUBLISH_SECRET is not set: the platform's webhook must send one`);
  if (!development && secret === DEV_PUBLISH_SECRET)
    throw new Error(`publish server (${mode}): PUBLISH_SECRET is the development value`);
  return secret;
}

/**
 * The folder of this process's copies of a build's server bundle (see {@link loadCopy}).
 * @param {string} stateDir
 * @param {number} [pid]
 * @returns {string}
 */
const copiesOf = (stateDir, pid = process.pid) => join(stateDir, `publish-server-${pid}`);

let copies = 0;

/**
 * Copies the server bundle of the build in `outDir` (state in `stateDir`) into a folder of this
 * process's and loads it from there; removes the copies left by publish servers that no longer run.
 * Call it holding the build's lock.
 * @param {string} outDir
 * @param {string} stateDir
 * @returns {Promise<{ bundle: import('./prerender/site.mjs').Bundle; dir: string }>}
 */
async function loadCopy(outDir, stateDir) {
  for (const name of readdirSync(stateDir)) {
    const pid = Number(/^publish-server-(\d+)$/.exec(name)?.[1]);
    if (pid && pid !== process.pid && !processRuns(pid)) rmSync(join(stateDir, name), { recursive: true, force: true });
  }
  const dir = join(copiesOf(stateDir), String((copies += 1)));
  cpSync(serverDirIn(stateDir), dir, { recursive: true });
  try {
    return { bundle: await loadBundle(outDir, dir), dir };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Options of {@link startPublishServer}.
 * @typedef {object} PublishServerOptions
 * @property {string} outDir The build to keep up to date (`npm run build` made it, with its state).
 * @property {string} [stateDir] The build's state folder. Defaults to the build's own.
 * @property {number} [port] Defaults to 5175; 0 for a free one.
 * @property {string} [mode] The mode the build was made for. Defaults to `development` (against the content mock).
 * @property {string} [secret] Defaults to `PUBLISH_SECRET`, then (in the mock-backed mode only) {@link DEV_PUBLISH_SECRET}.
 * @property {string} [contentPrismUrl] The content Prism of the mock-backed mode (one is started otherwise).
 * @property {string} [contentHost] The layout service to read. Defaults to the build's (`PRERENDER_CONTENT_HOST`, the content mock, the mode's).
 * @property {number} [workers] Render threads. Defaults to one per core.
 * @property {import('./prerender/resilientFetch.mjs').FetchPolicy} [fetchPolicy]
 * @property {number} [quietMs] A burst of webhooks ends when none came for this long. Defaults to 250.
 * @property {(urls: string[]) => Promise<void>} [purge] Defaults to the deployment's purge hook (lib/prerender/purge.mjs).
 * @property {(line: string) => void} [log] One line per call and per publish, never the secret. Defaults to `console.log`.
 */

/**
 * Starts the publish server on 127.0.0.1:`port` over the build in `outDir` (see
 * {@link PublishServerOptions}). Returns its URL and `stop()`, which lets queued publishes finish
 * and stops everything it started.
 * @param {PublishServerOptions} options
 * @returns {Promise<{ url: string; stop(): Promise<void> }>}
 */
export async function startPublishServer({
  outDir,
  stateDir = stateDirOf(outDir),
  port = PUBLISH_PORT,
  mode = MOCK_BACKED_MODE,
  secret,
  contentPrismUrl,
  contentHost: givenHost,
  workers,
  fetchPolicy,
  quietMs,
  purge,
  log = (line) => console.log(line),
}) {
  const env = { ...loadEnv(mode, root, ''), ...process.env };
  const matches = secretMatcher(publishSecret(mode, env, secret));
  // The build's state is read with its lock held (a build may be writing it), and the server bundle is
  // used from a copy of its own: a build replaces the original while the render threads still load
  // their lazy chunks from it.
  const lock = { holder: 'the publish server', onWait: log };
  let { manifest, manifestSeen, loaded } = await withStateLock(stateDir, lock, async () => {
    const manifest = readManifest(stateDir);
    if (!manifest)
      throw new Error(`publish server: ${outDir} has no prerender manifest (in ${stateDir}); run npm run build first`);
    return { manifest, manifestSeen: manifestStamp(stateDir), loaded: await loadCopy(outDir, stateDir) };
  });
  const { bundle } = loaded;
  const contentHost = givenHost
    ? { url: givenHost, stop: async () => {} }
    : await openContentHost({ mode, configured: bundle.server.buildSettings.contentHost, contentPrismUrl });
  /** @param {import('./prerender/site.mjs').Bundle} rendering */
  const open = async (rendering) => {
    const opened = await openPrerender({
      outDir,
      bundle: rendering,
      contentHost: contentHost.url,
      mode,
      workers,
      fetchPolicy,
      warn: log,
    });
    // Not fatal: a thread that cannot render the not-found page now reports its pages' failures later.
    await opened.warmUp().catch((error) => log(`warming the render threads up failed: ${error.message}`));
    return opened;
  };
  /** @type {import('./prerender/site.mjs').Prerender} */
  let prerender;
  try {
    prerender = await open(bundle);
  } catch (error) {
    await contentHost.stop();
    rmSync(copiesOf(stateDir), { recursive: true, force: true });
    throw error;
  }
  // What a build wrote since the last publish is the site now: its manifest (its routes, for the
  // sitemap and the links) and its bundle (the scripts its pages load; a full build deletes the old).
  // Read with the build's lock held, so never half of a build.
  const catchUp = async () => {
    const stamp = manifestStamp(stateDir);
    if (stamp !== manifestSeen) {
      const written = readManifest(stateDir);
      if (!written) throw new Error(`${stateDir} no longer holds a prerender manifest; run npm run build`);
      manifest = written;
      manifestSeen = stamp;
      log('publish: the build changed since the last publish; publishing into the new one');
    }
    if (bundleVersionOf(outDir, serverDirIn(stateDir)) === prerender.bundle) return;
    const copy = await loadCopy(outDir, stateDir);
    const next = await open(copy.bundle).catch((error) => {
      rmSync(copy.dir, { recursive: true, force: true });
      throw error;
    });
    await prerender.close();
    rmSync(loaded.dir, { recursive: true, force: true });
    prerender = next;
    loaded = copy;
  };
  const purgeUrls = purge ?? purgeHook(env, log);
  const queue = createPublishQueue({
    quietMs,
    log,
    apply: (/** @type {PublishChange[][]} */ batches) =>
      withStateLock(stateDir, lock, async () => {
        await catchUp();
        const started = Date.now();
        const result = await applyPublish(batches.flat(), { prerender, manifest, outDir, purge: purgeUrls, stateDir });
        manifestSeen = manifestStamp(stateDir);
        log(
          `publish of ${batches.length} webhook(s): ${result.urls.length} URLs changed, ${result.failed.length} pages failed (${Date.now() - started} ms)`,
        );
        for (const { path, message } of result.failed) log(`  ${path} failed, its previous page stays: ${message}`);
        return result;
      }),
  });

  /** @type {(req: IncomingMessage, res: ServerResponse) => Promise<void>} */
  const handle = async (req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    const url = new URL(`http://publish.invalid${req.url?.startsWith('/') ? req.url : '/'}`);
    const started = Date.now();
    res.on('finish', () => log(`${req.method} ${url.pathname} → ${res.statusCode} (${Date.now() - started} ms)`));
    const id = url.pathname.startsWith(`${PUBLISH_PATH}/`) ? url.pathname.slice(PUBLISH_PATH.length + 1) : undefined;
    if (url.pathname !== PUBLISH_PATH && id === undefined)
      return sendJson(res, 404, { message: `No publish endpoint at ${url.pathname}` });
    if (!matches(/** @type {string | undefined} */ (req.headers[SECRET_HEADER])))
      return sendJson(res, 401, { message: UNAUTHORIZED_MESSAGE });
    const allowed = id === undefined ? 'POST' : 'GET';
    if (req.method !== allowed) {
      res.setHeader('Allow', allowed);
      return sendJson(res, 405, { message: `${req.method} is not allowed here: use ${allowed}` });
    }
    if (id !== undefined) {
      const status = queue.status(id);
      return status ? sendJson(res, 200, status) : sendJson(res, 404, { message: `No publish ${JSON.stringify(id)}` });
    }
    const text = await readBody(req, MAX_BODY_BYTES);
    if (text === undefined) throw new RequestProblem(413, `The body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB`);
    const changes = publishChanges(parseJson(text, 'The body'), prerender.languages);
    const status = queue.submit(changes);
    res.setHeader('Location', `${PUBLISH_PATH}/${status.id}`);
    sendJson(res, 202, status);
  };
  const server = createServer((req, res) =>
    handle(req, res).catch((error) => {
      if (error instanceof RequestProblem) return sendJson(res, error.status, { message: error.message });
      log(`${req.method} ${req.url} failed: ${error instanceof Error ? error.message : String(error)}`);
      if (res.headersSent) res.destroy();
      else sendJson(res, 500, { message: 'The publish server failed' });
    }),
  );
  server.requestTimeout = REQUEST_DEADLINE_MS;
  const stopAll = async () => {
    await prerender.close();
    await contentHost.stop();
    rmSync(copiesOf(stateDir), { recursive: true, force: true });
  };
  let url;
  try {
    url = await listenOnLoopback(server, port, 'publish server');
  } catch (error) {
    await stopAll();
    throw error;
  }
  return {
    url,
    async stop() {
      await closeServer(server);
      await queue.idle();
      await stopAll();
    },
  };
}
