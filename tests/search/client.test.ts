import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WidgetActionType, WidgetRequestCanceledError, type WidgetEvent } from '../../src/search/index.ts';
import { fakeService, testClient } from './support.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('search client', () => {
  it('POSTs the batch as JSON to the key path with the raw api key (no Bearer)', async () => {
    const { client, service } = testClient();
    const done = Promise.all([
      client.requestWidget({ item: { rfk_id: 'rfk_1', entity: 'content' } }),
      client.requestWidget({ item: { rfk_id: 'rfk_7', entity: 'content' }, instanceId: 'b' }),
    ]);
    await vi.advanceTimersByTimeAsync(250);
    await done;
    const [call] = service.searches();
    expect(service.searches()).toHaveLength(1);
    expect(call?.url).toBe('https://discover.sitecorecloud.io/discover/v2/2222222');
    expect(call?.method).toBe('POST');
    expect(call?.headers.get('Authorization')).toBe('test-api-key');
    expect(call?.headers.get('Content-Type')).toBe('application/json');
    expect(call?.body).toMatchObject({
      context: { user: { uuid: client.uuid }, browser: { device: 'pc' } },
      widget: {
        items: [
          { rfk_id: 'rfk_1', entity: 'content' },
          { rfk_id: 'rfk_7', entity: 'content' },
        ],
      },
    });
  });

  it('sends no Authorization header through a service host', async () => {
    const { client, service } = testClient({ apiKey: undefined, serviceHost: 'https://www.example.com' });
    const done = client.requestWidget({ item: { rfk_id: 'rfk_1', entity: 'content' } });
    await vi.advanceTimersByTimeAsync(250);
    await done;
    expect(service.searches()[0]?.url).toBe('https://www.example.com/api/discover/v2');
    expect(service.searches()[0]?.headers.has('Authorization')).toBe(false);
  });

  it('logs "There was a problem on the service call" with its cause in one line and resolves to the error body or null', async () => {
    const service = fakeService({
      respond: () => ({ status: 500, body: { message: 'Internal server error', code: 500 } }),
    });
    const { client, logger } = testClient({}, service);
    const body = { widget: { items: [{ rfk_id: 'a', entity: 'content' }] } };
    expect(await client.calls.search(body)).toEqual({ message: 'Internal server error', code: 500 });
    expect(logger.error).toHaveBeenCalledWith('There was a problem on the service call', {
      cause: 'HTTP 500 from POST https://discover.sitecorecloud.io/discover/v2/2222222',
    });
    expect(logger.error.mock.calls.flat().some((arg) => arg instanceof Error)).toBe(false);

    const offline = testClient({ fetch: async () => Promise.reject(new TypeError('Failed to fetch')) });
    expect(await offline.client.calls.search(body)).toBeNull();
    expect(offline.logger.error).toHaveBeenCalledWith('There was a problem on the service call', {
      cause: 'TypeError: Failed to fetch',
    });
    expect(
      await offline.client.calls.publishEvent({ name: 'widget', action: 'view', value: {}, client_time_ms: 1 }),
    ).toBeNull();
  });

  it('fails the widgets of a failed call with the service message and reports the failure', async () => {
    const service = fakeService({ respond: () => ({ status: 500, body: { message: 'Internal server error' } }) });
    const { client } = testClient({}, service);
    const seen: WidgetEvent[] = [];
    client.events.subscribe((e) => seen.push(e));
    const failed = client
      .requestWidget({ item: { rfk_id: 'rfk_1', entity: 'content' }, widgetType: 'recommendation' })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(250);
    expect(((await failed) as Error).message).toBe('Internal server error');
    expect(seen.map((e) => e.type)).toEqual([WidgetActionType.REQUEST, WidgetActionType.REQUEST_FAIL]);
    expect(seen[0]).toMatchObject({
      rfkId: 'rfk_1',
      entity: 'content',
      widgetType: 'recommendation',
      instanceId: 'default',
    });
  });

  it('reports request, success and canceled, and never fails a canceled request', async () => {
    const { client } = testClient();
    const seen: string[] = [];
    client.events.subscribe((e) => seen.push(`${e.type}:${e.rfkId}`));
    const old = client
      .requestWidget({ item: { rfk_id: 'rfk_7', entity: 'content' }, instanceId: 'i' })
      .catch((e: unknown) => e);
    const latest = client.requestWidget({
      item: { rfk_id: 'rfk_7', entity: 'content', search: { limit: 1 } },
      instanceId: 'i',
    });
    expect(await old).toBeInstanceOf(WidgetRequestCanceledError);
    await vi.advanceTimersByTimeAsync(250);
    await latest;
    expect(seen).toEqual([
      'core/WIDGET_DATA_REQUEST:rfk_7',
      'core/WIDGET_DATA_REQUEST:rfk_7',
      'core/WIDGET_DATA_REQUEST_CANCELED:rfk_7',
      'core/WIDGET_DATA_REQUEST_SUCCESS:rfk_7',
    ]);
  });

  it('commits context changes 50 ms after the last one and reports them', async () => {
    const { client, service } = testClient();
    const changes: unknown[] = [];
    client.events.subscribe((e) => e.type === WidgetActionType.PAGE_CONTEXT_CHANGED && changes.push(e.payload));
    client.context.setPage({ uri: '/a' });
    await vi.advanceTimersByTimeAsync(30);
    client.context.update({ page: { uri: '/b' }, locale: { country: 'gb', language: 'en' } });
    await vi.advanceTimersByTimeAsync(49);
    expect(changes).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(changes).toHaveLength(1);
    expect(client.context.get()).toMatchObject({
      page: { uri: '/b' },
      locale: { country: 'gb', language: 'en' },
      user: { uuid: client.uuid },
    });
    client.context.update({ user: { groups: ['suppliers'] } });
    client.context.flush();
    expect(client.context.get().user).toEqual({ groups: ['suppliers'], uuid: client.uuid });
    client.context.update({ locale: undefined });
    client.context.flush();
    expect(client.context.get()).not.toHaveProperty('locale');
    expect(service.calls).toHaveLength(0);
  });

  it('sends the commerce context only through the commerce connector', async () => {
    const plain = testClient();
    plain.client.context.setCommerce({ sellerId: 's1' });
    plain.client.context.flush();
    const p1 = plain.client.requestWidget({ item: { rfk_id: 'a', entity: 'product' } });
    await vi.advanceTimersByTimeAsync(250);
    await p1;
    expect(plain.service.searches()[0]?.body).not.toHaveProperty('context.commerce');

    const service = fakeService();
    const commerce = testClient(
      {
        customerKey: undefined,
        apiKey: undefined,
        discoverDomainId: '2222222',
        getIdentityToken: () => 'id-token',
        fetch: service.fetch,
      },
      service,
    );
    commerce.client.context.setCommerce({
      sellerId: 'aurelia-spares-us',
      requiredInventoryLocations: ['fort-worth-depot'],
    });
    commerce.client.context.flush();
    const p2 = commerce.client.requestWidget({ item: { rfk_id: 'a', entity: 'product' } });
    await vi.advanceTimersByTimeAsync(250);
    await p2;
    const [call] = service.searches();
    expect(call?.url).toBe('https://usWest-integrations.ordercloud.io/api/v1/search/2222222');
    expect(call?.headers.get('Authorization')).toBe('Bearer id-token');
    expect(call?.body).toMatchObject({
      context: { commerce: { sellerId: 'aurelia-spares-us', requiredInventoryLocations: ['fort-worth-depot'] } },
    });
  });

  it('fails connector requests before sending when nobody is signed in or the commerce SDK is not wired', async () => {
    for (const [getIdentityToken, message] of [
      [() => null, 'Could not found an OrderCloud logged user.'],
      [async () => '', 'Could not found an OrderCloud logged user.'],
      [undefined, 'Could not import OrderCloud SDK.'],
      [() => Promise.reject(new Error('chunk load failed')), 'Could not import OrderCloud SDK.'],
    ] as const) {
      const service = fakeService();
      const { client, logger } = testClient(
        { customerKey: undefined, apiKey: undefined, discoverDomainId: 'd1', getIdentityToken, fetch: service.fetch },
        service,
      );
      const result = client.requestWidget({ item: { rfk_id: 'a', entity: 'product' } }).catch((e: unknown) => e);
      await vi.advanceTimersByTimeAsync(250);
      expect(((await result) as Error).message).toBe(message);
      expect(service.calls).toHaveLength(0);
      expect(logger.error).not.toHaveBeenCalled();
    }
  });

  it('never puts the api key or identity token into a URL or a log line', async () => {
    const service = fakeService({ respond: () => ({ status: 401, body: { message: 'Unauthorized' } }) });
    const { client, logger } = testClient({ apiKey: 'secret-key-123' }, service);
    const failed = client.requestWidget({ item: { rfk_id: 'a', entity: 'content' } }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(250);
    await failed;
    expect(service.calls.every((c) => !c.url.includes('secret-key-123'))).toBe(true);
    const logged = JSON.stringify(logger.error.mock.calls, (_k, v: unknown) =>
      v instanceof Error ? { ...v, message: v.message } : v,
    );
    expect(logged).not.toContain('secret-key-123');
  });
});
