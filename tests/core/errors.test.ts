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
