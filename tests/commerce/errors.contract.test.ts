import { describe, expect, it, vi } from 'vitest';
import { withPrism } from '../support/prism.ts';
import {
  ApiError,
  commerceErrorCodes,
  createCommerceClient,
  isApiError,
  isOrderCloudError,
  OrderCloudError,
} from '../../src/commerce/index.ts';
import { CodedError } from '../../src/core/errors.ts';
import { recordingFetch } from './recordingFetch.ts';

const prism = withPrism('commerce');

describe('commerce errors', () => {
  it("turns Prism's 404 into ApiError with the SDK's fields and the NotFound message", async () => {
    const fetch = recordingFetch({ prefer: 'code=404' });
    const client = createCommerceClient({ baseUrl: prism.url, accessToken: 'main-token', fetch });
    const error = await client.Orders.Get('Incoming', 'abc').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(isApiError(error)).toBe(true);
    // Ported error handling tests the official SDK's names: the class, its brand flag and guard.
    expect(error).toBeInstanceOf(OrderCloudError);
    expect(isOrderCloudError(error)).toBe(true);
    expect(error).toMatchObject({
      name: 'OrderCloudError',
      isApiError: true,
      isOrderCloudError: true,
      status: 404,
      statusText: 'Not Found',
      errorCode: 'NotFound',
      message: 'Order abc not found',
      errors: [
        { ErrorCode: 'NotFound', Message: 'Order not found: abc', Data: { ObjectType: 'Order', ObjectID: 'abc' } },
      ],
      request: { method: 'GET', url: `${prism.url}/orders/Incoming/abc` },
    });
    expect((error as ApiError).response.status).toBe(404);
  });

  it("uses the first error's Message for other codes (Prism's 401)", async () => {
    const client = createCommerceClient({
      baseUrl: prism.url,
      fetch: recordingFetch({ prefer: 'code=401' }),
      accessToken: 't',
    });
    const error = (await client.Me.Get().catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(401);
    expect(error.errorCode).toBe((error.errors[0] as { ErrorCode: string }).ErrorCode);
    expect(error.message).toBe((error.errors[0] as { Message: string }).Message);
  });

  it('rethrows a refused connection unchanged (no ApiError)', async () => {
    const client = createCommerceClient({ baseUrl: 'http://127.0.0.1:9/v1', accessToken: 't' });
    const failure = await client.Orders.List('Incoming').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TypeError);
    expect(isApiError(failure)).toBe(false);
    expect(isOrderCloudError(failure)).toBe(false);
  });

  it('parses an error body that starts with a byte-order mark', async () => {
    const body =
      '\uFEFF{"Errors":[{"ErrorCode":"ValidationFailure","Message":"Quantity must be positive","Data":null}]}';
    const fetch = recordingFetch({ answer: () => new Response(body, { status: 400, statusText: 'Bad Request' }) });
    const client = createCommerceClient({ baseUrl: 'https://stub.test/v1', accessToken: 't', fetch });
    await expect(client.LineItems.Create('Outgoing', 'o1', { Quantity: -1 })).rejects.toMatchObject({
      status: 400,
      errorCode: 'ValidationFailure',
      message: 'Quantity must be positive',
    });
  });

  it('gives the status text and no errors for an empty 500', async () => {
    const fetch = recordingFetch({
      answer: () => new Response(null, { status: 500, statusText: 'Internal Server Error' }),
    });
    const client = createCommerceClient({ baseUrl: 'https://stub.test/v1', accessToken: 't', fetch });
    const error = (await client.Orders.Submit('Outgoing', 'o1').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    // With no error entry the code is the branded class name, as the official SDK gives it.
    expect(error).toMatchObject({
      status: 500,
      message: 'Internal Server Error',
      errors: [],
      errorCode: 'OrderCloudError',
    });
  });

  it('gives OrderCloudError the code of its first error entry, else the table fallback, as its CodedError code', async () => {
    const body = JSON.stringify({ Errors: [{ ErrorCode: 'InsufficientRoles', Message: 'no' }] });
    const fetch = recordingFetch({ answer: () => new Response(body, { status: 403, statusText: 'Forbidden' }) });
    const client = createCommerceClient({ baseUrl: 'https://stub.test/v1', accessToken: 't', fetch });
    const error = await client.Me.Get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CodedError);
    expect(error).toMatchObject({ name: 'OrderCloudError', code: 'InsufficientRoles', errorCode: 'InsufficientRoles' });
    const empty = recordingFetch({ answer: () => new Response(null, { status: 500 }) });
    const fallback = await createCommerceClient({ baseUrl: 'https://stub.test/v1', fetch: empty })
      .Me.Get()
      .catch((e: unknown) => e);
    expect(fallback).toMatchObject({ code: commerceErrorCodes.OrderCloudError, errorCode: 'OrderCloudError' });
  });

  it("uses an auth error's error_description when the body has no Errors", async () => {
    const body = JSON.stringify({ error: 'invalid_grant', error_description: 'Token expired' });
    const fetch = recordingFetch({ answer: () => new Response(body, { status: 400, statusText: 'Bad Request' }) });
    const client = createCommerceClient({ baseUrl: 'https://stub.test/v1', accessToken: 't', fetch });
    await expect(client.Me.Get()).rejects.toMatchObject({
      errorCode: 'invalid_grant',
      message: 'Token expired',
      errors: [],
    });
  });

  it('rethrows an abort unchanged, and times out after timeoutMs', async () => {
    // A server that never answers: only the transport's own abort ends the call.
    const silent: typeof fetch = (_input, init) =>
      new Promise<Response>((_resolve, reject) => {
        const signal = init?.signal;
        if (signal?.aborted) reject(signal.reason);
        signal?.addEventListener('abort', () => reject(signal.reason));
      });
    vi.useFakeTimers();
    try {
      const client = createCommerceClient({
        baseUrl: 'https://stub.test/v1',
        accessToken: 't',
        fetch: silent,
        timeoutMs: 20,
      });
      const timedOut = expect(client.Orders.Get('Outgoing', 'o1')).rejects.toMatchObject({ name: 'TimeoutError' });
      await vi.advanceTimersByTimeAsync(20);
      await timedOut;
      const controller = new AbortController();
      const call = client.Orders.Get('Outgoing', 'o1', { signal: controller.signal, timeoutMs: 0 });
      controller.abort(new DOMException('stop', 'AbortError'));
      const failure = await call.catch((e: unknown) => e);
      expect(failure).toMatchObject({ name: 'AbortError', message: 'stop' });
      expect(isApiError(failure)).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
