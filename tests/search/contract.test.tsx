import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withPrism } from '../support/prism.ts';
import {
  SearchResultsActionType as T,
  createSearchClient,
  initialSearchResultsState,
  searchResultsEvent,
  searchResultsReducer,
  trackingEvents,
  type SearchConfig,
  type SearchResultsAction,
} from '../../src/search/index.ts';
import {
  BannerWidget,
  ContentBlockWidget,
  HtmlBlockWidget,
  PreviewSearchWidget,
  QuestionsWidget,
  RecommendationWidget,
  SearchResultsWidget,
  SeoWidget,
  WidgetsProvider,
} from '../../src/search/react.tsx';
import { publishEventBody } from '../../generated/search/zod/events/events.ts';
import { searchWidgetsBody, searchWidgetsResponse } from '../../generated/search/zod/search/search.ts';
import { spyLogger } from './support.tsx';

const prism = withPrism('search');
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A fetch to Prism that records every call and asks Prism for `prefer` on search calls. */
function toPrism(prefer?: string) {
  const calls: Array<{ url: string; status: number; body: unknown; headers: Headers }> = [];
  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    const headers = new Headers(init.headers);
    if (prefer && !String(input).includes('/event')) headers.set('Prefer', prefer);
    const response = await globalThis.fetch(input, { ...init, headers });
    calls.push({
      url: String(input),
      status: response.status,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers,
    });
    return response;
  };
  return { fetch, calls };
}

function client(config: SearchConfig = {}, prefer?: string) {
  const wire = toPrism(prefer);
  const logger = spyLogger();
  const search = createSearchClient({
    customerKey: '11111-2222222',
    apiKey: 'test-api-key',
    baseUrl: prism.url,
    fetch: wire.fetch,
    logger,
    // These tests judge the mock's answers, not the 10 s deadline: the run's one search mock, shared by
    // every file, sometimes answered past it on a busy CI machine, and a call past its deadline
    // resolves to null (it logs instead of throwing), which looked like an answer without images.
    timeoutMs: 60_000,
    ...config,
  });
  return { search, wire, logger };
}

function page(search: ReturnType<typeof client>['search'], children: React.ReactNode) {
  return render(
    <WidgetsProvider client={search} queryClient={new QueryClient()}>
      {children}
    </WidgetsProvider>,
  );
}

