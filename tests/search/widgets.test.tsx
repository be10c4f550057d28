import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider, focusManager, notifyManager } from '@tanstack/react-query';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WidgetActionType, type SearchRequest, type WidgetEvent } from '../../src/search/index.ts';
import {
  HtmlBlockWidget,
  PreviewSearchWidget,
  RecommendationView,
  RecommendationWidget,
  SearchResultsView,
  SearchResultsWidget,
  WidgetsProvider,
  useSearchResults,
  widget,
} from '../../src/search/react.tsx';
import { MockIntersectionObserver, advance, fakeService, renderWithClient, testClient } from './support.tsx';
import { WidgetLabelsContext } from '../../src/search/react.tsx';
import { type PhraseValues, type TextKey, translate } from '../../src/site/dictionary.tsx';
import { widgetLabels } from '../../src/site/searchWidgets.tsx';
import { readContract } from '../../scripts/contract/contracts.mjs';
import { CONTENT_SPEC } from '../../scripts/lib/contentMock.mjs';

// The content contract's German dictionary: the site gives the search layer its texts from it.
const GERMAN = (
  readContract(CONTENT_SPEC) as {
    paths: Record<
      string,
      {
        get: {
          responses: Record<
            string,
            { content: Record<string, { examples: Record<string, { value: { phrases: Record<string, string> } }> }> }
          >;
        };
      }
    >;
  }
).paths['/sitecore/api/jss/dictionary/{appName}/{language}']!.get.responses['200']!.content['application/json']!
  .examples.de!.value.phrases;

