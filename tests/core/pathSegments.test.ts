import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { assertNoDotSegments, isDotSegment } from '../../src/core/pathSegments.ts';
import { createTransport, orvalRequest } from '../../src/core/index.ts';

// Every spelling the URL parser resolves away: `.` or `%2e` (any case), once or twice.
const DOT_SPELLINGS = ['.', '..', '%2e', '%2E', '.%2e', '%2e.', '%2E%2e', '%2e%2E', '%2e%2e', '.%2E', '%2E.'];

describe('isDotSegment: the segments the URL parser resolves away', () => {
  it.each(DOT_SPELLINGS)('%s is one', (segment) => {
    expect(isDotSegment(segment)).toBe(true);
  });

  it.each(['', '...', '%2e%2e%2e', '.%2e.', 'a.', '.a', '..a', '%2ea', '%2f', '%2', '%2e%2', 'x%2e%2e', '%2e%2ex'])(
    '%j is not',
    (segment) => {
      expect(isDotSegment(segment)).toBe(false);
    },
  );

  it('agrees with the URL parser on any short mix of dots, `%2e` and other characters', () => {
    // The parser is the authority: a segment it drops from `/a/<segment>/b` is a dot segment.
    const piece = fc.constantFrom('.', '%2e', '%2E', 'e', '%', '2', 'a');
    fc.assert(
      fc.property(fc.array(piece, { minLength: 1, maxLength: 4 }), (pieces) => {
        const segment = pieces.join('');
        const resolved = new URL(`/a/${segment}/b`, 'https://x.example').pathname;
        expect(isDotSegment(segment)).toBe(resolved !== `/a/${segment}/b`);
      }),
      { numRuns: 300 },
    );
  });
});

describe('assertNoDotSegments: a call whose path parameter is "." or ".." is refused', () => {
  it.each([
    '/products/..',
    '/products/./specs',
    '/products/%2E%2e/specs?x=1',
    '../me',
    'https://api.example.com/v1/products/../me',
    'https://api.example.com/v1/products/%2e',
  ])('refuses %s with a TypeError naming the URL', (url) => {
    expect(() => assertNoDotSegments(url)).toThrow(TypeError);
    expect(() => assertNoDotSegments(url)).toThrow(`Refused to send ${url}: a path parameter is "." or ".."`);
  });

  it.each([
    '/products/..%2Fme',
    '/products/p1/specs',
    '/search?q=..',
    '/search?q=/../x',
    '/docs#..',
    '/docs#/./x',
    'https://api.example.com/v1/products/p.1',
    'https://api.example.com',
    'HTTPS://api.example.com/v1?next=/..',
    '/',
    '',
  ])('returns %j unchanged: no dot segment in its path', (url) => {
    expect(assertNoDotSegments(url)).toBe(url);
  });

  it('reads a dot-named host as a host, not a path segment', () => {
    // Only the path can be resolved away; the host (here one a test server might use) is not part of it.
    expect(assertNoDotSegments('http://../v1/products')).toBe('http://../v1/products');
    expect(assertNoDotSegments('git+ssh://./repo')).toBe('git+ssh://./repo');
    expect(assertNoDotSegments('HTTP://../v1/products')).toBe('HTTP://../v1/products');
    expect(assertNoDotSegments('s3://../bucket')).toBe('s3://../bucket');
  });

  it('reads a scheme only at the start of the URL: a URL inside a path is still a path', () => {
    expect(() => assertNoDotSegments('/redirect/https://../x')).toThrow(TypeError);
  });
});

describe('orvalRequest refuses a dot-segment path parameter before anything is sent', () => {
  it('sends nothing for `..` and sends the encoded value otherwise', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('{"id":"p"}')));
    const client = createTransport({ baseUrl: 'https://api.example.com/v1', fetch });
    await expect(orvalRequest('/products/..', { client })).rejects.toThrow(TypeError);
    expect(fetch).not.toHaveBeenCalled();
    expect(await orvalRequest('/products/..%2Fme', { client })).toEqual({ id: 'p' });
    expect(fetch).toHaveBeenCalledExactlyOnceWith('https://api.example.com/v1/products/..%2Fme', expect.anything());
  });

  it('hands the transport the call’s own init: its method and fetch’s fields', async () => {
    const fetch = vi.fn((_url: RequestInfo | URL, _init?: RequestInit) =>
      Promise.resolve(new Response(null, { status: 204 })),
    );
    const client = createTransport({ fetch });
    expect(await orvalRequest('/things', { client, method: 'DELETE', cache: 'no-store' })).toBeNull();
    expect(fetch.mock.calls[0]![1]).toMatchObject({ method: 'DELETE', cache: 'no-store' });
  });
});
