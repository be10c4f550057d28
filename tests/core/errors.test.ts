import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { withPrism } from '../support/prism.ts';
import {
  ApiError,
  CodedError,
  createTransport,
  describeFailure,
  isApiError,
  isCodedError,
  redactUrl,
} from '../../src/core/index.ts';
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

describe('the one error base (CodedError, isCodedError)', () => {
  it('has no cause property at all when given none, as new Error(message)', () => {
    const error = new CodedError('IV-0005', 'Use a date in the past');
    expect(error).toMatchObject({ name: 'CodedError', code: 'IV-0005', message: 'Use a date in the past' });
    expect('cause' in error).toBe(false);
    expect('cause' in new CodedError('IV-0005', 'm', {})).toBe(false);
    expect('cause' in new CodedError('IV-0005', 'm', { cause: undefined })).toBe(false);
    expect(new CodedError('IV-0005', 'm', { cause: 0 }).cause).toBe(0);
  });

  it('tells coded errors (from any copy of the package) from every other value', () => {
    expect(isCodedError(Object.assign(new Error('other copy'), { code: 'NETWORK' }))).toBe(true);
    expect(isCodedError(Object.assign(new Error('errno'), { code: 42 }))).toBe(false);
    expect(isCodedError({ code: 'NETWORK', message: 'not an Error' })).toBe(false);
    expect(isCodedError(undefined)).toBe(false);
  });
});

describe('redactUrl: names and values that are no credential stay as written', () => {
  it.each([
    // Only a name that is exactly `sig`, and only names that start with `auth`, are credentials by those two words.
    ['https://x.example/?design=1&sigma=2&xsig=3&author=yes', 'https://x.example/?design=1&sigma=2&xsig=3&author=***'],
    [
      'https://x.example/?oauth_state=abc&code=xyz&zipcode=12345&code_challenge=E9Mel',
      'https://x.example/?oauth_state=abc&code=***&zipcode=12345&code_challenge=E9Mel',
    ],
    // A name that does not decode is compared as written.
    [`https://x.example/?%E0%A4%A_token=${SECRET}&q=%E0%A4%A`, 'https://x.example/?%E0%A4%A_token=***&q=%E0%A4%A'],
    // `+` is a space in a name: `api+key` is `api key`.
    [`https://x.example/?api+key=${SECRET}`, 'https://x.example/?api+key=***'],
    // The scheme, host and path are no parameter, whatever they hold.
    ['https://token.example/session/key=1', 'https://token.example/session/key=1'],
    ['https://x.example/a?#token=t0k3n1', 'https://x.example/a?#token=***'],
    ['https://x.example/a?q=1&&token=t0k3n1', 'https://x.example/a?q=1&&token=***'],
  ])('%s → %s', (url, expected) => expect(redactUrl(url)).toBe(expected));

  it('removes user and password, and only before the host', () => {
    expect(redactUrl('ftp://user:pw@x.example/a@b?q=c@d')).toBe('ftp://***@x.example/a@b?q=c@d');
    expect(redactUrl('https://x.example/a@b')).toBe('https://x.example/a@b');
    expect(redactUrl('mailto:someone@x.example')).toBe('mailto:someone@x.example');
    expect(redactUrl('s3://AKIA:secret@bucket/key')).toBe('s3://***@bucket/key');
    // A URL in the query is data of this one: its user is no credential of the request.
    expect(redactUrl('https://x.example/share?u=https://bob@example.org/')).toBe(
      'https://x.example/share?u=https://bob@example.org/',
    );
  });
});

describe('ApiError: what it says and keeps of a failed answer', () => {
  const request = { method: 'POST', url: 'https://api.example/v1/orders' };

  it('says the service message, else the status text, else the status', () => {
    const answer = (status: number, statusText = '') => new Response('{}', { status, statusText });
    expect(new ApiError(answer(409, 'Conflict'), {}, request, { message: 'Order exists' }).message).toBe(
      'Order exists',
    );
    expect(new ApiError(answer(409, 'Conflict'), {}, request, { message: '' }).message).toBe('Conflict');
    expect(new ApiError(answer(409), {}, request).message).toBe('HTTP 409');
  });

  it('is branded and printable without its answer', () => {
    const error = new ApiError(new Response('{}', { status: 500, statusText: 'Oops' }), { a: 1 }, request, {
      errorCode: 'E500',
      errors: [{ code: 'E500' }],
    });
    expect(error).toMatchObject({
      name: 'ApiError',
      code: 'E500',
      errorCode: 'E500',
      isApiError: true,
      status: 500,
      statusText: 'Oops',
      body: { a: 1 },
      errors: [{ code: 'E500' }],
      request,
    });
    expect(Object.keys(error)).not.toContain('response');
    expect(isApiError(error)).toBe(true);
    expect(isApiError({ isApiError: 'yes' })).toBe(false);
    expect(isApiError(null)).toBe(false);
    expect(isApiError(undefined)).toBe(false);
    expect(isApiError(new Error('x'))).toBe(false);
  });

  it('keeps the answer itself when the request carried no credential to look for', () => {
    const body = { items: [{ name: 'Radar' }] };
    const errors = [{ message: 'x' }];
    const error = new ApiError(new Response('{}', { status: 400 }), body, request, { errors });
    expect(error.body).toBe(body);
    expect(error.errors).toBe(errors);
  });
});