beforeEach(() => {
  // Only the clock the layer and React Query schedule on is faked; the fetch body streams keep their real turns.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  // React Query's notifications go on a microtask, so they never move the fake clock.
  notifyManager.setScheduler(queueMicrotask);
  MockIntersectionObserver.instances = [];
});
afterEach(() => {
  cleanup();
  notifyManager.setScheduler((callback) => setTimeout(callback, 0));
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const lastSearch = (service: ReturnType<typeof fakeService>) => service.searches().at(-1)?.body as SearchRequest;

describe('widgets on a page', () => {
  it('shows no result count until the answer is in (never "0 results" while loading)', async () => {
    const { client } = testClient();
    const { container } = renderWithClient(client, <SearchResultsWidget rfkId="rfkid_7" />);
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(container.querySelector('.search-results__count')?.textContent).toBe('');
    await advance(250);
    await advance(0);
    expect(container.querySelector('.search-results__count')?.textContent).toBe('30 results');
  });

  it("draws its count, sort, page size and pagination in the app's language when given its labels", async () => {
    const { client } = testClient();
    const t = (key: TextKey, values?: PhraseValues) => translate(GERMAN, key, values, 'de');
    renderWithClient(
      client,
      <WidgetLabelsContext.Provider value={widgetLabels(t)}>
        <SearchResultsWidget rfkId="rfkid_7" />
      </WidgetLabelsContext.Provider>,
    );
    expect(screen.getByRole('status').textContent).toBe('Wird geladen…');
    await advance(250);
    await advance(0);
    expect(screen.getByText('30 Ergebnisse')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Suchergebnisse' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Sortieren nach' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Ergebnisse pro Seite' })).toBeTruthy();
    const pages = screen.getByRole('navigation', { name: 'Seiten' });
    expect(within(pages).getByRole('button', { name: 'Weiter' })).toBeTruthy();
    expect(screen.queryByText(/results|Sort by|Next/)).toBeNull();
  });

  it('asks for every widget of one commit in one POST as the commit ends, without waiting for the clock, and renders each', async () => {
    const { client, service } = testClient();
    renderWithClient(
      client,
      <>
        <SearchResultsWidget rfkId="rfkid_7" />
        <RecommendationWidget rfkId="rec_1" />
        <RecommendationWidget rfkId="rec_2" />
        <PreviewSearchWidget rfkId="preview_1" />
        <HtmlBlockWidget rfkId="html_1" />
      </>,
    );
    expect(screen.getAllByRole('status')).toHaveLength(5);
    // The clock never moves: the batch leaves because the commit's widgets have all asked, not
    // because a window closed (which a busy CPU could close between two of them).
    await advance(0);
    expect(service.searches()).toHaveLength(1);
    expect(lastSearch(service).widget.items.map((i) => i.rfk_id)).toEqual([
      'rfkid_7',
      'rec_1',
      'rec_2',
      'preview_1',
      'html_1',
    ]);
    await advance(0);
    expect(screen.getByText('30 results')).toBeTruthy();
    expect(screen.getAllByRole('region', { name: 'Recommended for you' })).toHaveLength(2);
    expect(screen.getByText('Block html_1')).toBeTruthy();
    expect(screen.queryAllByRole('status')).toHaveLength(0);
  });

  it('titles a recommendation widget "Recommended for you", its own title when given, and none with title={null} (the page heads it)', () => {
    const { client } = testClient();
    renderWithClient(
      client,
      <>
        <RecommendationWidget rfkId="rec_1" />
        <RecommendationWidget rfkId="rec_2" title="Before the show" />
        <RecommendationWidget rfkId="rec_3" title={null} />
      </>,
    );
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual([
      'Recommended for you',
      'Before the show',
    ]);
  });

  it('sends a widget mounted after the flush in a second POST, and a remount of a known one in none', async () => {
    const { client, service } = testClient();
    const queryClient = new QueryClient();
    const page = (ids: string[]) => (
      <WidgetsProvider client={client} queryClient={queryClient}>
        {ids.map((id) => (
          <RecommendationWidget key={id} rfkId={id} />
        ))}
      </WidgetsProvider>
    );
    const { rerender } = render(page(['rec_1']));
    await advance(250);
    rerender(page(['rec_1', 'rec_2']));
    await advance(250);
    expect(service.searches().map((c) => (c.body as SearchRequest).widget.items.map((i) => i.rfk_id))).toEqual([
      ['rec_1'],
      ['rec_2'],
    ]);
    rerender(page([]));
    rerender(page(['rec_1']));
    await advance(300);
    expect(service.searches()).toHaveLength(2);
    expect(screen.getAllByRole('link')).toHaveLength(3);
  });

  it('refetches 50 ms after a page-context change, with the new context', async () => {
    const { client, service } = testClient();
    renderWithClient(client, <RecommendationWidget rfkId="rec_1" />);
    await advance(250);
    act(() => client.context.setPage({ uri: '/capabilities/space' }));
    await advance(49);
    act(() => client.context.setPage({ uri: '/careers' }));
    await advance(49);
    expect(service.searches()).toHaveLength(1);
    await advance(1 + 250);
    expect(service.searches()).toHaveLength(2);
    expect(lastSearch(service).context?.page).toEqual({ uri: '/careers' });
  });

  it("shows the layer's own sentence for a widget missing from the answer (the exact error goes to the log), and the others still render", async () => {
    const service = fakeService({
      respond: (body) => ({
        body: {
          widgets: body.widget.items
            .filter((i) => i.rfk_id !== 'rec_missing')
            .map((i) => ({
              rfk_id: i.rfk_id,
              entity: i.entity,
              type: 'recommendation',
              content: [{ id: 'x', name: 'Shown', url: '/x' }],
            })),
        },
      }),
    });
    const { client, logger } = testClient({}, service);
    renderWithClient(
      client,
      <>
        <RecommendationWidget rfkId="rec_missing" />
        <RecommendationWidget rfkId="rec_ok" />
      </>,
    );
    await advance(250);
    await advance(0);
    expect(screen.getByRole('alert').textContent).toBe('Search is unavailable just now.');
    expect(screen.queryByText(/could not find/)).toBeNull();
    expect(logger.error).toHaveBeenCalledWith('There was a problem on the service call', {
      widget: 'rec_missing',
      message: 'Response processing error: could not find rec_missing in response',
    });
    expect(logger.error).toHaveBeenCalledOnce();
    expect(screen.getByRole('link', { name: 'Shown' })).toBeTruthy();
  });

  it("shows the app's sentence for a failed service, never the service's text, which the log keeps", async () => {
    const service = fakeService({ respond: () => ({ status: 500, body: { message: 'Internal server error' } }) });
    const { client, logger } = testClient({}, service);
    const t = (key: TextKey, values?: PhraseValues) => translate(GERMAN, key, values, 'de');
    renderWithClient(
      client,
      <WidgetLabelsContext.Provider value={widgetLabels(t)}>
        <SearchResultsWidget rfkId="rfkid_7" />
      </WidgetLabelsContext.Provider>,
    );
    await advance(250);
    await advance(0);
    expect(screen.getByRole('alert').textContent).toBe('Die Suche ist gerade nicht verfügbar.');
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
    expect(screen.queryByText(/Internal server error/)).toBeNull();
    // The service's line (the status and where), then the widget's own message: both in the log only.
    expect(logger.error.mock.calls).toEqual([
      ['There was a problem on the service call', { cause: expect.stringMatching(/^HTTP 500 from POST /) }],
      ['There was a problem on the service call', { widget: 'rfkid_7', message: 'Internal server error' }],
    ]);
  });

  it('logs a failure without a message of its own once, as the service call (no second line)', async () => {
    const { client, logger } = testClient({ fetch: async () => Promise.reject(new TypeError('Failed to fetch')) });
    renderWithClient(client, <RecommendationWidget rfkId="rec_1" />);
    await advance(250);
    await advance(0);
    expect(screen.getByRole('alert').textContent).toBe('Search is unavailable just now.');
    expect(logger.error.mock.calls).toEqual([
      ['There was a problem on the service call', { cause: 'TypeError: Failed to fetch' }],
    ]);
  });

  it('drops a superseded in-flight request without an error and shows the latest', async () => {
    const service = fakeService();
    const { client } = testClient({}, service);
    const seen: string[] = [];
    client.events.subscribe((e) => seen.push(e.type));
    renderWithClient(client, <SearchResultsWidget rfkId="rfkid_7" />);
    await advance(250);
    service.hold(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Article (20)' }));
    await advance(50);
    await advance(250);
    expect(service.searches()).toHaveLength(2);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Career (10)' }));
    await advance(50);
    expect(service.searches()[1]?.signal?.aborted).toBe(true);
    await advance(250);
    expect(service.searches()).toHaveLength(3);
    service.hold(false);
    await act(async () => service.release());
    await advance(0);
    expect(seen).toContain(WidgetActionType.REQUEST_CANCELED);
    expect(seen).not.toContain(WidgetActionType.REQUEST_FAIL);
    expect(screen.queryByRole('alert')).toBeNull();
    expect((lastSearch(service).widget.items[0]?.search?.filter as { values: string[] }).values).toEqual([
      'ft_article',
      'ft_career',
    ]);
    expect((screen.getByRole('checkbox', { name: 'Career (10)' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('30 results')).toBeTruthy();
  });

  it('keeps the query defaults: no retry after a failure, no refetch on focus, data cached for 5 minutes', async () => {
    const service = fakeService({ respond: () => ({ status: 500, body: { message: 'Internal server error' } }) });
    const { client } = testClient({}, service);
    const queryClient = new QueryClient();
    render(
      <WidgetsProvider client={client} queryClient={queryClient}>
        <RecommendationWidget rfkId="rec_1" />
      </WidgetsProvider>,
    );
    await advance(250);
    expect(screen.getByRole('alert').textContent).toBe('Search is unavailable just now.');
    await advance(10_000);
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await advance(300);
    expect(service.searches()).toHaveLength(1);
    const [query] = queryClient.getQueryCache().findAll({ queryKey: ['search', 'rec_1'] });
    expect(query?.gcTime).toBe(300_000);
    focusManager.setFocused(undefined);
  });

  it("uses the app's QueryClientProvider without replacing it for the widgets below", async () => {
    const { client } = testClient();
    const appClient = new QueryClient();
    render(
      <QueryClientProvider client={appClient}>
        <WidgetsProvider client={client}>
          <RecommendationWidget rfkId="rec_1" />
        </WidgetsProvider>
      </QueryClientProvider>,
    );
    await advance(250);
    expect(appClient.getQueryCache().findAll({ queryKey: ['search', 'rec_1'] })).toHaveLength(1);
    expect(screen.getAllByRole('link')).toHaveLength(3);
  });

  it('reports load and unload with the widget identity', async () => {
    const { client } = testClient();
    const seen: WidgetEvent[] = [];
    client.events.subscribe((e) => seen.push(e));
    const { unmount } = renderWithClient(client, <RecommendationWidget rfkId="rec_1" instanceId="home-1" />);
    unmount();
    expect(seen.filter((e) => e.type.endsWith('LOAD'))).toEqual([
      { type: 'core/LOAD', rfkId: 'rec_1', entity: 'content', widgetType: 'recommendation', instanceId: 'home-1' },
      { type: 'core/UNLOAD', rfkId: 'rec_1', entity: 'content', widgetType: 'recommendation', instanceId: 'home-1' },
    ]);
  });

  it('reads through Suspense when the provider asks for it', async () => {
    const { client } = testClient();
    renderWithClient(
      client,
      <Suspense fallback={<p>Waiting</p>}>
        <RecommendationWidget rfkId="rec_1" />
      </Suspense>,
      { suspense: true },
    );
    expect(screen.getByText('Waiting')).toBeTruthy();
    await advance(250);
    await advance(0);
    expect(screen.getAllByRole('link')).toHaveLength(3);
  });
});

describe('visibility', () => {
  it('reports appear once, when at least 20% is in view, with a view event of the items shown', async () => {
    vi.stubGlobal('IntersectionObserver', MockIntersectionObserver);
    const { client, service } = testClient();
    const appear: WidgetEvent[] = [];
    client.events.subscribe((e) => e.type === WidgetActionType.APPEAR && appear.push(e));
    renderWithClient(client, <RecommendationWidget rfkId="rec_1" />);
    const [observer] = MockIntersectionObserver.instances;
    expect(observer?.options.threshold).toBe(0.2);
    expect(observer?.observed[0]).toBe(screen.getByRole('region', { name: 'Recommended for you' }));
    act(() => observer?.show(0.1));
    expect(appear).toHaveLength(0);
    act(() => observer?.show(0.2));
    act(() => observer?.show(1));
    expect(appear).toHaveLength(1);
    expect(observer?.disconnected).toBe(true);
    expect(service.events()).toHaveLength(0); // no data yet: the view event waits for it
    await advance(250);
    await advance(0);
    expect(service.events()).toHaveLength(1);
    expect(service.events()[0]?.body).toMatchObject({
      name: 'widget',
      action: 'view',
      value: { rfk_id: 'rec_1', entities: [{ id: 'all-0', entity_type: 'content' }, { id: 'all-1' }, { id: 'all-2' }] },
    });
  });

  it('sends no view event without tracking consent', async () => {
    vi.stubGlobal('IntersectionObserver', MockIntersectionObserver);
    const { client, service } = testClient();
    renderWithClient(client, <RecommendationWidget rfkId="rec_1" />, { trackingConsent: false });
    await advance(250);
    act(() => MockIntersectionObserver.instances[0]?.show(0.5));
    await advance(0);
    expect(service.events()).toHaveLength(0);
  });
});

describe('search results interactions', () => {
  async function page() {
    const { client, service } = testClient();
    const actions: WidgetEvent[] = [];
    client.events.subscribe((e) => e.type.startsWith('searchResults/') && actions.push(e));
    renderWithClient(client, <SearchResultsWidget rfkId="rfkid_7" />);
    await advance(250);
    await advance(0);
    const settle = async () => {
      await advance(50);
      await advance(250);
      await advance(0);
    };
    const search = () => lastSearch(service).widget.items[0]?.search;
    const lastEvent = () => service.events().at(-1)?.body as Record<string, unknown>;
    return { client, service, actions, settle, search, lastEvent };
  }

  it('facet clicked: filters the request, refetches and reports', async () => {
    const p = await page();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Article (20)' }));
    await p.settle();
    expect(p.actions.at(-1)).toMatchObject({
      type: 'searchResults/FACET_CLICKED',
      rfkId: 'rfkid_7',
      payload: { facetId: 'type', facetValueId: 'ft_article', checked: true, facetIndex: 0, facetValueIndex: 0 },
    });
    expect(p.search()?.filter).toEqual({ type: 'anyOf', name: 'type', values: ['ft_article'] });
    expect(p.lastEvent()).toMatchObject({
      action_cause: 'filter',
      value: { filters: [{ name: 'type', value: 'ft_article', display_name: 'Article' }] },
    });
    expect((screen.getByRole('checkbox', { name: 'Article (20)' }) as HTMLInputElement).checked).toBe(true);
  });

  it('filter clicked (a range value), remove filter and clear filters', async () => {
    const p = await page();
    fireEvent.click(screen.getByRole('checkbox', { name: '2020 – 2025' }));
    await p.settle();
    expect(p.actions.at(-1)?.type).toBe('searchResults/FILTER_CLICKED');
    expect(p.search()?.filter).toEqual({ type: 'range', name: 'year', values: [2020, 2025] });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Article (20)' }));
    await p.settle();
    fireEvent.click(screen.getByRole('button', { name: 'Remove filter: Article' }));
    await p.settle();
    expect(p.actions.at(-1)).toMatchObject({
      type: 'searchResults/REMOVE_FILTER',
      payload: { facetId: 'type', facetValueId: 'ft_article' },
    });
    expect(p.search()?.filter).toEqual({ type: 'range', name: 'year', values: [2020, 2025] });
    expect(p.lastEvent()).toMatchObject({ action_sub_type: 'remove' });
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await p.settle();
    expect(p.actions.at(-1)?.type).toBe('searchResults/CLEAR_FILTERS');
    expect(p.search()).not.toHaveProperty('filter');
    expect(p.lastEvent()).toMatchObject({ action_sub_type: 'clear' });
    expect(screen.queryByRole('list', { name: 'Selected filters' })).toBeNull();
  });

  it('sort changed, results per page changed and page number changed', async () => {
    const p = await page();
    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'publish_date' } });
    await p.settle();
    expect(p.actions.at(-1)).toMatchObject({
      type: 'searchResults/SORT_CHANGED',
      payload: { sortType: 'publish_date', sortDirection: 'desc' },
    });
    expect(p.search()?.sort).toEqual({ choices: true, value: [{ name: 'publish_date', order: 'desc' }] });
    fireEvent.change(screen.getByRole('combobox', { name: 'Results per page' }), { target: { value: '12' } });
    await p.settle();
    expect(p.actions.at(-1)).toMatchObject({
      type: 'searchResults/RESULTS_PER_PAGE_CHANGED',
      payload: { numItems: 12 },
    });
    expect(p.search()).toMatchObject({ limit: 12, offset: 0 });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await p.settle();
    expect(p.actions.at(-1)).toMatchObject({ type: 'searchResults/PAGE_NUMBER_CHANGED', payload: { page: 2 } });
    expect(p.search()).toMatchObject({ limit: 12, offset: 12 });
    expect(screen.getByRole('button', { name: '2' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'Result 13 for all' })).toBeTruthy();
    expect(p.lastEvent()).toMatchObject({
      action_cause: 'navigation',
      action_sub_type: 'page',
      value: { request: { page_number: 2, page_size: 12 } },
    });
  });

  it('keyphrase changed: a new search from page 1', async () => {
    const p = await page();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await p.settle();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'satellite' } });
    fireEvent.submit(screen.getByRole('search'));
    await p.settle();
    expect(p.actions.at(-1)).toMatchObject({
      type: 'searchResults/KEYPHRASE_CHANGED',
      payload: { keyphrase: 'satellite' },
    });
    expect(p.search()).toMatchObject({ query: { keyphrase: 'satellite' }, offset: 0 });
    expect(screen.getByRole('link', { name: 'Result 1 for satellite' })).toBeTruthy();
  });

  it('item clicked: reported with its index, without refetching', async () => {
    const p = await page();
    const before = p.service.searches().length;
    fireEvent.click(screen.getByRole('link', { name: 'Result 2 for all' }));
    await p.settle();
    expect(p.actions.at(-1)).toMatchObject({ type: 'searchResults/ITEM_CLICKED', payload: { id: 'all-1', index: 1 } });
    expect(p.lastEvent()).toMatchObject({
      name: 'widget',
      action: 'click',
      value: { index: 1, entities: [{ id: 'all-1', uri: '/r/all/1' }] },
    });
    expect(p.service.searches()).toHaveLength(before);
  });

  it('skips a facet interaction without a facet id with the warning, changing nothing', async () => {
    const { client, service, logger } = testClient();
    let act0: ReturnType<typeof useSearchResults>['actions'] | undefined;
    const Probe = widget(() => {
      act0 = useSearchResults().actions;
      return null;
    }, 'content_grid');
    renderWithClient(client, <Probe rfkId="rfkid_7" />);
    await advance(250);
    act(() => act0?.onFacetClick({ facetId: '', facetValueId: 'x', checked: true }));
    await advance(300);
    expect(logger.warn).toHaveBeenCalledWith('trackEvent :::', "Filter's name is not defined");
    expect(service.searches()).toHaveLength(1);
    expect(service.events()).toHaveLength(0);
  });
});

describe('preview search', () => {
  it('shows at most three suggestions, and a suggestion click searches for it and is reported', async () => {
    const { client, service } = testClient();
    renderWithClient(client, <PreviewSearchWidget rfkId="preview_1" />);
    await advance(250);
    await advance(0);
    const suggestions = screen.getByRole('list', { name: 'Suggestions' });
    expect(
      within(suggestions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['all one', 'all two', 'all three']);
    fireEvent.click(within(suggestions).getByRole('button', { name: 'all two' }));
    await advance(50);
    await advance(250);
    expect(lastSearch(service).widget.items[0]?.search?.query).toEqual({ keyphrase: 'all two' });
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('all two');
    expect(service.events().at(-1)?.body).toMatchObject({
      action_cause: 'suggestion',
      value: { index: 1, filters: [{ name: 'content_name_context_aware', value: 'all two' }] },
    });
  });

  it("sends a typed keyphrase after one debounce, the batcher's 250 ms, not a stack of them", async () => {
    const { client, service } = testClient();
    renderWithClient(client, <PreviewSearchWidget rfkId="preview_1" />);
    await advance(250);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'sat' } });
    await advance(249);
    expect(service.searches()).toHaveLength(1);
    await advance(1);
    expect(service.searches().map((c) => (c.body as SearchRequest).widget.items[0]?.search?.query?.keyphrase)).toEqual([
      undefined,
      'sat',
    ]);
  });

  it('types ahead with only the last keyphrase sent', async () => {
    const { client, service } = testClient();
    renderWithClient(client, <PreviewSearchWidget rfkId="preview_1" />);
    await advance(250);
    const box = screen.getByRole('searchbox');
    for (const value of ['s', 'sa', 'sat']) {
      fireEvent.change(box, { target: { value } });
      await advance(30);
    }
    await advance(50);
    await advance(250);
    expect(service.searches().map((c) => (c.body as SearchRequest).widget.items[0]?.search?.query?.keyphrase)).toEqual([
      undefined,
      'sat',
    ]);
  });
});

