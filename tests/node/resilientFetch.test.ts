import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resilientFetch, retryDelay } from '../../scripts/lib/prerender/resilientFetch.mjs';

// The build's policy toward the layout service (lib/prerender/resilientFetch.mjs), against a local
// server that hangs, throttles and fails on demand.

let server: Server;
let base: string;
const seen: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    if (req.url === '/hang') return; // never answers: only the deadline ends the attempt
    if (req.url === '/throttled') return res.writeHead(429, { 'retry-after': '0' }).end('slow down');
    if (req.url === '/missing') return res.writeHead(404).end('{}');
    res.writeHead(200).end('ok');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('resilientFetch', () => {
  it('ends an attempt at its deadline and retries it; the last attempt throws the timeout', async () => {
    let attempts = 0;
    const counting: typeof fetch = (input, init) => {
      attempts += 1;
      return fetch(input, init);
    };
    const send = resilientFetch({ deadlineMs: 200, retries: 2, backoffMs: 1, fetch: counting });
    const started = Date.now();
    await expect(send(`${base}/hang`)).rejects.toThrow(/timeout|aborted/i);
    expect(attempts).toBe(3);
    // Three deadlines, not the server's silence: a hanging service never holds the build.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('retries a 429 and answers the last attempt as it came; never retries a 404', async () => {
    seen.length = 0;
    const send = resilientFetch({ retries: 3, backoffMs: 1 });
    const throttled = await send(`${base}/throttled`);
    expect(throttled.status).toBe(429);
    expect(await throttled.text()).toBe('slow down');
    expect(seen.filter((url) => url === '/throttled')).toHaveLength(4);
    expect((await send(`${base}/missing`)).status).toBe(404);
    expect(seen.filter((url) => url === '/missing')).toHaveLength(1);
  });

  it('waits what Retry-After asks (seconds or a date), else backs off exponentially, never over 30 s', () => {
    const answer = (value: string) => new Response(null, { status: 429, headers: { 'retry-after': value } });
    expect(retryDelay(1, 200, answer('2'))).toBe(2000);
    expect(retryDelay(1, 200, answer('3600'))).toBe(30_000);
    const soon = new Date(Date.now() + 5000).toUTCString();
    expect(retryDelay(1, 200, answer(soon))).toBeGreaterThan(3000);
    expect(retryDelay(3, 200)).toBeGreaterThanOrEqual(800);
    expect(retryDelay(3, 200)).toBeLessThan(1600);
    expect(retryDelay(20, 200)).toBe(30_000);
  });
});
