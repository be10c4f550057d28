import { waitFor } from '@testing-library/dom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createServer, type Server } from 'node:http';
import {
  ApiError,
  CodedError,
  composeReader,
  composeSender,
  composeTransport,
  createTransport,
  formBodies,
  KEEPALIVE_MAX_BYTES,
  keepaliveLimit,
  isApiError,
  isCodedError,
  orvalRequest,
  parseBody,
  setTimerProvider,
  type TimerProvider,
} from '../../src/core/index.ts';

let server: Server;
let base = '';
const seen: Array<{ url: string; headers: Record<string, string | string[] | undefined>; body: string }> = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body });
      const path = req.url ?? '';
      if (path.startsWith('/stall-body')) {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.write('{"partial":');
        return; // never ends: only the timeout can settle the call
      }
      if (path.startsWith('/bom-404')) {
        res.writeHead(404, 'Not Found', { 'Content-Type': 'application/json' });
        return res.end('\uFEFF{"Errors":[{"ErrorCode":"NotFound","Message":"nope"}]}');
      }
      if (path.startsWith('/empty-500')) {
        res.writeHead(500, 'Internal Server Error');
        return res.end();
      }
      if (path.startsWith('/no-content')) {
        res.writeHead(204);
        return res.end();
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ ok: true, path }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