describe('preview search as a popup (the options a header search uses)', () => {
  it('opens on focus with the starting keyphrase, closes when the focus leaves, submits on Enter, renders items its own way', async () => {
    const { client } = testClient();
    const onSubmit = vi.fn();
    renderWithClient(
      client,
      <>
        <PreviewSearchWidget
          rfkId="preview_1"
          state={{ keyphrase: 'sat' }}
          popup
          onSubmit={onSubmit}
          renderItem={({ item }) => <a href={`/in-app${item.url}`}>{item.name}</a>}
        />
        <button type="button">Elsewhere</button>
      </>,
    );
    await advance(250);
    await advance(0);
    const box = screen.getByRole('combobox', { name: 'Search the site' });
    const panel = document.getElementById(box.getAttribute('aria-controls')!)!;
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(panel.hidden).toBe(true);
    fireEvent.focus(box);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    const pages = screen.getByRole('list', { name: 'Suggested pages' });
    expect(
      within(pages)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['/in-app/r/sat/0', '/in-app/r/sat/1', '/in-app/r/sat/2']);
    fireEvent.blur(box, { relatedTarget: screen.getByRole('button', { name: 'Elsewhere' }) });
    expect(panel.hidden).toBe(true);
    fireEvent.change(box, { target: { value: 'satellite' } });
    expect(panel.hidden).toBe(false);
    fireEvent.submit(screen.getByRole('search'));
    expect(onSubmit).toHaveBeenCalledWith('satellite');
    expect(panel.hidden).toBe(true);
  });

  it('names its search form when told, apart from another search form of the page (axe landmark-unique)', () => {
    const { client } = testClient();
    renderWithClient(
      client,
      <PreviewSearchWidget rfkId="preview_1" popup onSubmit={() => {}} formLabel="Site search" />,
    );
    expect(screen.getByRole('search', { name: 'Site search' })).toBeTruthy();
  });

  it('takes the focus on mount with the caret after the starting keyphrase when asked', () => {
    const { client } = testClient();
    renderWithClient(client, <PreviewSearchWidget rfkId="preview_1" state={{ keyphrase: 'f-35' }} popup autoFocus />);
    const box = screen.getByRole('combobox', { name: 'Search the site' }) as HTMLInputElement;
    expect(document.activeElement).toBe(box);
    expect([box.selectionStart, box.selectionEnd]).toEqual([4, 4]);
    expect(box.getAttribute('aria-expanded')).toBe('true');
  });
});

