import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  composeReader,
  composeSender,
  composeTransport,
  createTransport,
  formBodies,
  KEEPALIVE_MAX_BYTES,
  keepaliveLimit,
  readBody,
  setTimerProvider,
} from '../../src/core/index.ts';

// The transport's edges, each against a stub fetch (no server): what it sends, to which URL, with
// which fields, and how long each call's deadline runs.

type Sent = { url: string; init: RequestInit & Record<string, unknown> };

/** A fetch that records each call and answers with `answer()` (a JSON `{}` by default). */
function recorder(answer: () => Response = () => new Response('{}')) {
  const sent: Sent[] = [];
  const fetch = vi.fn((url: RequestInfo | URL, init?: RequestInit) => {
    sent.push({ url: String(url), init: init as Sent['init'] });
    return Promise.resolve(answer());
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, sent };
}

/** Installs a timer provider that counts the timers still running, and how long each was set for. */
function countTimers() {
  const active = new Set<unknown>();
  const durations: number[] = [];
  setTimerProvider({
    setTimeout: (callback, ms) => {
      durations.push(ms);
      const handle = setTimeout(() => (active.delete(handle), callback()), ms);
      active.add(handle);
      return handle;
    },
    clearTimeout: (handle) => (active.delete(handle), clearTimeout(handle as number)),
    setInterval: () => 0,
    clearInterval: () => {},
  });
  return { active, durations };
}

afterEach(() => {
  setTimerProvider(undefined);
});

describe('where a call goes', () => {
  it('prefixes the base URL, however many slashes end it, to a relative URL, colons in its query included', async () => {
    const { fetch, sent } = recorder();
    const transport = createTransport({ baseUrl: 'https://api.example.com/v1//', fetch });
    await transport('/slots?at=10:30&tz=Europe/Oslo');
    await transport.read('/things');
    expect(transport.baseUrl).toBe('https://api.example.com/v1');
    expect(sent.map((s) => s.url)).toEqual([
      'https://api.example.com/v1/slots?at=10:30&tz=Europe/Oslo',
      'https://api.example.com/v1/things',
    ]);
  });

  it('sends an absolute URL, whatever its scheme, as it is', async () => {
    const { fetch, sent } = recorder();
    const transport = composeTransport({ baseUrl: 'https://api.example.com/v1', fetch });
    for (const url of ['https://cdn.example.com/a', 'HTTP://old.example/b', 'web+app.v2-x://c', 'blob:https://x/1'])
      await transport.read(url);
    expect(sent.map((s) => s.url)).toEqual([
      'https://cdn.example.com/a',
      'HTTP://old.example/b',
      'web+app.v2-x://c',
      'blob:https://x/1',
    ]);
  });

  it('treats a path that only contains a colon later on as relative', async () => {
    const { fetch, sent } = recorder();
    await composeReader({ baseUrl: 'https://api.example.com', fetch })('/a/b:c');
    await composeReader({ baseUrl: 'https://api.example.com', fetch })('1a:b');
    expect(sent.map((s) => s.url)).toEqual(['https://api.example.com/a/b:c', 'https://api.example.com1a:b']);
  });

  it('lets resolveUrl rewrite the URL (with the call’s own fields) before the base URL is prefixed', async () => {
    const { fetch, sent } = recorder();
    const transport = createTransport({
      baseUrl: 'https://api.example.com/v1',
      fetch,
      resolveUrl: (url, init) => `${url}?page=${String(init.page)}`,
    });
    await transport('/orders', { page: 2 });
    expect(sent[0]!.url).toBe('https://api.example.com/v1/orders?page=2');
  });
});

describe('what a call sends', () => {
  it('hands fetch every one of fetch’s own fields the caller gave', async () => {
    const { fetch, sent } = recorder();
    const own = {
      body: '{"a":1}',
      cache: 'no-store',
      integrity: 'sha256-abc',
      keepalive: true,
      mode: 'cors',
      priority: 'low',
      redirect: 'manual',
      referrer: 'about:client',
      referrerPolicy: 'no-referrer',
      duplex: 'half',
    } as const;
    await createTransport({ fetch })('/all', { method: 'POST', ...own, accessToken: 'not for fetch' });
    expect(sent[0]!.init).toMatchObject(own);
    expect(sent[0]!.init).not.toHaveProperty('accessToken');
  });

  it('upper-cases the method, and takes the call’s credentials over the transport’s, same-origin by default', async () => {
    const { fetch, sent } = recorder();
    await composeTransport({ fetch })('/a', { method: 'post', body: 'x' });
    await composeTransport({ fetch, credentials: 'include' })('/b');
    await composeTransport({ fetch, credentials: 'include' })('/c', { credentials: 'omit' });
    expect(sent.map((s) => [s.init.method, s.init.credentials])).toEqual([
      ['POST', 'same-origin'],
      ['GET', 'include'],
      ['GET', 'omit'],
    ]);
  });

  it('merges headers of any shape, lower-cased, over the defaults; a string body is JSON unless the caller says otherwise', async () => {
    const { fetch, sent } = recorder();
    const transport = composeTransport({ fetch, headers: { 'X-Client': 'site' } });
    await transport('/record', {
      method: 'PUT',
      body: 'a',
      headers: { 'Content-Type': 'text/plain', Accept: 'text/*' },
    });
    await transport('/pairs', { method: 'PUT', body: 'b', headers: [['X-Trace', '1']] });
    await transport('/headers', { headers: new Headers({ 'X-Trace': '2' }) });
    expect(sent.map((s) => s.init.headers)).toEqual([
      { accept: 'text/*', 'x-client': 'site', 'content-type': 'text/plain' },
      { accept: 'application/json', 'x-client': 'site', 'x-trace': '1', 'content-type': 'application/json' },
      { accept: 'application/json', 'x-client': 'site', 'x-trace': '2' },
    ]);
  });

  it('sends a form body as its string, keeping a content type the caller set', async () => {
    const { fetch, sent } = recorder();
    const form = new URLSearchParams({ a: '1' });
    await composeTransport({ fetch }, [formBodies])('/form', {
      method: 'POST',
      body: form,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    });
    expect(sent[0]!.init).toMatchObject({
      body: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    });
  });

  it('keeps keepalive up to the byte limit, measured in UTF-8 bytes, and drops it past it', async () => {
    const { fetch, sent } = recorder();
    const send = composeTransport({ fetch }, [keepaliveLimit]);
    const bodies = {
      atLimit: 'a'.repeat(KEEPALIVE_MAX_BYTES),
      pastLimit: 'a'.repeat(KEEPALIVE_MAX_BYTES + 1),
      // 2 bytes a character: long enough to be measured, short enough in bytes to keep keepalive.
      twoByte: 'é'.repeat(Math.floor(KEEPALIVE_MAX_BYTES / 2)),
      // 3 bytes a character: fewer characters than the limit, more bytes.
      threeByte: '€'.repeat(Math.floor(KEEPALIVE_MAX_BYTES / 3) + 1),
    };
    for (const body of Object.values(bodies)) await send('/beacon', { method: 'POST', body, keepalive: true });
    expect(sent.map((s) => s.init.keepalive)).toEqual([true, undefined, true, undefined]);
  });

  it('measures binary, blob and URL-encoded keepalive bodies too, and keeps keepalive for a body it cannot measure', async () => {
    const { fetch, sent } = recorder();
    const send = composeTransport({ fetch }, [keepaliveLimit]);
    const bodies: BodyInit[] = [
      new Uint8Array(KEEPALIVE_MAX_BYTES),
      new Uint8Array(KEEPALIVE_MAX_BYTES + 1),
      new ArrayBuffer(KEEPALIVE_MAX_BYTES + 1),
      new DataView(new ArrayBuffer(KEEPALIVE_MAX_BYTES + 1)),
      new Blob(['a'.repeat(KEEPALIVE_MAX_BYTES)]),
      new Blob(['a'.repeat(KEEPALIVE_MAX_BYTES + 1)]),
      new URLSearchParams({ q: 'a'.repeat(KEEPALIVE_MAX_BYTES) }),
      // Its multipart encoding is the browser's to choose: sent as asked.
      (() => {
        const form = new FormData();
        form.append('q', 'a'.repeat(KEEPALIVE_MAX_BYTES + 1));
        return form;
      })(),
    ];
    for (const body of bodies) await send('/beacon', { method: 'POST', body, keepalive: true });
    // And a keepalive request without a body (a GET beacon) goes as asked.
    await send('/beacon', { method: 'GET', keepalive: true });
    expect(sent.map((s) => s.init.keepalive)).toEqual([
      true,
      undefined,
      undefined,
      undefined,
      true,
      undefined,
      undefined,
      true,
      true,
    ]);
  });

  it('hands fetch the headers the transport merged, never the call’s raw ones', async () => {
    const { fetch, sent } = recorder();
    await composeReader({ fetch })('/h', { headers: { 'X-Trace': '3' }, method: 'get' });
    expect(sent[0]!.init.headers).toEqual({ accept: 'application/json', 'x-trace': '3' });
    expect(sent[0]!.init.method).toBe('GET');
  });
});

describe('createTransport: a Request as openapi-fetch sends it', () => {
  it('sends a GET Request without a body, and lets the call’s own fields win over the Request’s', async () => {
    const { fetch, sent } = recorder();
    const transport = createTransport({ fetch });
    await transport(new Request('https://api.example.com/items', { headers: { 'X-From': 'request' } }));
    await transport(new Request('https://api.example.com/items', { method: 'POST', body: 'x' }), { method: 'PUT' });
    expect(sent[0]!.init).toMatchObject({ method: 'GET', headers: { 'x-from': 'request' } });
    expect(sent[0]!.init).not.toHaveProperty('body');
    expect(sent[1]!.init).toMatchObject({ method: 'PUT', body: 'x' });
  });

  it('reads a Request’s answer as the parsed body', async () => {
    const { fetch } = recorder(() => new Response('{"id":7}'));
    expect(await createTransport({ fetch }).read(new Request('https://api.example.com/items/7'))).toEqual({ id: 7 });
  });
});

describe('authorize', () => {
  it('sees the method, the absolute URL and the call’s fields, and its headers win; a promise is awaited', async () => {
    const { fetch, sent } = recorder();
    const seen: unknown[] = [];
    const transport = createTransport({
      baseUrl: 'https://api.example.com/v1',
      fetch,
      headers: { Authorization: 'none' },
      authorize: async (request) => {
        seen.push(request);
        return { Authorization: `Bearer ${String(request.init.token)}` };
      },
    });
    await transport('/me', { method: 'patch', token: 't1' });
    expect(seen).toEqual([
      { method: 'PATCH', url: 'https://api.example.com/v1/me', init: { method: 'patch', token: 't1' } },
    ]);
    expect(sent[0]!.init.headers).toMatchObject({ authorization: 'Bearer t1' });
  });

  it('sees the URL as it is sent: the base URL, without its trailing slashes, before a relative path', async () => {
    const urls: string[] = [];
    const authorize = ({ url }: { url: string }) => void urls.push(url);
    const { fetch } = recorder();
    await createTransport({ fetch, authorize })('/me');
    await createTransport({ fetch, authorize, baseUrl: 'https://api.example.com/v1//' })('/me');
    await createTransport({ fetch, authorize, baseUrl: 'https://api.example.com/v1' })('https://cdn.example.com/x');
    expect(urls).toEqual(['/me', 'https://api.example.com/v1/me', 'https://cdn.example.com/x']);
  });

  it('adds nothing when it returns no headers, at once or later', async () => {
    const { fetch, sent } = recorder();
    await createTransport({ fetch, authorize: () => undefined })('/a');
    await createTransport({ fetch, authorize: () => Promise.resolve(undefined) })('/b');
    expect(sent.map((s) => s.init.headers)).toEqual([{ accept: 'application/json' }, { accept: 'application/json' }]);
  });
});

describe('readBody', () => {
  it('parses an answer’s body as a call’s is parsed: JSON after a byte-order mark, else text, null when empty', async () => {
    expect(await readBody(new Response('\uFEFF"x"'))).toBe('x');
    expect(await readBody(new Response('plain'))).toBe('plain');
    expect(await readBody(new Response(null, { status: 204 }))).toBeNull();
  });
});

describe('an error answer', () => {
  it('throws the API’s own error class, whose response still has the body to read', async () => {
    class ShopError<TBody = unknown> extends ApiError<TBody> {}
    const { fetch } = recorder(() => new Response('{"message":"sold out"}', { status: 409, statusText: 'Conflict' }));
    const error = await composeReader({ fetch, errorClass: ShopError })('/buy', { method: 'POST' }).catch((e) => e);
    expect(error).toBeInstanceOf(ShopError);
    expect(error).toMatchObject({
      status: 409,
      body: { message: 'sold out' },
      request: { method: 'POST', url: '/buy' },
    });
    expect(await (error as ApiError).response.text()).toBe('{"message":"sold out"}');
  });
});

describe('an error answer without a body', () => {
  it('throws ApiError for a 304 (a conditional request the caller made), whose answer may carry no body', async () => {
    const { fetch } = recorder(() => new Response(null, { status: 304, statusText: 'Not Modified' }));
    const error = await composeSender({ fetch })('/feed', { headers: { 'If-None-Match': '"v1"' } }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 304, body: null });
  });
});