describe('createTransport', () => {
  it('resolves relative URLs against the base URL and sends default, call and auth headers', async () => {
    const transport = createTransport({
      baseUrl: `${base}/v1/`,
      headers: { 'X-Library-Version': '1' },
      authorize: ({ init }) => ({ Authorization: `Bearer ${init.impersonate ? 'imp' : 'main'}` }),
    });
    const response = await transport('/things?x=1', { method: 'POST', body: '{"a":1}', impersonate: true });
    expect(await response.json()).toEqual({ ok: true, path: '/v1/things?x=1' });
    const last = seen.at(-1)!;
    expect(last.headers.authorization).toBe('Bearer imp');
    expect(last.headers['x-library-version']).toBe('1');
    expect(last.headers['content-type']).toBe('application/json');
    expect(last.body).toBe('{"a":1}');
  });

  it('accepts a Request (as openapi-fetch sends) and keeps its method, headers and body', async () => {
    const transport = createTransport({ baseUrl: base });
    await transport(new Request(`${base}/req`, { method: 'PUT', headers: { 'X-Test': 'yes' }, body: 'hello' }));
    const last = seen.at(-1)!;
    expect(last.url).toBe('/req');
    expect(last.headers['x-test']).toBe('yes');
    expect(last.body).toBe('hello');
  });

  it('throws ApiError with status, parsed body (BOM stripped) and details from describeError', async () => {
    const transport = createTransport({
      baseUrl: base,
      describeError: (body) => {
        const first = (body as { Errors: Array<{ ErrorCode: string; Message: string }> }).Errors[0]!;
        return { message: first.Message, errorCode: first.ErrorCode, errors: (body as { Errors: unknown[] }).Errors };
      },
    });
    const error = await transport('/bom-404').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(isApiError(error)).toBe(true);
    const apiError = error as ApiError;
    expect(apiError).toMatchObject({
      status: 404,
      statusText: 'Not Found',
      errorCode: 'NotFound',
      message: 'nope',
      name: 'ApiError',
    });
    expect(apiError.errors).toHaveLength(1);
    expect(apiError.request).toEqual({ method: 'GET', url: `${base}/bom-404` });
    expect(apiError.response.status).toBe(404);
  });

  it('makes ApiError a CodedError whose code is its errorCode, from the body or the fallback', async () => {
    const transport = createTransport({ baseUrl: base, describeError: () => ({ errorCode: 'NotFound' }) });
    const coded = await transport('/bom-404').catch((e: unknown) => e);
    expect(coded).toBeInstanceOf(CodedError);
    expect(isCodedError(coded)).toBe(true);
    expect(coded).toMatchObject({ name: 'ApiError', code: 'NotFound', errorCode: 'NotFound' });
    const fallback = await createTransport({ baseUrl: base })('/empty-500').catch((e: unknown) => e);
    expect(fallback).toMatchObject({ name: 'ApiError', code: 'ApiError', errorCode: 'ApiError' });
  });

  it('gives an empty 500 the status text as message and no errors', async () => {
    const error = (await createTransport({ baseUrl: base })('/empty-500').catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({
      status: 500,
      message: 'Internal Server Error',
      errors: [],
      errorCode: 'ApiError',
      body: null,
    });
  });

  it('times out while the body is still arriving, and rethrows the timeout unchanged', async () => {
    const transport = createTransport({ baseUrl: base, timeoutMs: 150 });
    const error = await transport('/stall-body')
      .then((response) => response.text())
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ name: 'TimeoutError' });
    await expect(orvalRequest('/stall-body', { client: transport })).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(isApiError(error)).toBe(false);
  });

  it('clears its timer when a call settles, whatever the outcome', async () => {
    const set = vi.spyOn(globalThis, 'setTimeout');
    const clear = vi.spyOn(globalThis, 'clearTimeout');
    try {
      const transport = createTransport({ baseUrl: base, timeoutMs: 4_321 });
      await (await transport('/ok')).json();
      await transport('/no-content', { method: 'DELETE' });
      await transport('/empty-500').catch(() => {});
      await createTransport({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 4_321 })('/refused').catch(() => {});
      const ours = set.mock.calls.flatMap((call, i) => (call[1] === 4_321 ? [set.mock.results[i]!.value] : []));
      expect(ours).toHaveLength(4);
      for (const id of ours) expect(clear).toHaveBeenCalledWith(id);
    } finally {
      set.mockRestore();
      clear.mockRestore();
    }
  });

  it('times calls on the core scheduler, so a swapped timer provider decides when a call times out', async () => {
    const pending = new Map<number, () => void>();
    let next = 0;
    const provider: TimerProvider = {
      setTimeout: (callback) => (pending.set(++next, callback), next),
      clearTimeout: (handle) => void pending.delete(handle as number),
      setInterval: () => 0,
      clearInterval: () => {},
    };
    const previous = setTimerProvider(provider);
    try {
      const call = createTransport({ baseUrl: base, timeoutMs: 4_321 })('/stall-body').then((response) =>
        response.text(),
      );
      await waitFor(() => expect(pending.size).toBe(1));
      for (const fire of pending.values()) fire();
      await expect(call).rejects.toMatchObject({ name: 'TimeoutError', message: 'Request timed out after 4321 ms' });
    } finally {
      setTimerProvider(previous);
    }
  });

  it('honours the caller’s abort signal and rethrows a refused connection unchanged', async () => {
    const controller = new AbortController();
    controller.abort(new Error('caller gave up'));
    await expect(createTransport({ baseUrl: base })('/ok', { signal: controller.signal })).rejects.toThrow(
      'caller gave up',
    );
    const refused = await createTransport({ baseUrl: 'http://127.0.0.1:9' })('/x').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(TypeError);
  });

  it('sends nothing when the caller’s signal is already aborted, as fetch itself would not', async () => {
    // A custom fetch (a test stub, a logging wrapper) need not check the signal itself: a call
    // whose deadline passed before it was sent (e.g. while its module loaded) never reaches it.
    const doFetch = vi.fn(() => Promise.resolve(new Response('{}')));
    const controller = new AbortController();
    controller.abort(new DOMException('Request timed out after 5 ms', 'TimeoutError'));
    const transport = composeTransport({ baseUrl: base, fetch: doFetch, timeoutMs: 0 });
    await expect(transport.read('/ok', { signal: controller.signal })).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(doFetch).not.toHaveBeenCalled();
  });

  it('resolves a 204 with an empty body that orvalRequest reads as null', async () => {
    const client = createTransport({ baseUrl: base });
    expect(await orvalRequest('/no-content', { client, method: 'DELETE' })).toBeNull();
    expect(await orvalRequest('/ok', { client })).toEqual({ ok: true, path: '/ok' });
  });

  it('orvalRequest explains what to do when no transport is bound', async () => {
    await expect(orvalRequest('/ok')).rejects.toThrow(
      'No transport for this call: use the hook inside its API provider',
    );
  });
});

describe('parseBody', () => {
  it('reads text as an answer body is read: JSON (after a byte-order mark), else the text, null when blank', () => {
    expect(parseBody('\uFEFF[{"a":1}]')).toEqual([{ a: 1 }]);
    expect(parseBody('not json')).toBe('not json');
    expect(parseBody(' \n')).toBeNull();
    expect(parseBody('')).toBeNull();
  });
});