describe('widget()', () => {
  it('refuses to wrap a widget twice and an unknown type, with the exact messages', () => {
    expect(() => widget(SearchResultsWidget, 'content_grid', 'product')).toThrow(
      new Error('Seems you are trying to wrap an already wrapped Widget component (entity: product)'),
    );
    expect(() => widget(SearchResultsView, 'discover' as never)).toThrow(new Error('Invalid widget type: "discover"'));
  });

  it('tells the developer what is missing', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<RecommendationWidget rfkId="rec_1" />)).toThrow(
      'No WidgetsProvider found: wrap your app in <WidgetsProvider>',
    );
    const { client } = testClient();
    expect(() => renderWithClient(client, <RecommendationView />)).toThrow(
      'No widget found: wrap the component with widget(Component, type, entity)',
    );
    expect(() => renderWithClient(client, <RecommendationWidget rfkId="" />)).toThrow(
      "Widget's rfkId mandatory field is empty",
    );
  });

  it('creates the client once from configuration props', async () => {
    const service = fakeService();
    const ui = (n: number) => (
      <WidgetsProvider customerKey="11111-2222222" apiKey="k" fetch={service.fetch} queryClient={queryClient}>
        <RecommendationWidget rfkId={`rec_${n}`} />
      </WidgetsProvider>
    );
    const queryClient = new QueryClient();
    const { rerender } = render(ui(1));
    rerender(ui(1));
    await advance(250);
    expect(service.searches()).toHaveLength(1);
    expect(service.searches()[0]?.url).toBe('https://discover.sitecorecloud.io/discover/v2/2222222');
  });
});

