// @vitest-environment-options { "url": "https://www.example.com/capabilities/space?utm_source=newsletter&utm_medium=email&utm_campaign=launch&utm_term=satellite&utm_content=hero&q=orbit" }
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SearchResultsActionType as T,
  deviceForWidth,
  initialSearchResultsState,
  localeFromTag,
  searchResultsEvent,
  toEventEntity,
  trackingEvents,
} from '../../src/search/index.ts';
import { testClient } from './support.tsx';

const NOW = Date.UTC(2024, 0, 15, 9, 0, 0);
const UA = navigator.userAgent;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  document.documentElement.lang = 'en-GB';
});
afterEach(() => {
  document.documentElement.removeAttribute('lang');
  vi.restoreAllMocks();
  vi.useRealTimers();
});

async function sentBody(config: Parameters<typeof testClient>[0] = {}, rfkFlags?: string[]) {
  const { client, service } = testClient({ trackingConsent: false, ...config });
  const done = client.requestWidget({
    item: { rfk_id: 'rfk_1', entity: 'content' },
    ...(rfkFlags ? { rfkFlags } : {}),
  });
  await vi.advanceTimersByTimeAsync(250);
  await done;
  return { body: service.searches()[0]?.body as Record<string, unknown>, client, service };
}

describe('search request context', () => {
  it('sends locale, campaign utm_*, page uri, browser device and app type, time epoch and the visitor', async () => {
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(1280);
    const { body, client } = await sentBody();
    expect(body).toEqual({
      context: {
        browser: { user_agent: UA, device: 'pc', app_type: 'web' },
        page: { uri: '/capabilities/space' },
        campaign: {
          utm_campaign: 'launch',
          utm_source: 'newsletter',
          utm_medium: 'email',
          utm_content: 'hero',
          utm_term: 'satellite',
        },
        locale: { country: 'gb', language: 'en' },
        time: { epoch: NOW + 250 },
        user: { uuid: client.uuid },
      },
      widget: { items: [{ rfk_id: 'rfk_1', entity: 'content' }] },
    });
  });

  it('takes the device from the viewport breakpoints: mobile below 768 px, tablet below 992 px, else pc', async () => {
    expect([0, 767, 768, 991, 992, 1440].map(deviceForWidth)).toEqual([
      'mobile',
      'mobile',
      'tablet',
      'tablet',
      'pc',
      'pc',
    ]);
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(390);
    expect((await sentBody()).body).toMatchObject({ context: { browser: { device: 'mobile' } } });
    vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(800);
    expect((await sentBody()).body).toMatchObject({ context: { browser: { device: 'tablet' } } });
  });

  it('lets the site set the locale and page, and stamps each batch with the time it leaves', async () => {
    expect(localeFromTag('fr-CA')).toEqual({ country: 'ca', language: 'fr' });
    expect(localeFromTag('en')).toEqual({ language: 'en' });
    expect(localeFromTag('')).toBeUndefined();
    const { client, service } = testClient({
      trackingConsent: false,
      context: { locale: { country: 'us', language: 'en' } },
    });
    client.context.update({ page: { uri: '/careers' } });
    client.context.flush();
    const first = client.requestWidget({ item: { rfk_id: 'rfk_1', entity: 'content' } });
    await vi.advanceTimersByTimeAsync(250);
    await first;
    vi.advanceTimersByTime(5000);
    const second = client.requestWidget({ item: { rfk_id: 'rfk_2', entity: 'content' } });
    await vi.advanceTimersByTimeAsync(250);
    await second;
    const [a, b] = service.searches().map((c) => (c.body as { context: Record<string, unknown> }).context);
    expect(a).toMatchObject({
      locale: { country: 'us', language: 'en' },
      page: { uri: '/careers' },
      time: { epoch: NOW + 250 },
    });
    expect(b).toMatchObject({ time: { epoch: NOW + 5500 } });
  });

  it('sends rfk_flags at the top level, from the client or per request, and batches by them', async () => {
    expect((await sentBody({ rfkFlags: ['no_personalization'] })).body.rfk_flags).toEqual(['no_personalization']);
    expect((await sentBody({}, ['debug'])).body.rfk_flags).toEqual(['debug']);
    expect((await sentBody()).body).not.toHaveProperty('rfk_flags');

    const { client, service } = testClient({ trackingConsent: false });
    const both = Promise.all([
      client.requestWidget({ item: { rfk_id: 'rfk_1', entity: 'content' }, rfkFlags: ['a'] }),
      client.requestWidget({ item: { rfk_id: 'rfk_2', entity: 'content' } }),
    ]);
    await vi.advanceTimersByTimeAsync(250);
    await both;
    expect(service.searches().map((c) => (c.body as { rfk_flags?: string[] }).rfk_flags)).toEqual([['a'], undefined]);
  });
});

describe('tracking event fields', () => {
  const widget = { rfkId: 'rfkid_7', entity: 'content' };
  const item = {
    id: 'cap-f35',
    url: '/capabilities/f-35',
    type: 'capability',
    variant: 'uk',
    attributes: { programme: 'F-35', year: 2024 },
  };

  it('gives entities their attributes and variant', () => {
    expect(toEventEntity(item, 'content')).toEqual({
      id: 'cap-f35',
      entity_type: 'content',
      entity_subtype: 'capability',
      uri: '/capabilities/f-35',
      variant: 'uk',
      attributes: { programme: 'F-35', year: 2024 },
    });
    expect(trackingEvents.widgetItemClick(widget, 0, item).value?.entities?.[0]).toMatchObject({
      variant: 'uk',
      attributes: { programme: 'F-35' },
    });
    expect(toEventEntity({ id: 'x', attributes: ['not', 'a', 'map'] }, 'content')).toEqual({
      id: 'x',
      entity_type: 'content',
    });
  });

  it('sends the search modified_keyword and redirect_url the service gave, and the facet entry field', async () => {
    const state = initialSearchResultsState({ keyphrase: 'f35 sustainment' });
    const shown = {
      content: [item],
      total_item: 33,
      modified_keyword: 'f-35 sustainment',
      redirect_url: '/capabilities/air/f-35-sustainment',
    };
    const keyphrase = searchResultsEvent(
      widget,
      { type: T.KEYPHRASE_CHANGED, payload: { keyphrase: 'f35 sustainment' } },
      state,
      state,
      shown,
    );
    expect(keyphrase.value?.request).toEqual({
      keyword: 'f35 sustainment',
      modified_keyword: 'f-35 sustainment',
      redirect_url: '/capabilities/air/f-35-sustainment',
      num_results: 1,
      total_results: 33,
      num_requested: 24,
      page_size: 24,
      page_number: 1,
    });
    const facet = searchResultsEvent(
      widget,
      {
        type: T.FACET_CLICKED,
        payload: {
          facetId: 'type',
          facetField: 'content_type',
          facetValueId: 'ft_article',
          checked: true,
          facetLabel: 'Content type',
          facetIndex: 0,
          facetValueIndex: 1,
        },
      },
      state,
      state,
      shown,
    );
    expect(facet.value?.filters).toEqual([
      {
        name: 'type',
        title: 'Content type',
        field: 'content_type',
        value: 'ft_article',
        value_position: 1,
        facet_position: 0,
      },
    ]);

    const { client, service } = testClient({ trackingConsent: true });
    await client.trackEvent(keyphrase);
    const sent = service.calls.find((c) => c.url.includes('/event/'))?.body;
    expect(sent).toMatchObject({
      value: { request: { modified_keyword: 'f-35 sustainment', redirect_url: '/capabilities/air/f-35-sustainment' } },
    });
  });
});
