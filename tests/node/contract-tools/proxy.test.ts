// The QA validating proxy: Prism's proxy in front of a real (here: loopback) service,
// logging every contract violation with its operation and rule.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/prism.mjs';
import { operationMatcher, parseContract } from '../../../scripts/contract/contracts.mjs';
import { startValidatingProxy, type ProxyViolation, type ValidatingProxy } from '../../../scripts/contract/proxy.mjs';
import { FIXTURES, fixture } from './fixtureRepo.ts';

const GYRO = { id: 'w-1', name: 'Gyro', status: 'active', weight: 1.5 };
// The widget list breaks the contract twice: an unknown status and a weight that is not a number.
const BROKEN_LIST = JSON.stringify([{ id: 'w-9', name: 'Strut', status: 'lost', weight: 'heavy' }]);

function json(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(body);
}

function realService(hits: string[]) {
  return (req: IncomingMessage, res: ServerResponse) => {
    hits.push(`${req.method} ${req.url}`);
    req.resume();
    if (req.method === 'GET' && req.url?.startsWith('/widgets?')) return json(res, 200, BROKEN_LIST);
    if (req.method === 'GET' && req.url === '/widgets/w-1') return json(res, 200, JSON.stringify(GYRO));
    if (req.method === 'POST' && req.url === '/widgets') return json(res, 201, JSON.stringify(GYRO));
    return json(res, 404, '{"message":"not here"}');
  };
}

describe('validating proxy (npm run mock -- --proxy <api>=<url>)', () => {
  const hits: string[] = [];
  const lines: string[] = [];
  const violations: ProxyViolation[] = [];
  let upstream: Server;
  let proxy: ValidatingProxy;

  beforeAll(async () => {
    upstream = createServer(realService(hits));
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const address = upstream.address();
    if (!address || typeof address === 'string') throw new Error('upstream did not listen on a port');
    proxy = startValidatingProxy({
      api: 'widgets',
      port: await freePort(),
      upstream: `http://127.0.0.1:${address.port}`,
      spec: join(FIXTURES, 'widgets', 'base.yaml'),
      log: (line) => lines.push(line),
      onViolation: (v) => violations.push(v),
    });
    await proxy.ready;
  }, 60_000);

  afterAll(async () => {
    await proxy?.stop();
    if (upstream) await new Promise((resolve) => upstream.close(resolve));
  });

  const since = (start: number) => lines.slice(start);

  it('passes the real answer through and logs each response violation with operation and rule', async () => {
    const start = lines.length;
    const response = await fetch(`${proxy.url}/widgets?region=eu`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(BROKEN_LIST);
    expect(since(start)).toEqual([
      expect.stringMatching(
        /^\[widgets\] ✖ listWidgets \(GET \/widgets\) → 200: response\.body\.0\.status \[enum\] .*allowed values/,
      ),
      expect.stringMatching(
        /^\[widgets\] ✖ listWidgets \(GET \/widgets\) → 200: response\.body\.0\.weight \[type\] .*must be number/,
      ),
    ]);
    expect(violations.at(-1)).toMatchObject({
      api: 'widgets',
      operationId: 'listWidgets',
      method: 'GET',
      path: '/widgets',
      status: 200,
      rule: 'type',
    });
  });

  it('logs nothing for an exchange that honours the contract', async () => {
    const start = lines.length;
    const response = await fetch(`${proxy.url}/widgets/w-1`);
    expect(await response.json()).toEqual(GYRO);
    expect(since(start)).toEqual([]);
  });

  it('still forwards a request that breaks the contract, and logs the broken rule', async () => {
    const start = lines.length;
    const response = await fetch(`${proxy.url}/widgets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"status":"active"}',
    });
    expect(response.status).toBe(201);
    expect(hits).toContain('POST /widgets');
    expect(since(start)).toEqual([
      expect.stringMatching(
        /^\[widgets\] ✖ createWidget \(POST \/widgets\) → 201: request\.body \[required\] .*'name'/,
      ),
    ]);
  });

  it('names a request outside the contract as such', async () => {
    const start = lines.length;
    const response = await fetch(`${proxy.url}/gadgets`);
    expect(response.status).toBe(404);
    expect(since(start)).toEqual([
      '[widgets] ⚠ GET /gadgets (no operation of the contract) → 404: request Selected route not found',
    ]);
  });

  it('never writes the query string, which may carry tokens, to the log', async () => {
    const start = lines.length;
    await (await fetch(`${proxy.url}/widgets?status=lost&access_token=s3cret`)).text();
    expect(since(start).length).toBeGreaterThan(0);
    expect(since(start).join('\n')).not.toContain('s3cret');
    expect(since(start)[0]).toMatch(
      /^\[widgets\] ✖ listWidgets \(GET \/widgets\) → 200: request\.query\.status \[enum\]/,
    );
  });
});

describe('operationMatcher', () => {
  const match = operationMatcher(parseContract(fixture('widgets/base.yaml'), 'widgets'));

  it('finds the operation of a concrete path, preferring literal segments', () => {
    expect(match('DELETE', '/widgets/w-1')).toEqual({
      operationId: 'deleteWidget',
      method: 'DELETE',
      path: '/widgets/{id}',
    });
    expect(match('get', '/widgets')).toEqual({ operationId: 'listWidgets', method: 'GET', path: '/widgets' });
    expect(match('PATCH', '/widgets/w-1')).toBeUndefined();
  });

  it('strips the path of a server URL first', () => {
    const withServer = operationMatcher({
      servers: [{ url: 'https://api.example.com/v1' }],
      paths: { '/me': { get: { operationId: 'getMe' } }, '/{id}': { get: { operationId: 'getAny' } } },
    });
    expect(withServer('GET', '/v1/me')).toEqual({ operationId: 'getMe', method: 'GET', path: '/me' });
    expect(withServer('GET', '/v1/x1')).toEqual({ operationId: 'getAny', method: 'GET', path: '/{id}' });
  });
});
