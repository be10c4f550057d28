import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTracker, trackingEvents, validateTrackingEvent, type EventRequest } from '../../src/search/index.ts';
import { spyLogger, testClient } from './support.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const base = { uuid: 'u1', client_time_ms: 1 };
const ok = (event: Partial<EventRequest>) => validateTrackingEvent({ ...base, ...event });

describe('tracking event validation (the reference warnings)', () => {
  it.each([
    ['a missing name', { name: '', action: 'view', value: {} }, 'Event name is not defined'],
    [
      'a widget event without rfk_id',
      { name: 'widget', action: 'view', value: { entities: [] } },
      "Widget's rfkId mandatory field is empty",
    ],
    [
      'an entity without id',
      { name: 'entity_page', action: 'view', value: { entities: [{ id: '', entity_type: 'content' }] } },
      'A field is missing on one or more of the items provided',
    ],
    [
      'an entity without entity_type',
      { name: 'cart', action: 'add', value: { entities: [{ id: 'sku', entity_type: ' ' }] } },
      'A field is missing on one or more of the items provided',
    ],
    [
      'an entity click without index',
      { name: 'widget', action: 'click', value: { rfk_id: 'r', entities: [{ id: 'a', entity_type: 'content' }] } },
      'Field index is mandatory for widget click entity events and is having invalid/missing value',
    ],
    [
      'an entity click with index -1',
      {
        name: 'widget',
        action: 'click',
        value: { rfk_id: 'r', index: -1, entities: [{ id: 'a', entity_type: 'content' }] },
      },
      'Field index is mandatory for widget click entity events and is having invalid/missing value',
    ],
    [
      'an entity click with index 1.5',
      {
        name: 'widget',
        action: 'click',
        value: { rfk_id: 'r', index: 1.5, entities: [{ id: 'a', entity_type: 'content' }] },
      },
      'Field index is mandatory for widget click entity events and is having invalid/missing value',
    ],
    [
      'a facet event without facetId',
      {
        name: 'widget',
        action: 'click',
        action_cause: 'filter',
        value: { rfk_id: 'r', filters: [{ name: '', value: 'x' }] },
      },
      "Filter's name is not defined",
    ],
    [
      'an order without order_id',
      { name: 'order_confirm', action: 'confirm', value: { entities: [] } },
      'Transaction orderId is not defined',
    ],
    ['a review without the reviewed entity', { name: 'review', action: 'add', value: {} }, 'Review id is not defined'],
  ] as const)('skips %s with the exact warning', (_name, event, message) => {
    expect(ok(event as Partial<EventRequest>)).toBe(message);
  });

  it('needs a user id for a login and uuid or user_id for every event', () => {
    expect(validateTrackingEvent({ name: 'login', action: 'identify', value: {}, uuid: 'u' })).toBe(
      'User information is empty or not complete',
    );
    expect(validateTrackingEvent({ name: 'entity_page', action: 'view', value: {} })).toBe(
      'User information is empty or not complete',
    );
    expect(validateTrackingEvent({ name: 'login', action: 'identify', value: {}, user_id: 'buyer-1' })).toBeNull();
  });

  it('accepts valid events (a widget view needs no index; a click on no entity needs none)', () => {
    expect(
      ok(trackingEvents.widgetView({ rfkId: 'r', entity: 'content' }, [{ id: 'a' }]) as Partial<EventRequest>),
    ).toBeNull();
    expect(
      ok(trackingEvents.widgetItemClick({ rfkId: 'r', entity: 'content' }, 0, { id: 'a' }) as Partial<EventRequest>),
    ).toBeNull();
    expect(
      ok({ name: 'widget', action: 'click', action_cause: 'filter', value: { rfk_id: 'r', filters: [] } }),
    ).toBeNull();
    expect(
      ok(
        trackingEvents.orderConfirm({ order_id: 'SO-1', order_total: 10 }, [
          { id: 's', entity_type: 'product', quantity: 1 },
        ]) as Partial<EventRequest>,
      ),
    ).toBeNull();
  });
});

