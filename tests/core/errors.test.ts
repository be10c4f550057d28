import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { withPrism } from '../support/prism.ts';
import { ApiError, createTransport, describeFailure, redactUrl } from '../../src/core/index.ts';
import { createContentClient } from '../../src/content/index.ts';

const SECRET = 'S3CR3T-0f9a';

describe('redactUrl', () => {
  it.each([
    [
      `https://cd.example/layout?item=%2F&sc_apikey=${SECRET}&sc_lang=en`,
      'https://cd.example/layout?item=%2F&sc_apikey=***&sc_lang=en',
    ],
    [
      `/v1.2/browser/b1/show.json?client_key=${SECRET}&api_token=${SECRET}`,
      '/v1.2/browser/b1/show.json?client_key=***&api_token=***',
    ],
    [`https://x.example/cb#access_token=${SECRET}&state=1`, 'https://x.example/cb#access_token=***&state=1'],
    [`https://x.example/?ACCESS_TOKEN=${SECRET}`, 'https://x.example/?ACCESS_TOKEN=***'],
    [`https://x.example/?api%5Fkey=${SECRET}`, 'https://x.example/?api%5Fkey=***'],
    [
      `https://x.example/?id_token=${SECRET}&refresh_token=${SECRET}&client_secret=${SECRET}&password=${SECRET}&code=${SECRET}&sig=${SECRET}`,
      'https://x.example/?id_token=***&refresh_token=***&client_secret=***&password=***&code=***&sig=***',
    ],
    [`https://svc:${SECRET}@x.example/a?q=radar`, 'https://***@x.example/a?q=radar'],
    ['https://x.example/search?q=key+token&page=2', 'https://x.example/search?q=key+token&page=2'],
    ['https://x.example/?sc_apikey=', 'https://x.example/?sc_apikey='],
    // `;`-separated parameters (matrix and legacy query strings) and path parameters
    [`https://x.example/a?a=1;token=${SECRET};b=2`, 'https://x.example/a?a=1;token=***;b=2'],
    [`https://x.example/a;jsessionid=${SECRET}?q=1`, 'https://x.example/a;jsessionid=***?q=1'],
    // credentials under other names
    [
      `https://x.example/?jwt=${SECRET}&pwd=${SECRET}&passwd=${SECRET}&secret=${SECRET}&signature=${SECRET}&x-amz-signature=${SECRET}`,
      'https://x.example/?jwt=***&pwd=***&passwd=***&secret=***&signature=***&x-amz-signature=***',
    ],
    // a value with `=` in it is masked whole; an empty name or a name alone is kept as written
    [`https://x.example/?token=${SECRET}==&=x&token&q`, 'https://x.example/?token=***&=x&token&q'],
  ])('%s → %s', (url, expected) => expect(redactUrl(url)).toBe(expected));
});

// Everything a logger could print of an error.
const everywhere = (error: ApiError) =>
  [
    error.message,
    error.stack ?? '',
    error.request.url,
    JSON.stringify(error),
    inspect(error, { depth: 5 }),
    String(error),
  ].join('\n');

describe('ApiError keeps no secret of the request', () => {
  it('masks the key and token parameters of the URL it was given, in every form it is printed', () => {
    const url = `https://api.example/v1/things?client_key=${SECRET}&api_token=${SECRET}&access_token=${SECRET}&page=2`;
    const error = new ApiError(
      new Response('{}', { status: 500, statusText: 'Server Error' }),
      {},
      { method: 'GET', url },
      { message: `GET ${url} failed` },
    );
    expect(everywhere(error)).not.toContain(SECRET);
    expect(error.request.url).toBe(
      'https://api.example/v1/things?client_key=***&api_token=***&access_token=***&page=2',
    );
    expect(error.message).toBe(
      'GET https://api.example/v1/things?client_key=***&api_token=***&access_token=***&page=2 failed',
    );
    // The answer stays reachable for code, not for printing.
    expect(error.response.status).toBe(500);
  });
});

