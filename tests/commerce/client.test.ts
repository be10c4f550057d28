import { describe, expect, it } from 'vitest';
import { commerceOperations } from '../../generated/commerce/operations.ts';
import { createCommerceApi, createCommerceClient, type CommerceInit } from '../../src/commerce/index.ts';
import { recordingFetch } from './recordingFetch.ts';

// The facade's and the raw client's edges, on an in-process stub (no Prism): what reaches the
// network for unusual arguments, base addresses and transport options.
const answering = () => recordingFetch({ answer: () => Response.json({ ID: 'x' }) });
const urls = (fetch: ReturnType<typeof recordingFetch>) => fetch.requests.map((r) => r.url);

describe('the facade (createCommerceClient)', () => {
  it('takes a number as a path parameter and sends its text', async () => {
    const fetch = answering();
    const client = createCommerceClient({ baseUrl: 'https://stub.test/v1', fetch });
    await client.Orders.Get('Incoming', 42 as unknown as string);
    expect(urls(fetch)).toEqual(['https://stub.test/v1/orders/Incoming/42']);
  });

  it('refuses "." and ".." as a path parameter, naming the parameter and its position, and sends nothing', async () => {
    const fetch = answering();
    const client = createCommerceClient({ baseUrl: 'https://stub.test/v1', fetch });
    await expect(client.Products.Get('..')).rejects.toThrow(
      new TypeError('Products.Get: path parameter "productID" (argument 1) must not be ".."'),
    );
    await expect(client.LineItems.Get('Incoming', 'o1', '.')).rejects.toThrow(
      new TypeError('LineItems.Get: path parameter "lineItemID" (argument 3) must not be "."'),
    );
    expect(fetch.requests).toEqual([]);
  });

  it('refuses a cacheKey that is not a non-empty string, saying what it got', () => {
    expect(() => createCommerceClient({ cacheKey: '' })).toThrow(
      new TypeError("cacheKey must be a non-empty string, got ''"),
    );
    expect(() => createCommerceClient({ cacheKey: 42 as unknown as string })).toThrow(
      new TypeError('cacheKey must be a non-empty string, got 42'),
    );
  });

  it('lists every resource under its official name as an enumerable property (Object.keys, spreading)', () => {
    const client = createCommerceClient({ baseUrl: 'https://stub.test/v1' });
    expect(Object.keys(client)).toEqual(['transport', 'baseUrl', 'cacheKey', ...Object.keys(commerceOperations)]);
    expect({ ...client }.Orders).toBe(client.Orders);
  });
});

describe("the client's transport", () => {
  it('times a call out after the timeoutMs the client was given', async () => {
    const hanging = (_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    const client = createCommerceClient({ baseUrl: 'https://stub.test/v1', fetch: hanging, timeoutMs: 20 });
    await expect(client.Me.Get()).rejects.toMatchObject({
      name: 'TimeoutError',
      message: 'Request timed out after 20 ms',
    });
  }, 5_000);

  it("keeps a path's query string without a query option, and replaces it with one", async () => {
    const fetch = answering();
    const { transport } = createCommerceClient({ baseUrl: 'https://stub.test/v1', fetch });
    await transport.read('/orders/Incoming?page=9');
    const withQuery: CommerceInit = { query: { page: 2 } };
    await transport.read('/orders/Incoming?page=9', withQuery);
    expect(urls(fetch)).toEqual([
      'https://stub.test/v1/orders/Incoming?page=9',
      'https://stub.test/v1/orders/Incoming?page=2',
    ]);
  });

  it('sends /oauth/ paths to the API root, without the version segment, and every other path under it', async () => {
    const fetch = answering();
    for (const baseUrl of [undefined, 'https://v1.stub.test/v12']) {
      const client = createCommerceClient({ baseUrl, fetch });
      await client.UserInfo.GetToken();
      await client.Me.Get();
    }
    expect(urls(fetch)).toEqual([
      'https://api.ordercloud.io/oauth/userinfo',
      'https://api.ordercloud.io/v1/me',
      'https://v1.stub.test/oauth/userinfo',
      'https://v1.stub.test/v12/me',
    ]);
  });
});

describe('typed raw calls (createCommerceApi)', () => {
  it("send through the client's transport: its base address, its token, the facade's query strings", async () => {
    const fetch = answering();
    const api = createCommerceApi(
      createCommerceClient({ baseUrl: 'https://stub.test/v1', accessToken: 'main', fetch }),
    );
    const { data } = await api.GET('/orders/{direction}', {
      params: {
        path: { direction: 'Incoming' },
        query: { page: 2, searchOn: ['ID', 'Name'], filters: { xp: { Color: 'red' } } },
      },
    });
    expect(data).toEqual({ ID: 'x' });
    expect(urls(fetch)).toEqual(['https://stub.test/v1/orders/Incoming?xp.Color=red&page=2&searchOn=ID%2CName']);
    expect(fetch.requests[0]!.headers.get('Authorization')).toBe('Bearer main');
  });

  it('send /oauth/ paths without the version segment, and leave a base address without one as it is', async () => {
    const fetch = answering();
    for (const baseUrl of ['https://v1.stub.test/v12', 'https://v1.stub.test']) {
      const api = createCommerceApi(createCommerceClient({ baseUrl, fetch }));
      await api.GET('/oauth/userinfo');
      await api.GET('/me');
    }
    expect(urls(fetch)).toEqual([
      'https://v1.stub.test/oauth/userinfo',
      'https://v1.stub.test/v12/me',
      'https://v1.stub.test/oauth/userinfo',
      'https://v1.stub.test/me',
    ]);
  });

  it('refuse ".." as a path parameter and send nothing', async () => {
    const fetch = answering();
    const api = createCommerceApi(createCommerceClient({ baseUrl: 'https://stub.test/v1', fetch }));
    await expect(api.GET('/products/{productID}', { params: { path: { productID: '..' } } })).rejects.toThrow(
      TypeError,
    );
    expect(fetch.requests).toEqual([]);
  });
});