describe('tracker', () => {
  const publish = vi.fn(async (_event: EventRequest) => true as const);
  beforeEach(() => publish.mockClear());

  it('adds uuid, client time and the page context, and sends', async () => {
    const logger = spyLogger();
    const tracker = createTracker({
      publish,
      uuid: '2222222-x',
      logger,
      now: () => 1732240000500,
      context: () => ({ page: { uri: '/news' }, locale: { country: 'gb', language: 'en' }, browser: { device: 'pc' } }),
    });
    expect(await tracker.track(trackingEvents.entityPageView([{ id: 'cap-1', entity_type: 'content' }]))).toBe(true);
    expect(publish).toHaveBeenCalledWith({
      name: 'entity_page',
      action: 'view',
      value: {
        entities: [{ id: 'cap-1', entity_type: 'content' }],
        context: { page: { uri: '/news' }, locale: { country: 'gb', language: 'en' } },
      },
      uuid: '2222222-x',
      client_time_ms: 1732240000500,
    });
  });

  it('sends user_id instead of the uuid when a user is known', async () => {
    const tracker = createTracker({ publish, uuid: 'u', userId: 'buyer-1', logger: spyLogger() });
    await tracker.track(trackingEvents.entityAction('download', 'add', [{ id: 'doc', entity_type: 'content' }]));
    expect(publish.mock.calls[0]?.[0]).toMatchObject({ user_id: 'buyer-1' });
    expect(publish.mock.calls[0]?.[0]).not.toHaveProperty('uuid');
  });

  it('skips an invalid event with the two-part warning and sends nothing', async () => {
    const logger = spyLogger();
    const tracker = createTracker({ publish, uuid: 'u', logger });
    expect(
      await tracker.track({
        name: 'widget',
        action: 'click',
        value: { rfk_id: 'r', entities: [{ id: 'a', entity_type: 'content' }] },
      }),
    ).toBe(false);
    expect(logger.warn).toHaveBeenCalledWith(
      'trackEvent :::',
      'Field index is mandatory for widget click entity events and is having invalid/missing value',
    );
    expect(publish).not.toHaveBeenCalled();
  });

  it('sends nothing without consent, and resumes when consent is given', async () => {
    const tracker = createTracker({ publish, uuid: 'u', consent: false, logger: spyLogger() });
    expect(await tracker.track(trackingEvents.login('buyer-1'))).toBe(false);
    expect(publish).not.toHaveBeenCalled();
    tracker.setConsent(true);
    expect(await tracker.track(trackingEvents.login('buyer-1'))).toBe(true);
    expect(publish).toHaveBeenCalledTimes(1);
    tracker.setConsent(false);
    expect(tracker.consent).toBe(false);
  });

  it('never rejects when sending fails', async () => {
    const logger = spyLogger();
    const tracker = createTracker({ publish: async () => Promise.reject(new Error('boom')), uuid: 'u', logger });
    expect(await tracker.track(trackingEvents.login('b'))).toBe(false);
    expect(logger.error).toHaveBeenCalledWith('There was a problem on the service call', { cause: 'Error: boom' });
  });
});

describe('client events over HTTP', () => {
  it('POSTs the event to the event path with the api key and keepalive, and reports acceptance', async () => {
    const { client, service } = testClient();
    expect(await client.trackEvent(trackingEvents.entityPageView([{ id: 'cap', entity_type: 'content' }]))).toBe(true);
    const [call] = service.events();
    expect(call?.url).toBe('https://discover.sitecorecloud.io/event/2222222/v4/publish');
    expect(call?.headers.get('Authorization')).toBe('test-api-key');
    expect(call?.keepalive).toBe(true);
    expect(call?.body).toMatchObject({ name: 'entity_page', action: 'view', uuid: client.uuid });
  });

  it('sends nothing at all with consent off', async () => {
    const { client, service } = testClient({ trackingConsent: false });
    expect(await client.trackEvent(trackingEvents.entityPageView([{ id: 'cap', entity_type: 'content' }]))).toBe(false);
    expect(service.calls).toHaveLength(0);
    client.setTrackingConsent(true);
    expect(client.trackingConsent).toBe(true);
  });

  it('sends no event when the connector has no event endpoint', async () => {
    const { client, service } = testClient({
      customerKey: undefined,
      apiKey: undefined,
      discoverDomainId: 'd1',
      getIdentityToken: () => 't',
    });
    expect(await client.trackEvent(trackingEvents.login('b'))).toBe(false);
    expect(service.calls).toHaveLength(0);
  });
});
