import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { measurePage } from '../../scripts/lib/pageVitals.mjs';
import { sharedBrowser } from '../support/shared.ts';

// The site bench's figures come from measurePage: these prove each one measures what it says on a page
// whose answer is known (served over real HTTP, so the bytes are the network's).

// A script whose second half is a function nothing calls, and a task of 150 ms after the first paint.
const SCRIPT = `
function used() { document.body.dataset.ran = 'yes'; }
function neverCalled() {
  ${Array.from({ length: 200 }, (_, i) => `document.body.dataset.k${i} = String(${i} * Math.random());`).join('\n  ')}
}
used();
setTimeout(() => { const end = performance.now() + 150; while (performance.now() < end); }, 300);
`;
const PAGE = `<!doctype html><html><head><link rel="stylesheet" href="/blocking.css"></head>
<body><h1>Measured</h1><script src="/app.js"></script></body></html>`;

let server: Server;
let origin: string;
let browser: Browser;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/app.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(SCRIPT);
    else if (req.url === '/blocking.css') res.writeHead(200, { 'content-type': 'text/css' }).end('h1 { color: navy }');
    else res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await sharedBrowser();
});

afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

describe('measurePage (the site bench and the layout-shift tests)', () => {
  it('reports the share of a script that never ran, the requests that held the first paint, and the blocking time after it', async ({
    expect,
  }) => {
    const context = await browser.newContext();
    try {
      const vitals = await measurePage(context, `${origin}/`, { coverage: true, settleMs: 800 });
      const app = vitals.scripts.find((s) => s.url === '/app.js')!;
      expect(app.bytes).toBeGreaterThan(SCRIPT.length); // over the wire: body and headers, uncompressed here
      // neverCalled is most of the file; the lines that ran are the rest.
      const share = app.unusedBytes! / app.bytes;
      expect(share).toBeGreaterThan(0.8);
      expect(share).toBeLessThan(1);
      expect(vitals.unusedJsBytes).toBe(app.unusedBytes);
      expect(vitals.renderBlocking).toEqual(['/blocking.css']);
      // The 150 ms task after the first paint: at least its 100 ms over the 50 ms allowance.
      expect(vitals.tbt).toBeGreaterThanOrEqual(100);
      expect(vitals.longestTask).toBeGreaterThanOrEqual(150);
    } finally {
      await context.close();
    }
  });

  it('leaves coverage off unless asked', async ({ expect }) => {
    const context = await browser.newContext();
    try {
      const vitals = await measurePage(context, `${origin}/`, { settleMs: 0 });
      expect(vitals.unusedJsBytes).toBeUndefined();
      expect(vitals.scripts.map((s) => s.url)).toEqual(['/app.js']);
    } finally {
      await context.close();
    }
  });
});
