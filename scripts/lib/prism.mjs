// Starts and stops Prism mock servers. Used by `npm run mock`, `npm start` and the tests.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The fixed ports of ../shared/design/ARCHITECTURE.md. */
export const MOCK_PORTS = { commerce: 4010, engagement: 4011, search: 4012, oneconnect: 4013, auth: 4014 };

/** Asks the OS for a free loopback port. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts `prism mock` for one API, or `prism proxy` in front of `upstream`
 * (then without `--errors`: the upstream's real answer passes unchanged and
 * Prism reports violations in its `sl-violations` header). `spec` defaults to
 * `openapi/<api>/openapi.yaml`. Resolves once Prism says it is listening;
 * rejects if it exits first or takes longer than `startTimeoutMs`. Prism is
 * spawned directly (not through npx) so that killing the PID we hold really
 * frees the port.
 */
export function startPrism(
  api,
  { port, errors = false, upstream, spec = join(root, 'openapi', api, 'openapi.yaml'), quiet = true, startTimeoutMs = 30_000, onLine } = {},
) {
  const args = upstream
    ? ['proxy', spec, upstream, '-p', String(port), '-h', '127.0.0.1']
    : ['mock', spec, '-p', String(port), '-h', '127.0.0.1', ...(errors ? ['--errors'] : [])];
  const child = spawn(join(root, 'node_modules', '.bin', 'prism'), args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  let listening = false;
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`Prism for ${api} did not start within ${startTimeoutMs} ms:\n${output.slice(-2000)}`));
    }, startTimeoutMs);
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
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism for ${api} exited with ${code} before listening:\n${output.slice(-2000)}`));
    });
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    api,
    url,
    port,
    child,
    ready,
    exited,
    /** Stops Prism and waits until it has exited. */
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The APIs that have a contract in openapi/. */
export function presentApis() {
  return Object.keys(MOCK_PORTS).filter((api) => existsSync(join(root, 'openapi', api, 'openapi.yaml')));
}

/**
 * Starts a mock of every contract on free ports (tests and benchmarks, so they
 * never collide with `npm start`); resolves once all listen, stopping them all
 * if one fails. `onLine(api, line)` sees each line a mock prints (its request log:
 * what reached the mock, whatever the browser saw); `startTimeoutMs` is each mock's
 * time to start (see `startPrism`). Returns `{ servers, ports, stop }`.
 */
export async function startMocksOnFreePorts({ errors = true, onLine, startTimeoutMs } = {}) {
  const ports = { ...MOCK_PORTS };
  const servers = [];
  for (const api of presentApis()) {
    ports[api] = await freePort();
    servers.push(startPrism(api, { port: ports[api], errors, startTimeoutMs, onLine: onLine && ((line) => onLine(api, line)) }));
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