describe('createTransport hands fetch only fetch’s own fields', () => {
  it('keeps per-call fields such as a token override away from a custom fetch', async () => {
    const seenInit: RequestInit[] = [];
    const transport = createTransport({
      baseUrl: base,
      authorize: ({ init }) => ({ Authorization: `Bearer ${String(init.accessToken)}` }),
      fetch: (input, init) => {
        seenInit.push(init!);
        return fetch(input, init);
      },
    });
    await transport('/ok', { accessToken: 'secret-token', impersonate: true, timeoutMs: 1000, cache: 'no-store' });
    const init = seenInit[0]! as Record<string, unknown>;
    expect(Object.keys(init).sort()).toEqual(['cache', 'credentials', 'headers', 'method', 'signal']);
    expect(JSON.stringify(Object.values(init).filter((v) => typeof v === 'string'))).not.toContain('secret-token');
    expect(new Headers(init.headers as HeadersInit).get('authorization')).toBe('Bearer secret-token');
  });
});

describe('createTransport for form posts (the session routes)', () => {
  it('sends a URLSearchParams body as its string, typed as a form', async () => {
    const sent: RequestInit[] = [];
    const transport = createTransport({
      baseUrl: base,
      fetch: (input, init) => (sent.push(init!), fetch(input, init)),
    });
    await transport('/form', {
      method: 'POST',
      body: new URLSearchParams({ csrfToken: 'abc', callbackUrl: '/careers page' }),
    });
    const received = seen.at(-1)!;
    expect(received.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(received.body).toBe('csrfToken=abc&callbackUrl=%2Fcareers+page');
    expect(sent[0]!.body).toBe('csrfToken=abc&callbackUrl=%2Fcareers+page');
  });

  it('calls fetch in the caller’s own turn for a URL string, as a direct fetch call does', () => {
    const doFetch = vi.fn(() => Promise.resolve(new Response('{}')));
    const transport = createTransport({ baseUrl: base, fetch: doFetch });
    void transport('/now');
    expect(doFetch).toHaveBeenCalledExactlyOnceWith(`${base}/now`, expect.objectContaining({ method: 'GET' }));
  });
});

describe('composeTransport: only the middleware given', () => {
  it('without any middleware, a call’s deadline still covers its body and ends once the body is read', async () => {
    // Real timers, counted: the deadline of a call must run exactly until its body has been read.
    const active = new Set<unknown>();
    const previous = setTimerProvider({
      setTimeout: (callback, ms) => {
        const handle = setTimeout(() => (active.delete(handle), callback()), ms);
        active.add(handle);
        return handle;
      },
      clearTimeout: (handle) => (active.delete(handle), clearTimeout(handle as number)),
      setInterval: () => 0,
      clearInterval: () => {},
    });
    try {
      const transport = composeTransport({ baseUrl: base, timeoutMs: 150 });
      const stalled = await transport('/stall-body')
        .then((response) => response.text())
        .catch((e: unknown) => e);
      expect(stalled).toMatchObject({ name: 'TimeoutError', message: 'Request timed out after 150 ms' });
      const response = await transport('/whole');
      expect(active.size).toBe(1);
      expect(await response.json()).toEqual({ ok: true, path: '/whole' });
      expect(active.size).toBe(0);
      expect(await transport.read('/read')).toEqual({ ok: true, path: '/read' });
      expect(active.size).toBe(0);
    } finally {
      setTimerProvider(previous);
    }
  });

  it('a reader resolves to parsed bodies and throws ApiError, its deadline covering the body and ending with it', async () => {
    const active = new Set<unknown>();
    const previous = setTimerProvider({
      setTimeout: (callback, ms) => {
        const handle = setTimeout(() => (active.delete(handle), callback()), ms);
        active.add(handle);
        return handle;
      },
      clearTimeout: (handle) => (active.delete(handle), clearTimeout(handle as number)),
      setInterval: () => 0,
      clearInterval: () => {},
    });
    try {
      // The answers that must arrive get a deadline no busy machine passes; each one's timer must still end
      // with its body (`active` empty at the end), or it would be left running for 10 s.
      const read = composeReader({ baseUrl: base, timeoutMs: 10_000 });
      expect(read.baseUrl).toBe(base);
      await expect(read('/stall-body', { timeoutMs: 150 })).rejects.toMatchObject({ name: 'TimeoutError' });
      expect(await read('/read')).toEqual({ ok: true, path: '/read' });
      expect(await read('/no-content', { method: 'DELETE' })).toBeNull();
      const error = await read('/bom-404').catch((e: unknown) => e);
      expect(isApiError(error) && error.body).toEqual({ Errors: [{ ErrorCode: 'NotFound', Message: 'nope' }] });
      expect(active.size).toBe(0);
    } finally {
      setTimerProvider(previous);
    }
  });

  it('hands fetch the call’s init but its headers and timeout, fields of its own fetch included', async () => {
    // No hook reads per-call fields here (createTransport's authorize does, and keeps them from fetch),
    // so a field a custom fetch understands, such as undici's dispatcher, reaches it.
    const inits: Array<Record<string, unknown>> = [];
    const dispatcher = { name: 'agent' };
    const record = (input: RequestInfo | URL, init?: RequestInit) => (
      inits.push(init as Record<string, unknown>),
      fetch(input, { ...init, dispatcher: undefined } as RequestInit)
    );
    await composeReader({ baseUrl: base, fetch: record })('/fields', {
      dispatcher,
      timeoutMs: 5000,
      cache: 'no-store',
    });
    expect(Object.keys(inits[0]!).sort()).toEqual([
      'cache',
      'credentials',
      'dispatcher',
      'headers',
      'method',
      'signal',
    ]);
    expect(inits[0]!.dispatcher).toBe(dispatcher);
  });

  it('a sender answers with the Response itself, its deadline running until the body is read', async () => {
    const send = composeSender({ baseUrl: base, timeoutMs: 150 });
    expect('read' in send).toBe(false);
    await expect(send('/stall-body').then((r) => r.text())).rejects.toMatchObject({ name: 'TimeoutError' });
    expect(await (await send('/whole')).json()).toEqual({ ok: true, path: '/whole' });
  });

  it('runs request middleware in order, waits for one that returns a promise, and sends what they made', async () => {
    const sent: Array<[string, RequestInit]> = [];
    const transport = composeTransport(
      { baseUrl: base, fetch: (input, init) => (sent.push([String(input), init!]), fetch(input, init)) },
      [
        async ({ init }) => void (init.headers['x-step'] = await Promise.resolve('one')),
        (request) => {
          // The URL as the call gave it: the base URL is prefixed to a relative one after the middleware.
          expect(request.url).toBe('/steps');
          request.init.headers['x-step'] += ',two';
          request.url += '?signed=1';
        },
      ],
    );
    await transport.read('/steps');
    expect(seen.at(-1)).toMatchObject({ url: '/steps?signed=1', headers: { 'x-step': 'one,two' } });
    expect(sent[0]![0]).toBe(`${base}/steps?signed=1`);
  });

  it('applies the keepalive size rule and form bodies only when given them', async () => {
    const inits: RequestInit[] = [];
    const record = (input: RequestInfo | URL, init?: RequestInit) => (inits.push(init!), fetch(input, init));
    const big = JSON.stringify({ text: 'x'.repeat(KEEPALIVE_MAX_BYTES) });
    const form = new URLSearchParams({ a: '1' });
    await composeTransport({ baseUrl: base, fetch: record })('/plain', { method: 'POST', body: big, keepalive: true });
    await composeTransport({ baseUrl: base, fetch: record }, [keepaliveLimit])('/limited', {
      method: 'POST',
      body: big,
      keepalive: true,
    });
    await composeTransport({ baseUrl: base, fetch: record })('/native-form', { method: 'POST', body: form });
    await composeTransport({ baseUrl: base, fetch: record }, [formBodies])('/form', { method: 'POST', body: form });
    expect(inits.map((init) => init.keepalive)).toEqual([true, undefined, undefined, undefined]);
    expect(inits[2]!.body).toBe(form);
    expect(inits[3]!.body).toBe('a=1');
    expect(seen.at(-1)!.headers['content-type']).toBe('application/x-www-form-urlencoded');
  });
});