describe('WidgetsProvider context', () => {
  it('sends the provider context with the first batch, and a changed one 50 ms later', async () => {
    const { client, service } = testClient();
    const queryClient = new QueryClient();
    const ui = (uri: string) => (
      <WidgetsProvider
        client={client}
        queryClient={queryClient}
        context={{ page: { uri }, locale: { country: 'gb', language: 'en' } }}
      >
        <RecommendationWidget rfkId="rec_1" />
      </WidgetsProvider>
    );
    const { rerender } = render(ui('/'));
    await advance(250);
    expect(service.searches()).toHaveLength(1);
    expect(lastSearch(service).context).toMatchObject({
      page: { uri: '/' },
      locale: { country: 'gb', language: 'en' },
    });
    rerender(ui('/careers'));
    await advance(50);
    await advance(250);
    expect(service.searches()).toHaveLength(2);
    expect(lastSearch(service).context?.page).toEqual({ uri: '/careers' });
  });
  it("a provider mounting later with the same client (a page's widgets under the header's) updates no other widget during render", async () => {
    const { client, service } = testClient();
    const queryClient = new QueryClient();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const page = (widgets: boolean) => (
      <WidgetsProvider client={client} queryClient={queryClient} context={{ page: { uri: '/' } }}>
        <PreviewSearchWidget rfkId="preview_1" />
        {widgets ? (
          <WidgetsProvider client={client} queryClient={queryClient} context={{ page: { uri: '/search' } }}>
            <RecommendationWidget rfkId="rec_1" />
          </WidgetsProvider>
        ) : null}
      </WidgetsProvider>
    );
    const { rerender } = render(page(false));
    await advance(250);
    rerender(page(true));
    await advance(250);
    expect(error.mock.calls.map((args) => String(args[0]))).not.toContainEqual(
      expect.stringContaining('Cannot update a component'),
    );
    // The widgets that mounted with it sent the page they are on.
    expect(lastSearch(service).context?.page).toEqual({ uri: '/search' });
    error.mockRestore();
  });
});