describe('ApiError masks echoed credentials in every string of the answer, and nothing else', () => {
  const url = `https://api.example/v1/things?api_key=${SECRET}`;
  const failed = (body: unknown, headers?: Record<string, string>) =>
    new ApiError(new Response('{}', { status: 401 }), body, { method: 'GET', url, ...(headers ? { headers } : {}) });

  it('in nested arrays and plain objects (also without a prototype), and in no other object', () => {
    const date = new Date(0);
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { key: SECRET });
    const body = failed({ list: [[`a ${SECRET}`]], bare, date, count: 3, none: null }).body as {
      list: string[][];
      bare: Record<string, unknown>;
      date: Date;
      count: number;
      none: null;
    };
    expect(body.list).toEqual([['a ***']]);
    expect(body.bare.key).toBe('***');
    expect(body.date).toBe(date);
    expect(body.count).toBe(3);
    expect(body.none).toBeNull();
  });

  it('down to 32 levels deep, and leaves what lies deeper as it is', () => {
    type Nest = { inner?: Nest; text: string };
    const nest = (depth: number): Nest => (depth === 0 ? { text: SECRET } : { inner: nest(depth - 1), text: SECRET });
    let deep = failed(nest(40)).body as Nest;
    const texts: string[] = [];
    for (; deep; deep = deep.inner!) texts.push(deep.text);
    // The answer's own object and the 32 levels under it are copied with the echo masked; deeper ones are kept.
    expect(texts.slice(0, 33)).toEqual(Array(33).fill('***'));
    expect(texts.slice(33)).toEqual(Array(8).fill(SECRET));
  });

  it('in arrays nested as deep, and leaves what lies deeper as it is', () => {
    type Nest = [string, Nest?];
    const nest = (depth: number): Nest => (depth === 0 ? [SECRET] : [SECRET, nest(depth - 1)]);
    let deep = failed(nest(40)).body as Nest | undefined;
    const texts: string[] = [];
    for (; deep; deep = deep[1]) texts.push(deep[0]);
    expect(texts.slice(0, 33)).toEqual(Array(33).fill('***'));
    expect(texts.slice(33)).toEqual(Array(8).fill(SECRET));
  });

  it('keeps an answer without a body, and entries that are no JSON value, as they are', () => {
    const error = new ApiError(
      new Response(null, { status: 401 }),
      undefined,
      { method: 'GET', url },
      {
        errors: [undefined, 7, true],
      },
    );
    expect(error.body).toBeUndefined();
    expect(error.errors).toEqual([undefined, 7, true]);
  });

  it('a credential of exactly 6 characters is looked for; a shorter one is not', () => {
    const answer = (key: string) =>
      new ApiError(new Response('{}', { status: 401 }), `no key ${key}`, {
        method: 'GET',
        url: `https://api.example/?api_key=${key}`,
      }).body;
    expect(answer('abcdef')).toBe('no key ***');
    expect(answer('abcde')).toBe('no key abcde');
  });

  it('the password of user information, and the whole of it', () => {
    const error = new ApiError(
      new Response('{}', { status: 401 }),
      'user svc:pa55word refused; pa55word is wrong',
      { method: 'GET', url: 'https://svc:pa55word@api.example/' },
      { message: 'svc:pa55word refused; pa55word is wrong' },
    );
    expect(error.body).toBe('user *** refused; *** is wrong');
    expect(error.message).toBe('*** refused; *** is wrong');
  });

  it("each value of a Cookie header, a header's credentials after its scheme, and no header named like no credential", () => {
    const error = failed(`session sess10n42 and ${SECRET}-b and Basic-auth dXNlcjpw and json-xyz`, {
      Cookie: 'theme=dark-mode; sid=sess10n42',
      Authorization: 'Basic dXNlcjpw',
      'X-Api-Key': `${SECRET}-b`,
      Accept: 'json-xyz',
    });
    expect(error.body).toBe('session *** and *** and Basic-auth *** and json-xyz');
  });

  it('a credential sent encoded, in its decoded forms (`+` as a space and as a plus)', () => {
    const error = new ApiError(new Response('{}', { status: 401 }), 'keys a b c/d, a+b+c/d', {
      method: 'GET',
      url: 'https://api.example/?token=a+b+c%2Fd',
    });
    expect(error.body).toBe('keys ***, ***');
  });

  it('the message: "token": "…" fields, whatever their value, and no other field', () => {
    const error = new ApiError(
      new Response('{}', { status: 400 }),
      {},
      { method: 'GET', url: 'https://api.example/' },
      {
        message: '{"name":"radar","session" :  "s","Token":"t","note":"a \\"token\\": \\"x\\""}',
      },
    );
    expect(error.message).toBe('{"name":"radar","session" :  "***","Token":"***","note":"a \\"token\\": \\"x\\""}');
  });
});

describe('describeFailure: the rest of its one line', () => {
  it('leaves out an empty status text, and cuts the URL at its query or fragment', () => {
    const error = new ApiError(
      new Response('{}', { status: 500 }),
      {},
      { method: 'PUT', url: 'https://x.example/a#t=1' },
    );
    expect(describeFailure(error)).toBe('HTTP 500 from PUT https://x.example/a');
  });

  it('keeps a message or value to 300 characters', () => {
    const long = 'x'.repeat(400);
    expect(describeFailure(new Error(long))).toBe(`Error: ${'x'.repeat(300)}`);
    expect(describeFailure(long)).toBe('x'.repeat(300));
    expect(describeFailure({ toString: () => 'odd value' })).toBe('odd value');
  });
});
