// Starts `prism proxy` WITHOUT --errors: the upstream's real answer reaches the client
// unchanged and Prism reports what violates the contract in an `sl-violations` header.
// (scripts/lib/prism.mjs passes --errors in proxy mode, which replaces a violating
// answer by a 500 and logs no detail.)
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { root } from '../lib/prism.mjs';

/**
 * Spawns Prism's proxy for contract file `spec` in front of `upstream` on
 * 127.0.0.1:`port`. Returns `{ child, url, ready, exited, output(), stop() }`;
 * `ready` resolves once Prism listens and rejects (with Prism's last output) if
 * it exits first or takes longer than `startTimeoutMs` (default 30 s).
 */
export function startPrismProxy({ spec, upstream, port, startTimeoutMs = 30_000 }) {
  const child = spawn(join(root, 'node_modules', '.bin', 'prism'), ['proxy', spec, upstream, '-p', String(port), '-h', '127.0.0.1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error(`Prism proxy did not start within ${startTimeoutMs} ms:\n${output.slice(-2000)}`));
    }, startTimeoutMs);
    const onData = (chunk) => {
      output = (output + chunk.toString()).slice(-20_000);
      if (/listening on/i.test(output)) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${port}`);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`Prism proxy exited with ${code} before listening:\n${output.slice(-2000)}`));
    });
  });
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    ready,
    exited,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
