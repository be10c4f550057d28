// @ts-check
// Starts and stops Prism mock servers, and names the mode whose settings point at their fixed ports.
// Used by `npm run mock`, `npm start` and the tests.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { contractApis, MOCK_PORTS } from './apis.mjs';

/** @import { ChildProcess } from 'node:child_process' */
/** @import { AddressInfo } from 'node:net' */

/** @typedef {import('./apis.mjs').ApiName} ApiName */

/**
 * A running (or never spawned) Prism mock.
 * @typedef {object} PrismServer
 * @property {ApiName} api
 * @property {string} url
 * @property {number} port
 * @property {ChildProcess | undefined} child Undefined when Prism was never spawned (its contract file is missing).
 * @property {Promise<string>} ready
 * @property {Promise<number | null>} exited
 * @property {() => Promise<void>} stop SIGTERM, SIGKILL after `stopTimeoutMs`; resolves at most `killTimeoutMs` later, exited or not.
 */

/**
 * Options of {@link startPrism}.
 * @typedef {object} StartPrismOptions
 * @property {number} port
 * @property {boolean} [errors]
 * @property {string} [upstream]
 * @property {string} [spec]
 * @property {boolean} [quiet]
 * @property {number} [startTimeoutMs]
 * @property {number} [stopTimeoutMs] Wait after SIGTERM before SIGKILL. Defaults to 5 000 ms.
 * @property {number} [killTimeoutMs] Wait after SIGKILL before `stop()` resolves anyway. Defaults to 2 000 ms.
 * @property {(line: string) => void} [onLine]
 * @property {string} [bin] The Prism executable. Defaults to `node_modules/.bin/prism`.
 */

/** The project's root folder. */
export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

// The mock-backed mode's one name lives in src (the site's settings check reads it there).
export { MOCK_BACKED_MODE } from '../../src/site/mockBackedMode.mjs';

/**
 * Asks the OS for a free loopback port.
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `prism mock` for one API, or `prism proxy` in front of `upstream`
 * (then without `--errors`: the upstream's real answer passes unchanged and
 * Prism reports violations in its `sl-violations` header). `spec` defaults to
 * `openapi/<api>/openapi.yaml`. Resolves once Prism says it is listening;
 * rejects at once if the contract file or the Prism binary (`bin`) is missing,
 * if Prism exits first, or after `startTimeoutMs` (default 120 s). Prism is spawned directly
 * (not through npx) so that killing the PID we hold really frees the port.
 * `stop()` sends SIGTERM, SIGKILL after `stopTimeoutMs` (default 5 s), and
 * stops waiting `killTimeoutMs` (default 2 s) later: it never hangs a run.
 * @param {ApiName} api
 * @param {StartPrismOptions} options
 * @returns {PrismServer}
 */
export function startPrism(
  api,
  {
    port,
    errors = false,
    upstream,
    spec = join(root, 'openapi', api, 'openapi.yaml'),
    quiet = true,
    // Prism answers in 3-5 s on an idle machine; a loaded CI machine starting six at once (the
    // 421-operation commerce contract among them) has been seen to need over 30 s.
    startTimeoutMs = 120_000,
    stopTimeoutMs = 5_000,
    killTimeoutMs = 2_000,
    onLine,
    bin = join(root, 'node_modules', '.bin', 'prism'),
  } = /** @type {StartPrismOptions} */ ({}),
) {
  const url = `http://127.0.0.1:${port}`;
  // Prism given a missing file neither exits nor listens: it would sit out the whole start timeout.
  if (!/^https?:\/\//i.test(spec) && !existsSync(spec)) {
    const ready = Promise.reject(new Error(`Prism for ${api} could not start: the contract ${spec} does not exist`));
    return { api, url, port, child: undefined, ready, exited: Promise.resolve(null), stop: async () => {} };
  }
  const args = upstream
    ? ['proxy', spec, upstream, '-p', String(port), '-h', '127.0.0.1']
    : ['mock', spec, '-p', String(port), '-h', '127.0.0.1', ...(errors ? ['--errors'] : [])];
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  // A failed spawn (ENOENT) emits 'error' and never 'exit': both end the process's life here.
  const exited = /** @type {Promise<number | null>} */ (
    new Promise((resolve) => {
      child.once('exit', resolve);
      child.once('error', () => child.pid === undefined && resolve(null));
    })
  );
  let output = '';
  let listening = false;
  /** @type {Promise<string>} */
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`Prism for ${api} did not start within ${startTimeoutMs} ms:\n${output.slice(-2000)}`));
    }, startTimeoutMs);
    /** @param {Buffer} chunk */
    const onData = (chunk) => {
      const text = chunk.toString();
      output = (output + text).slice(-20_000);
      for (const line of text.split('\n')) if (line.trim()) onLine?.(line);
      // Prism lists every route while starting; show only what it says once it listens (the requests).
      if (!quiet && listening) process.stdout.write(text.replace(/^(?=.)/gm, `[${api}] `));
      if (/listening on/i.test(text)) {
        listening = true;
        clearTimeout(timer);
        resolve(url);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('error', (error) => {
      clearTimeout(timer);
      const reason =
        /** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT'
          ? `${bin} was not found (run npm ci)`
          : error.message;
      reject(new Error(`Prism for ${api} could not start: ${reason}`));
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism for ${api} exited with ${code} before listening:\n${output.slice(-2000)}`));
    });
  });
  return {
    api,
    url,
    port,
    child,
    ready,
    exited,
    /** Stops Prism: SIGTERM, SIGKILL after `stopTimeoutMs`, and resolves at most `killTimeoutMs` later. */
    async stop() {
      if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      if (await exitsWithin(exited, stopTimeoutMs)) return;
      child.kill('SIGKILL');
      if (await exitsWithin(exited, killTimeoutMs)) return;
      console.warn(`Prism for ${api} (pid ${child.pid}) did not exit after SIGKILL; no longer waiting for it.`);
    },
  };
}

/**
 * Whether `exited` settles within `ms`.
 * @param {Promise<unknown>} exited
 * @param {number} ms
 * @returns {Promise<boolean>}
 */
function exitsWithin(exited, ms) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms, false);
    void exited.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Starts a mock of every contract on free ports (tests and benchmarks, so they
 * never collide with `npm start`); resolves once all listen, stopping them all
 * if one fails. `onLine(api, line)` sees each line a mock prints (its request log:
 * what reached the mock, whatever the browser saw); `startTimeoutMs` is each mock's
 * time to start (see `startPrism`). Returns `{ servers, ports, stop }`.
 * @param {{ errors?: boolean; onLine?: (api: ApiName, line: string) => void; startTimeoutMs?: number }} [options]
 * @returns {Promise<{ servers: PrismServer[]; ports: Record<ApiName, number>; stop(): Promise<unknown> }>}
 */
export async function startMocksOnFreePorts({ errors = true, onLine, startTimeoutMs } = {}) {
  /** @type {Record<ApiName, number>} */
  const ports = { ...MOCK_PORTS };
  /** @type {PrismServer[]} */
  const servers = [];
  for (const api of contractApis(root)) {
    ports[api] = await freePort();
    servers.push(
      startPrism(api, {
        port: ports[api],
        errors,
        startTimeoutMs,
        onLine: onLine && ((/** @type {string} */ line) => onLine(api, line)),
      }),
    );
  }
  const stop = () => Promise.all(servers.map((s) => s.stop()));
  try {
    await Promise.all(servers.map((s) => s.ready));
  } catch (error) {
    await stop();
    throw error;
  }
  return { servers, ports, stop };
}
