#!/usr/bin/env node
// `npm run mock`: Prism for every contract in openapi/ on the fixed ports.
// `npm run mock -- --proxy search=https://real.example.com` validates a real service's traffic instead:
// its answers pass through unchanged and every contract violation is logged with its operation and rule.
import { startValidatingProxy } from './contract/proxy.mjs';
import { MOCK_PORTS, presentApis, startPrism } from './lib/prism.mjs';

/** Starts every API's mock (or proxy); returns the servers and a stop function. */
export async function startMocks({ proxies = {}, quiet = true, errors = false } = {}) {
  const apis = presentApis();
  const servers = apis.map((api) =>
    proxies[api]
      ? startValidatingProxy({ api, port: MOCK_PORTS[api], upstream: proxies[api], quiet })
      : startPrism(api, { port: MOCK_PORTS[api], quiet, errors }),
  );
  const stop = () => Promise.all(servers.map((s) => s.stop()));
  try {
    await Promise.all(servers.map((s) => s.ready));
  } catch (error) {
    await stop();
    throw error;
  }
  return { servers, stop };
}

function parseProxies(argv) {
  const proxies = {};
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i] !== '--proxy') continue;
    const [api, upstream] = (argv[i + 1] ?? '').split(/=(.*)/s);
    if (!(api in MOCK_PORTS) || !/^https?:\/\//.test(upstream ?? '')) {
      throw new Error(`--proxy expects <api>=<http(s) URL> with api one of ${Object.keys(MOCK_PORTS).join(', ')}`);
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
  for (const s of servers) {
    s.exited.then(() => {
      if (!stopping) {
        console.error(`Prism for ${s.api} stopped unexpectedly; stopping the others.`);
        shutdown(1);
      }
    });
  }
}
