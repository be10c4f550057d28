#!/usr/bin/env node
// `npm run mock`: Prism for every contract in openapi/ on the fixed ports.
// `npm run mock -- --proxy search=https://real.example.com` validates a real service's traffic instead:
// its answers pass through unchanged and every contract violation is logged with its operation and rule.
import { startValidatingProxy } from './contract/proxy.mjs';
import { contractApis, mockPort } from './lib/apis.mjs';
import { root, startPrism } from './lib/prism.mjs';

/** @import { ApiName, PrismServer } from './lib/prism.mjs' */

/**
 * Options of {@link startMocks}.
 * @typedef {object} StartMocksOptions
 * @property {Partial<Record<ApiName, string>>} [proxies] A validating proxy in front of this upstream instead of a mock, per API. Defaults to none.
 * @property {boolean} [quiet] Keep each mock's request log off the terminal. Defaults to true.
 * @property {boolean} [errors] Prism's `--errors` (a request that breaks the contract is answered with the rule). Defaults to false.
 * @property {readonly ApiName[]} [apis] The APIs to start. Defaults to every API with a contract in openapi/.
 * @property {Partial<Record<ApiName, number>>} [ports] Ports instead of the fixed ones (tests: free ports). Defaults to `MOCK_PORTS` (scripts/lib/apis.mjs).
 * @property {(line: string) => void} [log] Where a mock that stops on its own is reported. Defaults to `console.error`.
 */

/**
 * Starts every API's mock (or proxy); returns the servers and a stop function. A mock that stops on
 * its own afterwards (QA stopping one to see the site with that service down, or a crash) is reported
 * in one line naming its API, its port and its exit code or signal, and the others keep running: one
 * service down is a state the site handles, not a reason to stop everything. `stop()` stops them all
 * and reports nothing.
 * @param {StartMocksOptions} [options]
 * @returns {Promise<{ servers: PrismServer[]; stop(): Promise<unknown> }>}
 */
export async function startMocks({
  proxies = {},
  quiet = true,
  errors = false,
  apis = contractApis(root),
  ports = {},
  log = (line) => console.error(line),
} = {}) {
  /** @param {ApiName} api */
  const portOf = (api) => ports[api] ?? mockPort(api);
  const servers = apis.map((api) =>
    proxies[api]
      ? startValidatingProxy({ api, port: portOf(api), upstream: proxies[api], quiet })
      : startPrism(api, { port: portOf(api), quiet, errors }),
  );
  let stopping = false;
  const stop = () => {
    stopping = true;
    return Promise.all(servers.map((s) => s.stop()));
  };
  try {
    await Promise.all(servers.map((s) => s.ready));
  } catch (error) {
    await stop();
    throw error;
  }
  for (const server of servers) {
    void server.exited.then((code) => {
      if (stopping) return;
      const signal = server.child?.signalCode;
      const how = signal ? `signal ${signal}` : `exit code ${code}`;
      log(`Mock ${server.api} (port ${server.port}) stopped (${how}); the other mocks and the site keep running.`);
    });
  }
  return { servers, stop };
}

function parseProxies(argv) {
  const proxies = {};
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] !== '--proxy') continue;
    const [api, upstream] = (argv[i + 1] ?? '').split(/=(.*)/s);
    if (!contractApis(root).includes(api) || !/^https?:\/\//.test(upstream ?? '')) {
      throw new Error(`--proxy expects <api>=<http(s) URL> with api one of ${contractApis(root).join(', ')}`);
    }
    proxies[api] = upstream;
  }
  return proxies;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const proxies = parseProxies(process.argv.slice(2));
  const { servers, stop } = await startMocks({ proxies, quiet: false });
  for (const s of servers) {
    console.log(`${s.api.padEnd(10)} ${proxies[s.api] ? `validating proxy → ${proxies[s.api]}` : 'mock'}  ${s.url}`);
  }
  console.log('Mocks running. Ctrl-C stops them all.');
  let stopping = false;
  const shutdown = async (code) => {
    if (stopping) return;
    stopping = true;
    await stop();
    process.exit(code);
  };
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));
  // A mock that stops on its own is reported by startMocks; the others keep running.
}