describe('search contract (Prism)', () => {
  it('renders a page with every widget type from one POST that Prism accepts', async () => {
    const { search, wire } = client();
    page(
      search,
      <>
        <RecommendationWidget rfkId="rfkid_1" />
        <PreviewSearchWidget rfkId="rfkid_6" />
        <SearchResultsWidget rfkId="rfkid_7" />
        <ContentBlockWidget rfkId="rfkid_cb" />
        <QuestionsWidget rfkId="rfkid_qa" />
        <HtmlBlockWidget rfkId="rfkid_html" />
        <BannerWidget rfkId="rfkid_banner" />
        <SeoWidget rfkId="rfkid_seo" />
      </>,
    );
    expect(
      await screen.findByRole(
        'link',
        { name: 'Graduate programme 2025: engineering the next generation' },
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'satellite ground systems' })).toBeTruthy();
    expect(screen.getByText('33 results')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Space (4)' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Maritime patrol aircraft enters service' })).toBeTruthy();
    expect(screen.getByText(/Applications open each September/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Join our space team' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Book a meeting' }).getAttribute('href')).toBe('/events/airshow-2025');
    expect(document.title).toBe('Aurelia Aerospace & Defence | Air, space and maritime capabilities');
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://www.aurelia-defence.example/',
    );
    // Images come from the site itself, so nothing points at a host that does not resolve.
    const images = [...document.body.querySelectorAll('img')].map((img) => img.getAttribute('src'));
    expect(images.length).toBeGreaterThanOrEqual(4);
    for (const src of images) expect(src).toMatch(/^\/-\/media\/images\/search\/[a-z0-9-]+\.svg$/);
    const searches = wire.calls.filter((c) => c.url.includes('/discover/v2/'));
    expect(searches).toHaveLength(1);
    expect(searches[0]).toMatchObject({ url: `${prism.url}/discover/v2/2222222`, status: 200 });
    expect(searches[0]?.headers.get('Authorization')).toBe('test-api-key');
    expect(searchWidgetsBody.safeParse(searches[0]?.body).success).toBe(true);
    expect(screen.queryAllByRole('alert')).toEqual([]);
  });

  it('points every example image at a media file the site serves and every item link at a site path (xss aside)', async () => {
    const answers: unknown[] = [];
    for (const example of [
      'allWidgetTypes',
      'searchResults',
      'previewSearch',
      'recommendation',
      'contentBlock',
      'questionsAnswers',
      'htmlBlock',
      'banner',
      'seo',
      'noResults',
      'rfkidNotFound',
    ]) {
      const { search, logger } = client({}, `example=${example}`);
      answers.push(await search.calls.search({ widget: { items: [{ rfk_id: 'rfkid_1', entity: 'content' }] } }));
      // A failed call resolves to null after logging why: say so rather than count too few images.
      expect(logger.error.mock.calls, example).toEqual([]);
    }
    const connector = client(
      {
        customerKey: undefined,
        apiKey: undefined,
        discoverDomainId: '2222222',
        getIdentityToken: () => 'eyJ.identity.token',
      },
      'example=sparesCatalogue',
    );
    answers.push(
      await connector.search.calls.search({ widget: { items: [{ rfk_id: 'rfkid_spares', entity: 'product' }] } }),
    );
    expect(connector.logger.error.mock.calls, 'sparesCatalogue').toEqual([]);
    const { images, links } = collectUrls(answers);
    expect(images.length).toBeGreaterThanOrEqual(15);
    expect(links.length).toBeGreaterThanOrEqual(20);
    for (const src of new Set(images)) {
      expect(src).toMatch(/^\/-\/media\/images\/search\/[a-z0-9-]+\.svg$/);
      const svg = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '../../public', src), 'utf8');
      expect(svg, src).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*><title>[^<]+<\/title>/);
    }
    for (const href of links) expect(href).toMatch(/^\/(?![/\\])/);
  });

  it('answers the named examples, and the client matches them by rfk_id and entity', async () => {
    const cases: Array<[string, string, string]> = [
      ['searchResults', 'rfkid_7', 'content_grid'],
      ['previewSearch', 'rfkid_6', 'preview_search'],
      ['recommendation', 'rfkid_1', 'recommendation'],
      ['contentBlock', 'rfkid_cb', 'content_block'],
      ['questionsAnswers', 'rfkid_qa', 'questions_answers'],
      ['htmlBlock', 'rfkid_html', 'html_block'],
      ['banner', 'rfkid_banner', 'banner'],
      ['seo', 'rfkid_seo', 'seo'],
      ['noResults', 'rfkid_7', 'content_grid'],
    ];
    for (const [example, rfkId, type] of cases) {
      const { search } = client({}, `example=${example}`);
      const widget = search.requestWidget({ item: { rfk_id: rfkId, entity: 'content' } });
      search.flush();
      expect(await widget, example).toMatchObject({ rfk_id: rfkId, type });
      const answer = await search.calls.search({ widget: { items: [{ rfk_id: rfkId, entity: 'content' }] } });
      expect(searchWidgetsResponse.safeParse(answer).success, example).toBe(true);
    }
  });

  it('fails a widget the answer lacks (example rfkidNotFound) with the exact message', async () => {
    const { search } = client({}, 'example=rfkidNotFound');
    const missing = search.requestWidget({ item: { rfk_id: 'rfkid_99', entity: 'content' }, instanceId: 'a' });
    const found = search.requestWidget({ item: { rfk_id: 'rfkid_1', entity: 'content' }, instanceId: 'b' });
    search.flush();
    await expect(missing).rejects.toThrow(new Error('Response processing error: could not find rfkid_99 in response'));
    expect((await found).rfk_id).toBe('rfkid_1');
  });

  it('shows the no-results state of a search page (example noResults)', async () => {
    const { search } = client({}, 'example=noResults');
    page(search, <SearchResultsWidget rfkId="rfkid_7" />);
    expect(await screen.findByText('0 results', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).toBeNull();
  });

  it('renders the hostile example (xss) without anything that can run', async () => {
    const { search } = client({}, 'example=xss');
    const { container } = page(
      search,
      <>
        <HtmlBlockWidget rfkId="rfkid_html" />
        <BannerWidget rfkId="rfkid_banner" />
        <ContentBlockWidget rfkId="rfkid_cb" />
        <SeoWidget rfkId="rfkid_seo" />
      </>,
    );
    expect(await screen.findByText('Satellite payloads open day', {}, { timeout: 10_000 })).toBeTruthy();
    await screen.findByText('F-35 sustainment');
    expect(within(container).getByText('Book a meeting').getAttribute('href')).toBeNull();
    expect(container.querySelectorAll('script, iframe, svg')).toHaveLength(0);
    const handlers = [...container.querySelectorAll('*')].flatMap((el) =>
      [...el.attributes].filter((a) => a.name.startsWith('on')).map((a) => a.name),
    );
    expect(handlers).toEqual([]);
    expect(container.querySelector('.search-seo__content')?.innerHTML).toBe('<p>Careers</p>');
  });

  it('logs "There was a problem on the service call" and the service message on a 500, and shows its own sentence', async () => {
    const { search, logger } = client({}, 'code=500');
    page(search, <RecommendationWidget rfkId="rfkid_1" />);
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe(
      'Search is unavailable just now.',
    );
    expect(logger.error).toHaveBeenCalledWith('There was a problem on the service call', {
      widget: 'rfkid_1',
      message: 'Internal server error',
    });
    // The specification's line with its cause in one line: the status and where, no stack, no key.
    expect(logger.error).toHaveBeenCalledWith('There was a problem on the service call', {
      cause: expect.stringMatching(/^HTTP 500 Internal Server Error from POST http:\/\/127\.0\.0\.1:\d+\/[^?]*$/),
    });
    expect(await search.calls.search({ widget: { items: [{ rfk_id: 'rfkid_1', entity: 'content' }] } })).toMatchObject({
      message: 'Internal server error',
      code: 500,
    });
  });

  it('shows the 401 message for a rejected key', async () => {
    const { search } = client({}, 'code=401');
    const failed = search.requestWidget({ item: { rfk_id: 'rfkid_1', entity: 'content' } }).catch((e: unknown) => e);
    search.flush();
    expect(((await failed) as Error).message).toBe('Unauthorized');
  });

  it('accepts a request carrying every context part the layer fills, and rfk_flags', async () => {
    const { search, wire } = client({
      rfkFlags: ['no_personalization'],
      context: {
        locale: { country: 'gb', language: 'en' },
        campaign: {
          utm_source: 'newsletter',
          utm_medium: 'email',
          utm_campaign: 'launch',
          utm_content: 'hero',
          utm_term: 'satellite',
        },
      },
    });
    const widget = search.requestWidget({ item: { rfk_id: 'rfkid_7', entity: 'content' } });
    search.flush();
    expect((await widget).rfk_id).toBe('rfkid_7');
    const [call] = wire.calls;
    expect(call?.status).toBe(200);
    expect(call?.body).toMatchObject({
      rfk_flags: ['no_personalization'],
      context: {
        browser: { device: 'pc', app_type: 'web', user_agent: navigator.userAgent },
        page: { uri: '/' },
        locale: { country: 'gb', language: 'en' },
        campaign: { utm_source: 'newsletter', utm_campaign: 'launch' },
        time: { epoch: expect.any(Number) },
        user: { uuid: search.uuid },
      },
    });
    expect(searchWidgetsBody.safeParse(call?.body).success).toBe(true);
  });

  it('uses the service host paths without a key', async () => {
    const { search, wire } = client({ apiKey: undefined, baseUrl: undefined, serviceHost: prism.url });
    const widget = search.requestWidget({ item: { rfk_id: 'rfkid_seo', entity: 'content' } });
    search.flush();
    expect((await widget).type).toBe('seo');
    expect(await search.trackEvent(trackingEvents.entityPageView([{ id: 'cap-f35', entity_type: 'content' }]))).toBe(
      true,
    );
    expect(wire.calls.map((c) => [c.url.replace(prism.url, ''), c.status, c.headers.has('Authorization')])).toEqual([
      ['/api/discover/v2', 200, false],
      ['/api/event/v4/publish', 202, false],
    ]);
  });

  it('searches through the commerce connector with the bearer identity token and the commerce context', async () => {
    const { search, wire } = client(
      {
        customerKey: undefined,
        apiKey: undefined,
        discoverDomainId: '2222222',
        getIdentityToken: () => 'eyJ.identity.token',
      },
      'example=sparesCatalogue',
    );
    search.context.setCommerce({ sellerId: 'aurelia-spares-us', requiredInventoryLocations: ['fort-worth-depot'] });
    search.context.flush();
    const widget = search.requestWidget({
      item: { rfk_id: 'rfkid_spares', entity: 'product', search: { query: { keyphrase: 'actuator seal kit' } } },
    });
    search.flush();
    expect(await widget).toMatchObject({
      rfk_id: 'rfkid_spares',
      entity: 'product',
      content: [{ id: 'sku-act-seal-kit-35' }, { id: 'sku-act-seal-kit-35b' }],
    });
    expect(wire.calls[0]).toMatchObject({ url: `${prism.url}/api/v1/search/2222222`, status: 200 });
    expect(wire.calls[0]?.headers.get('Authorization')).toBe('Bearer eyJ.identity.token');
  });

  it('sends nothing to the connector without a signed-in user', async () => {
    const { search, wire } = client({
      customerKey: undefined,
      apiKey: undefined,
      discoverDomainId: '2222222',
      getIdentityToken: () => undefined,
    });
    const failed = search
      .requestWidget({ item: { rfk_id: 'rfkid_spares', entity: 'product' } })
      .catch((e: unknown) => e);
    search.flush();
    expect(((await failed) as Error).message).toBe('Could not found an OrderCloud logged user.');
    expect(wire.calls).toEqual([]);
  });

  it('has every tracking event the layer sends accepted (202) by the contract', async () => {
    const { search, wire } = client({ userId: undefined });
    const widget = { rfkId: 'rfkid_7', entity: 'content' };
    const start = initialSearchResultsState({ keyphrase: 'satellite payloads', itemsPerPage: 10 });
    const shown = {
      content: [
        {
          id: 'cap-satellite-payloads',
          url: '/capabilities/space/satellite-payloads',
          type: 'capability',
          variant: 'uk',
          attributes: { programme: 'Skynet 6', year: 2025 },
        },
      ],
      total_item: 12,
      modified_keyword: 'satellite payload',
      redirect_url: '/capabilities/space',
    };
    const actions: SearchResultsAction[] = [
      {
        type: T.FACET_CLICKED,
        payload: {
          facetId: 'type',
          facetField: 'content_type',
          facetValueId: 'facetid_type_capability',
          checked: true,
          facetIndex: 0,
          facetValueIndex: 0,
          valueLabel: 'Capability',
          facetLabel: 'Content type',
        },
      },
      { type: T.FILTER_CLICKED, payload: { facetId: 'publish_year', min: 2020, max: 2025, valueLabel: '2020 – 2025' } },
      { type: T.REMOVE_FILTER, payload: { facetId: 'publish_year' } },
      { type: T.SORT_CHANGED, payload: { sortType: 'publish_date', sortDirection: 'desc' } },
      { type: T.PAGE_NUMBER_CHANGED, payload: { page: 2 } },
      { type: T.ITEM_CLICKED, payload: { id: 'cap-satellite-payloads', index: 0 } },
      { type: T.RESULTS_PER_PAGE_CHANGED, payload: { numItems: 24 } },
      { type: T.KEYPHRASE_CHANGED, payload: { keyphrase: 'f-35' } },
      { type: T.CLEAR_FILTERS },
    ];
    const events = [
      ...actions.map((a) => searchResultsEvent(widget, a, start, searchResultsReducer(start, a), shown)),
      trackingEvents.widgetView(widget, shown.content),
      trackingEvents.widgetItemClick({ rfkId: 'rfkid_1', entity: 'content' }, 2, {
        id: 'art-careers-graduate-2025',
        url: '/careers/graduate-programme',
      }),
      trackingEvents.entityPageView([
        { id: 'cap-f35-sustainment', entity_type: 'content', entity_subtype: 'capability' },
      ]),
      trackingEvents.entityAction('download', 'add', [{ id: 'doc-brochure', entity_type: 'content' }]),
      trackingEvents.entityAction('cart', 'remove', [{ id: 'sku-1', entity_type: 'product', quantity: 1, price: 10 }]),
      trackingEvents.orderConfirm(
        { order_id: 'SO-2025-000731', order_total: 2683.5, order_subtotal: 2550.5, coupon: 'DEPOT10' },
        [{ id: 'sku-1', entity_type: 'product', quantity: 1 }],
      ),
      trackingEvents.login('buyer-us-1187'),
    ];
    for (const event of events) expect(await search.trackEvent(event), JSON.stringify(event)).toBe(true);
    expect(wire.calls.every((c) => c.url === `${prism.url}/event/2222222/v4/publish` && c.status === 202)).toBe(true);
    expect(wire.calls).toHaveLength(events.length);
    for (const call of wire.calls) expect(publishEventBody.safeParse(call.body).success).toBe(true);
    const sent = JSON.stringify(wire.calls.map((c) => c.body));
    for (const field of [
      '"attributes":{',
      '"variant":"uk"',
      '"modified_keyword":"satellite payload"',
      '"redirect_url":"/capabilities/space"',
      '"field":"content_type"',
    ]) {
      expect(sent).toContain(field);
    }
  });
});

/** Image sources (`image_url`, `<img src>`) and item links (`url`, `<a href>`) anywhere in `answers`. */
function collectUrls(answers: unknown[]) {
  const images: string[] = [];
  const links: string[] = [];
  const walk = (value: unknown, key = ''): void => {
    if (Array.isArray(value)) return value.forEach((v) => walk(v));
    if (value && typeof value === 'object') return Object.entries(value).forEach(([k, v]) => walk(v, k));
    if (typeof value !== 'string') return;
    if (key === 'image_url') images.push(value);
    if (key === 'url') links.push(value);
    for (const [, src] of value.matchAll(/<img[^>]*\ssrc="([^"]*)"/g)) images.push(src as string);
    for (const [, href] of value.matchAll(/<a[^>]*\shref="([^"]*)"/g)) links.push(href as string);
  };
  walk(answers);
  return { images, links };
}
