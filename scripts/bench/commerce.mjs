// Commerce client benchmarks: bundle size of an app calling Orders.List through the facade,
// of one using a single generated operation, and the facade's per-call overhead against a raw
// fetch to an in-process HTTP stub on loopback.
import { build } from 'esbuild';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REACT_EXTERNAL, bundleSize, root, sizeRow } from './_size.mjs';

const FACADE_APP = `
import { createCommerceClient } from './src/commerce/index.ts';
const client = createCommerceClient({ accessToken: () => sessionStorage.getItem('token') });
client.Orders.List('Incoming', { page: 2, pageSize: 5, filters: { 'xp.Color': 'red' } }).then((page) => console.log(page.Items));
`;

const GENERATED_APP = `
import { ordersList } from './generated/commerce/hooks/orders/orders.ts';
import { createTransport } from './src/core/transport.ts';
const client = createTransport({ baseUrl: 'https://api.ordercloud.io/v1', authorize: () => ({ Authorization: 'Bearer ' + sessionStorage.getItem('token') }) });
ordersList('Incoming', { page: 2, pageSize: 5 }, { client }).then((page) => console.log(page.Items));
`;

const HOOK_APP = `
import { CommerceProvider, useOrdersList } from './src/commerce/react.tsx';
export function Orders() { const { data } = useOrdersList('Incoming', { page: 2 }); return data?.Items?.length; }
export { CommerceProvider };
`;

const BODY = JSON.stringify({
  Items: [{ ID: 'NWA-PO-24117', Status: 'Open', Total: 10336.28 }],
  Meta: { Page: 2, PageSize: 5, TotalCount: 6, TotalPages: 2, ItemRange: [6, 6], NextPageKey: null },
});
const WARMUP = 300;
const SAMPLES = 2500;

async function importFacade(dir) {
  const outfile = join(dir, 'commerce.mjs');
  await build({
    entryPoints: [join(root, 'src/commerce/index.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outfile,
    logLevel: 'silent',
  });
  return import(pathToFileURL(outfile).href);
}

function startStub() {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(BODY) });
    res.end(BODY);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Median time per call of each variant. Calls alternate one by one between the variants, so
 * drift on a shared machine (GC, CPU frequency, other processes) hits all of them alike.
 */
async function measure(variants) {
  const names = Object.keys(variants);
  const samples = Object.fromEntries(names.map((name) => [name, []]));
  for (let i = 0; i < WARMUP; i += 1) for (const name of names) await variants[name]();
  for (let i = 0; i < SAMPLES; i += 1) {
    for (const name of names) {
      const started = performance.now();
      await variants[name]();
      samples[name].push(performance.now() - started);
    }
  }
  return Object.fromEntries(names.map((name) => [name, median(samples[name]) * 1000]));
}

async function overheadRows() {
  const dir = mkdtempSync(join(tmpdir(), 'commerce-bench-'));
  const server = await startStub();
  try {
    const { createCommerceClient } = await importFacade(dir);
    const base = `http://127.0.0.1:${server.address().port}/v1`;
    const client = createCommerceClient({ baseUrl: base, accessToken: 'token' });
    const query = 'xp.Color=red&page=2&pageSize=5';
    const headers = { Authorization: 'Bearer token', 'Content-Type': 'application/json', Accept: 'application/json' };
    const µs = await measure({
      raw: () => fetch(`${base}/orders/Incoming?${query}`, { headers }).then((r) => r.json()),
      transport: () => client.transport(`/orders/Incoming?${query}`).then((r) => r.json()),
      facade: () => client.Orders.List('Incoming', { page: 2, pageSize: 5, filters: { 'xp.Color': 'red' } }),
    });
    const detail = `medians of ${SAMPLES} alternating calls: raw fetch ${µs.raw.toFixed(0)} µs, core transport ${µs.transport.toFixed(0)} µs, facade ${µs.facade.toFixed(0)} µs`;
    const ratio = (a, b) => Number((µs[a] / µs[b]).toFixed(3));
    return [
      {
        name: 'facade Orders.List vs raw fetch, per call (loopback stub)',
        value: ratio('facade', 'raw'),
        unit: '×',
        detail,
        target: '≤ 1.15',
        ok: µs.facade / µs.raw <= 1.15,
      },
      {
        name: 'of which: src/core transport vs raw fetch',
        value: ratio('transport', 'raw'),
        unit: '×',
        detail: 'abort signal + timer held until the caller has read the body',
      },
      {
        name: 'of which: facade vs the transport it sends through',
        value: ratio('facade', 'transport'),
        unit: '×',
        detail: 'table lookup, path and query building, token choice, JSON parse',
      },
    ];
  } finally {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run() {
  return [
    sizeRow(
      'app: one Orders.List call through the facade (whole facade)',
      await bundleSize(FACADE_APP),
      9 * 1024,
      '421 operations, transport, errors, regions',
    ),
    sizeRow(
      'app: one generated operation (ordersList + orvalRequest + createTransport)',
      await bundleSize(GENERATED_APP),
      2 * 1024,
    ),
    sizeRow(
      'app: one bound hook (useOrdersList + CommerceProvider)',
      await bundleSize(HOOK_APP, { external: REACT_EXTERNAL }),
      undefined,
      'React and React Query external',
    ),
    ...(await overheadRows()),
  ];
}