describe('how long a call’s deadline runs', () => {
  it('runs 60 s by default, the transport’s own time when it has one, and the call’s own over both', async () => {
    const { durations } = countTimers();
    const { fetch } = recorder(() => new Response(null, { status: 204 }));
    await composeReader({ fetch })('/a');
    await composeReader({ fetch, timeoutMs: 5_000 })('/b');
    await composeReader({ fetch, timeoutMs: 5_000 })('/c', { timeoutMs: 700 });
    await composeReader({ fetch, timeoutMs: 5_000 })('/d', { timeoutMs: 0 });
    expect(durations).toEqual([60_000, 5_000, 700]);
  });

  it('ends once the caller has read the body, whichever body method it reads with', async () => {
    const { active } = countTimers();
    const answer = () => new Response('a=1', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    const send = composeSender({ fetch: recorder(answer).fetch, timeoutMs: 30_000 });
    for (const read of ['text', 'json', 'arrayBuffer', 'blob', 'formData', 'bytes'] as const) {
      const response = await send('/body');
      expect(active.size, read).toBe(1);
      await (response[read] as () => Promise<unknown>).call(response).catch(() => {});
      expect(active.size, read).toBe(0);
    }
  });

  it('ends at once for an answer without a body', async () => {
    const { active } = countTimers();
    const send = composeSender({ fetch: recorder(() => new Response(null, { status: 204 })).fetch });
    await send('/none', { method: 'DELETE' });
    expect(active.size).toBe(0);
  });

  it('with no timeout, every kind of answer is read as usual', async () => {
    const { active } = countTimers();
    let answer = new Response('{"n":1}');
    const fetch = recorder(() => answer).fetch;
    const untimed = composeTransport({ fetch, timeoutMs: 0 });
    expect(await untimed.read('/body')).toEqual({ n: 1 });
    answer = new Response(null, { status: 204 });
    expect(await untimed.read('/empty', { method: 'DELETE' })).toBeNull();
    answer = new Response(null, { status: 204 });
    expect((await untimed('/empty', { method: 'DELETE' })).status).toBe(204);
    answer = new Response('{"message":"gone"}', { status: 410 });
    await expect(untimed.read('/gone')).rejects.toMatchObject({ name: 'ApiError', status: 410 });
    expect(active.size).toBe(0);
  });

  it('with no timeout, hands fetch the caller’s own signal and its answer is read as usual', async () => {
    const { active } = countTimers();
    const { fetch, sent } = recorder(() => new Response('{"ok":1}'));
    const controller = new AbortController();
    const response = await composeSender({ fetch, timeoutMs: 0 })('/untimed', { signal: controller.signal });
    expect(sent[0]!.init.signal).toBe(controller.signal);
    expect(await response.json()).toEqual({ ok: 1 });
    expect(active.size).toBe(0);
  });
});