describe('ApiError keeps no secret of the request that the answer echoes', () => {
  const url = `https://api.example/v1/things?sc_apikey=${SECRET}&page=2`;
  const failed = (message: string, body: unknown = { message }, headers?: Record<string, string>) =>
    new ApiError(
      new Response(JSON.stringify(body), { status: 401, statusText: 'Unauthorized' }),
      body,
      { method: 'GET', url, ...(headers ? { headers } : {}) },
      { message, errors: [{ message }] },
    );

  it('masks a key of the URL that the message derived from the body repeats, in every form it is printed', () => {
    const error = failed(`Invalid API key "${SECRET}" for /v1/things`);
    expect(error.message).toBe('Invalid API key "***" for /v1/things');
    expect(everywhere(error)).not.toContain(SECRET);
    expect(error.body).toEqual({ message: 'Invalid API key "***" for /v1/things' });
    expect(error.errors).toEqual([{ message: 'Invalid API key "***" for /v1/things' }]);
    // Code that needs the answer as sent still has it.
    expect(error.response.status).toBe(401);
  });

  it('masks the key in its percent-encoded form too', () => {
    const spaced = 'S3CR3T key/0f9a';
    const error = new ApiError(
      new Response('{}', { status: 403 }),
      {},
      { method: 'GET', url: `https://api.example/?api_key=${encodeURIComponent(spaced)}` },
      { message: `key ${spaced} refused (sent as ${encodeURIComponent(spaced)})` },
    );
    expect(error.message).toBe('key *** refused (sent as ***)');
  });

  it('masks the value of a secret header the message repeats (Authorization, X-Api-Key)', () => {
    const error = failed(
      `Bearer ${SECRET} expired; key ${SECRET}-2 unknown`,
      {},
      {
        Authorization: `Bearer ${SECRET}`,
        'X-Api-Key': `${SECRET}-2`,
        Accept: 'application/json',
      },
    );
    // The header's whole value (`Bearer …`) is the longest credential, so it goes first.
    expect(error.message).toBe('*** expired; key *** unknown');
    expect(error.message).not.toContain(SECRET);
    expect(JSON.stringify(error)).not.toContain(SECRET);
  });

  it('masks "token": "…"-style fields of a message that carries JSON, whatever their value', () => {
    const error = failed(
      '{"error":"invalid_grant","access_token":"eyJhbGciOi.x.y","refresh_token": "r-1","password":"hunter2","code":"E42"}',
    );
    expect(error.message).toBe(
      '{"error":"invalid_grant","access_token":"***","refresh_token": "***","password":"***","code":"E42"}',
    );
  });

  it('leaves a message without secrets, and short values that would mask ordinary words, as they are', () => {
    const error = new ApiError(
      new Response('{}', { status: 400 }),
      { message: 'check the client key' },
      { method: 'GET', url: 'https://api.example/?client_key=ck' },
      { message: 'check the client key' },
    );
    expect(error.message).toBe('check the client key');
    expect(error.body).toEqual({ message: 'check the client key' });
  });

  it('through a transport: a refused call whose answer repeats the key prints it nowhere', async () => {
    const transport = createTransport({
      baseUrl: 'https://api.example',
      fetch: async () =>
        new Response(JSON.stringify({ message: `Unknown sc_apikey ${SECRET}` }), {
          status: 401,
          headers: { 'Content-Type': 'application/json' },
        }),
      describeError: (body) => ({ message: (body as { message: string }).message }),
    });
    const error = (await transport(`/layout?sc_apikey=${SECRET}`).catch((e: unknown) => e)) as ApiError;
    expect(error.message).toBe('Unknown sc_apikey ***');
    expect(everywhere(error)).not.toContain(SECRET);
  });
});

describe('each API: an error from a real call carries no key', () => {
  const content = withPrism('content');
  const engagement = withPrism('engagement');
  const KEY = '2E7D5A8C-4B1F-4C9A-9D3E-6F0A1B2C3D4E';

  it('content: a refused layout call does not print sc_apikey', async () => {
    const client = createContentClient({
      baseUrl: content.url,
      apiKey: KEY,
      fetch: (input, init) =>
        fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), Prefer: 'code=401' } }),
    });
    const error = (await client.getRoute('/').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.request.url).toContain('sc_apikey=***');
    expect(everywhere(error)).not.toContain(KEY);
  });

  it('engagement: a failed call with client_key and api_token in its URL does not print them', async () => {
    const transport = createTransport({ baseUrl: engagement.url });
    const error = (await transport(`/v1.2/browser/b-1/show.json?client_key=${SECRET}&api_token=${SECRET}`, {
      headers: { Prefer: 'code=500' },
    }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.request.url).toMatch(/client_key=\*\*\*&api_token=\*\*\*$/);
    expect(everywhere(error)).not.toContain(SECRET);
  });
});

describe('describeFailure: one log line for a failed call', () => {
  it('an error answer: status, text, method and the URL without its query (keys and all)', () => {
    const error = new ApiError(
      new Response('{}', { status: 503, statusText: 'Service Unavailable' }),
      {},
      { method: 'GET', url: 'https://cd.example/sitecore/api/layout/render/jss?item=/&sc_apikey=SECRET-KEY' },
    );
    expect(describeFailure(error)).toBe(
      'HTTP 503 Service Unavailable from GET https://cd.example/sitecore/api/layout/render/jss',
    );
  });

  it('no answer: the error name and message, keys masked, never a stack', () => {
    const timeout = new DOMException('Request timed out after 6000 ms', 'TimeoutError');
    expect(describeFailure(timeout)).toBe('TimeoutError: Request timed out after 6000 ms');
    const network = new TypeError('Failed to fetch https://x.example/?access_token=SECRET');
    expect(describeFailure(network)).toBe('TypeError: Failed to fetch https://x.example/?access_token=***');
    expect(describeFailure(network)).not.toContain('\n');
    expect(describeFailure('plain')).toBe('plain');
  });
});
