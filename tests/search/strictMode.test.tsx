import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, notifyManager } from '@tanstack/react-query';
import { StrictMode, Suspense, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withPrism } from '../support/prism.ts';
import { setTimerProvider, type TimerProvider } from '../../src/core/scheduler.ts';
import { WidgetActionType, createSearchClient, type SearchClient, type SearchRequest } from '../../src/search/index.ts';
import {
  PreviewSearchWidget,
  RecommendationWidget,
  SearchResultsWidget,
  HtmlBlockWidget,
  WidgetsProvider,
} from '../../src/search/react.tsx';
import { advance, fakeService, spyLogger, testClient } from './support.tsx';

// React's StrictMode mounts every effect and subscription, unmounts it and mounts it
// again. Most apps render in it during development (the site's main.tsx does), so the
// widgets must send exactly one POST for the page there too, and still cancel a
// request they no longer need without ever showing it as an error.

const prism = withPrism('search');

/** Timers the test moves by hand, so the debounces are exact while Prism answers over real HTTP. */
function manualScheduler() {
  let now = 0;
  let sequence = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const due = (end: number) =>
    [...timers.entries()].filter(([, t]) => t.at <= end).sort(([a, x], [b, y]) => x.at - y.at || a - b)[0];
  const scheduler: TimerProvider = {
    setTimeout: (callback, ms) => {
      sequence += 1;
      timers.set(sequence, { at: now + ms, callback });
      return sequence;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
    setInterval: () => {
      throw new Error('the search layer sets no interval');
    },
    clearInterval: () => {},
  };
  /** Runs, inside act, every timer due within `ms`, in order. */
  const advanceBy = (ms: number) =>
    act(() => {
      const end = now + ms;
      for (let next = due(end); next; next = due(end)) {
        timers.delete(next[0]);
        now = next[1].at;
        next[1].callback();
      }
      now = end;
    });
  return { scheduler, advance: advanceBy, pending: () => timers.size };
}

/** A fetch in front of Prism that records every search POST and can hold them until released. */
function recordingPrismFetch() {
  const searches: Array<{ url: string; body: SearchRequest; signal: AbortSignal | null | undefined; status?: number }> =
    [];
  let gate: Promise<void> | undefined;
  let open = () => {};
  const fetch: typeof globalThis.fetch = async (input, init = {}) => {
    const isSearch = String(input).includes('/discover/v2/');
    const call = isSearch
      ? { url: String(input), body: JSON.parse(String(init.body)) as SearchRequest, signal: init.signal }
      : undefined;
    if (call) searches.push(call);
    if (isSearch) await gate;
    // Real fetch: an aborted signal rejects with an AbortError before anything reaches Prism.
    const response = await globalThis.fetch(input, init);
    if (call) Object.assign(call, { status: response.status });
    return response;
  };
  return {
    fetch,
    searches,
    hold() {
      gate = new Promise<void>((resolve) => (open = resolve));
    },
    release() {
      gate = undefined;
      open();
    },
  };
}

function prismClient() {
  const wire = recordingPrismFetch();
  const timers = manualScheduler();
  setTimerProvider(timers.scheduler);
  const logger = spyLogger();
  const search = createSearchClient({
    customerKey: '11111-2222222',
    apiKey: 'test-api-key',
    baseUrl: prism.url,
    fetch: wire.fetch,
    logger,
  });
  const seen: string[] = [];
  search.events.subscribe((e) => seen.push(e.type));
  return { search, wire, timers, logger, seen };
}

function strictPage(search: SearchClient, children: ReactNode, queryClient = new QueryClient()) {
  return render(
    <StrictMode>
      <WidgetsProvider client={search} queryClient={queryClient}>
        {children}
      </WidgetsProvider>
    </StrictMode>,
  );
}

describe('under StrictMode, against Prism', () => {
  afterEach(() => {
    cleanup();
    setTimerProvider(undefined);
    vi.restoreAllMocks();
  });

  it('sends the home page widgets in exactly one POST as their commit ends (no clock) and renders them', async () => {
    const { search, wire, timers, logger, seen } = prismClient();
    strictPage(
      search,
      <>
        <RecommendationWidget rfkId="rfkid_1" />
        <PreviewSearchWidget rfkId="rfkid_6" />
      </>,
    );
    expect(screen.getAllByRole('status')).toHaveLength(2);
    // StrictMode's unmount and remount of the effects happen in the same task: the batch leaves
    // once, after the remount, without the clock moving.
    await waitFor(() => expect(wire.searches).toHaveLength(1));
    expect(
      await screen.findByRole(
        'link',
        { name: 'Graduate programme 2025: engineering the next generation' },
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'satellite ground systems' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Systems Engineer – Satellite Payloads' })).toBeTruthy();
    expect(screen.queryAllByRole('status')).toEqual([]);
    expect(screen.queryAllByRole('alert')).toEqual([]);
    // The double mount left nothing behind that could send a second POST later:
    // no timer, and nothing queued that a flush would send.
    const requested = seen.filter((type) => type === WidgetActionType.REQUEST).length;
    expect(timers.pending()).toBe(0);
    await act(async () => search.flush());
    await timers.advance(60_000);
    expect(seen.filter((type) => type === WidgetActionType.REQUEST)).toHaveLength(requested);
    expect(seen.filter((type) => type === WidgetActionType.REQUEST_SUCCESS)).toHaveLength(2);
    expect(wire.searches).toHaveLength(1);
    expect(wire.searches[0]).toMatchObject({ url: `${prism.url}/discover/v2/2222222`, status: 200 });
    expect(wire.searches[0]?.body.widget.items.map((i) => i.rfk_id)).toEqual(['rfkid_1', 'rfkid_6']);
    expect(wire.searches[0]?.signal?.aborted).toBe(false);
    expect(seen).not.toContain(WidgetActionType.REQUEST_FAIL);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('still cancels a superseded preview request (aborting its POST) and never shows it as an error', async () => {
    const { search, wire, timers, logger, seen } = prismClient();
    strictPage(search, <PreviewSearchWidget rfkId="rfkid_6" />);
    await timers.advance(250);
    expect(await screen.findByRole('link', { name: 'Satellite payloads' }, { timeout: 10_000 })).toBeTruthy();
    wire.hold();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the site' }), { target: { value: 'sat' } });
    await timers.advance(50);
    await timers.advance(250);
    await waitFor(() => expect(wire.searches).toHaveLength(2));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search the site' }), { target: { value: 'satellite' } });
    await timers.advance(50);
    expect(wire.searches[1]?.signal?.aborted).toBe(true);
    await timers.advance(250);
    await waitFor(() => expect(wire.searches).toHaveLength(3));
    await act(async () => wire.release());
    await waitFor(() => expect(wire.searches[2]?.status).toBe(200));
    await waitFor(() => expect(seen.at(-1)).toBe(WidgetActionType.REQUEST_SUCCESS));
    expect(wire.searches.map((s) => s.body.widget.items[0]?.search?.query?.keyphrase)).toEqual([
      undefined,
      'sat',
      'satellite',
    ]);
    expect(wire.searches[2]?.signal?.aborted).toBe(false);
    expect(seen).toContain(WidgetActionType.REQUEST_CANCELED);
    expect(seen).not.toContain(WidgetActionType.REQUEST_FAIL);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: 'Satellite payloads' })).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search the site' }) as HTMLInputElement).value).toBe('satellite');
    expect(logger.error).not.toHaveBeenCalled();
  });
});

describe('under StrictMode, on the fake service', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    notifyManager.setScheduler(queueMicrotask);
  });
  afterEach(() => {
    cleanup();
    notifyManager.setScheduler((callback) => setTimeout(callback, 0));
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('makes exactly one POST for a whole page, none aborted, and none more when the page mounts again', async () => {
    const { client, service } = testClient();
    const queryClient = new QueryClient();
    const ui = (
      <>
        <SearchResultsWidget rfkId="rfkid_7" />
        <RecommendationWidget rfkId="rec_1" />
        <PreviewSearchWidget rfkId="preview_1" />
        <HtmlBlockWidget rfkId="html_1" />
      </>
    );
    const { unmount } = strictPage(client, ui, queryClient);
    await advance(250);
    await advance(0);
    expect(service.searches()).toHaveLength(1);
    expect((service.searches()[0]?.body as SearchRequest).widget.items.map((i) => i.rfk_id)).toEqual([
      'rfkid_7',
      'rec_1',
      'preview_1',
      'html_1',
    ]);
    expect(service.searches()[0]?.signal?.aborted).toBe(false);
    expect(screen.getByText('30 results')).toBeTruthy();
    expect(screen.getByText('Block html_1')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Result 1 for all' })).toHaveLength(3);
    await advance(10_000);
    expect(service.searches()).toHaveLength(1);
    unmount();
    strictPage(client, ui, queryClient);
    await advance(300);
    expect(service.searches()).toHaveLength(1);
    expect(screen.getByText('30 results')).toBeTruthy();
  });

  it('asks the batcher under one key per widget instance and request, the same on every fetch of it', async () => {
    const { client, service } = testClient();
    const send = client.requestWidget;
    const keys: Array<string | undefined> = [];
    vi.spyOn(client, 'requestWidget').mockImplementation((options) => {
      keys.push(options.key);
      return send(options);
    });
    const queryClient = new QueryClient();
    strictPage(client, <RecommendationWidget rfkId="rec_1" instanceId="aside" />, queryClient);
    await advance(250);
    await advance(0);
    act(() => void queryClient.refetchQueries({ queryKey: ['search'] }));
    await advance(250);
    await advance(0);
    // StrictMode's remount fetched once more, the refetch once more: always the same key.
    expect(keys.length).toBeGreaterThanOrEqual(3);
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^rec_1@aside@content#/);
    expect(service.searches()).toHaveLength(2);
    expect(screen.getAllByRole('link')).toHaveLength(3);
  });

  it('reads through Suspense with one POST', async () => {
    const { client, service } = testClient();
    render(
      <StrictMode>
        <WidgetsProvider client={client} queryClient={new QueryClient()} suspense>
          <Suspense fallback={<p>Waiting</p>}>
            <RecommendationWidget rfkId="rec_1" />
            <RecommendationWidget rfkId="rec_2" />
          </Suspense>
        </WidgetsProvider>
      </StrictMode>,
    );
    expect(screen.getByText('Waiting')).toBeTruthy();
    await advance(250);
    await advance(0);
    expect(service.searches()).toHaveLength(1);
    expect(screen.getAllByRole('region', { name: 'Recommended for you' })).toHaveLength(2);
    await advance(10_000);
    expect(service.searches()).toHaveLength(1);
  });
});

describe('a canceled fetch never cancels the fetch that replaced it (no StrictMode needed)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    notifyManager.setScheduler(queueMicrotask);
  });
  afterEach(() => {
    cleanup();
    notifyManager.setScheduler((callback) => setTimeout(callback, 0));
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('renders the widget when the app cancels its query and refetches it at once', async () => {
    const { client, service } = testClient();
    const queryClient = new QueryClient();
    render(
      <WidgetsProvider client={client} queryClient={queryClient}>
        <RecommendationWidget rfkId="rec_1" />
      </WidgetsProvider>,
    );
    act(() => {
      void queryClient.cancelQueries({ queryKey: ['search'] });
      void queryClient.refetchQueries({ queryKey: ['search'] });
    });
    await advance(250);
    await advance(0);
    expect(service.searches()).toHaveLength(1);
    expect(screen.getAllByRole('link')).toHaveLength(3);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('renders both when two providers with their own query caches share one client, from one POST', async () => {
    const service = fakeService();
    const { client } = testClient({}, service);
    render(
      <>
        <WidgetsProvider client={client}>
          <RecommendationWidget rfkId="rec_1" instanceId="header" />
        </WidgetsProvider>
        <WidgetsProvider client={client}>
          <RecommendationWidget rfkId="rec_1" instanceId="page" />
        </WidgetsProvider>
      </>,
    );
    await advance(250);
    await advance(0);
    expect(service.searches()).toHaveLength(1);
    expect((service.searches()[0]?.body as SearchRequest).widget.items).toEqual([
      { rfk_id: 'rec_1', entity: 'content' },
    ]);
    expect(screen.getAllByRole('region', { name: 'Recommended for you' })).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: 'Result 1 for all' })).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryAllByRole('status')).toEqual([]);
  });
});
