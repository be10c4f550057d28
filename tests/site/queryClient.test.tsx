import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, renderHook, waitFor } from '@testing-library/react';
import { focusManager, QueryClient, QueryClientProvider, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { createSiteQueryClient } from '../../src/site/App.tsx';

// The site's query defaults, observed through the site's own factory: what a
// reader notices (a failed request is not repeated, coming back to the tab does not
// reload, a page keeps its results while the next ones load), not the options object.
// Each behaviour is also shown not to hold for React Query's own defaults, so a test
// fails if the factory stops setting it.

afterEach(() => {
  focusManager.setFocused(undefined);
  vi.useRealTimers();
});

function wrapperFor(client: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

/** Flushes React and React Query's scheduled work; with fake timers, also `ms` of time. */
const advance = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('the site query client', () => {
  it('asks once for a query that fails: no retry', async () => {
    vi.useFakeTimers();
    const attempts = (client: QueryClient) => {
      const queryFn = vi.fn(() => Promise.reject(new Error('Service unavailable')));
      const { result } = renderHook(() => useQuery({ queryKey: ['failing'], queryFn }), {
        wrapper: wrapperFor(client),
      });
      return { queryFn, result };
    };
    const site = attempts(createSiteQueryClient());
    const plain = attempts(new QueryClient());
    await advance(60_000);
    expect(site.queryFn).toHaveBeenCalledTimes(1);
    expect(site.result.current.status).toBe('error');
    expect(plain.queryFn.mock.calls.length).toBeGreaterThan(1);
  });

  it('does not fetch again when the window regains focus', async () => {
    const track = (client: QueryClient) => {
      const queryFn = vi.fn(async () => 'news');
      const { result } = renderHook(() => useQuery({ queryKey: ['news'], queryFn }), { wrapper: wrapperFor(client) });
      return { queryFn, result };
    };
    const site = track(createSiteQueryClient());
    const plain = track(new QueryClient());
    await waitFor(() => expect([site.result.current.data, plain.result.current.data]).toEqual(['news', 'news']));
    await act(async () => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(site.queryFn).toHaveBeenCalledTimes(1);
    expect(plain.queryFn).toHaveBeenCalledTimes(2);
  });

  it('keeps the previous results on screen while the next query loads', async () => {
    const show = (client: QueryClient) => {
      let release: (value: string) => void = () => {};
      const queryFn = vi.fn(({ queryKey }: { queryKey: readonly unknown[] }) =>
        queryKey[1] === 1 ? Promise.resolve('page 1') : new Promise<string>((resolve) => (release = resolve)),
      );
      const view = renderHook(({ page }) => useQuery({ queryKey: ['results', page], queryFn }), {
        initialProps: { page: 1 },
        wrapper: wrapperFor(client),
      });
      return { ...view, release: (value: string) => release(value) };
    };
    const site = show(createSiteQueryClient());
    const plain = show(new QueryClient());
    await waitFor(() => expect(site.result.current.data).toBe('page 1'));
    await waitFor(() => expect(plain.result.current.data).toBe('page 1'));
    site.rerender({ page: 2 });
    plain.rerender({ page: 2 });
    await act(async () => {});
    expect(site.result.current).toMatchObject({ data: 'page 1', isPlaceholderData: true, isFetching: true });
    expect(plain.result.current.data).toBeUndefined();
    await act(async () => site.release('page 2'));
    await waitFor(() => expect(site.result.current).toMatchObject({ data: 'page 2', isPlaceholderData: false }));
  });

  it('keeps an unused result for 5 minutes (300000 ms), then drops it', async () => {
    vi.useFakeTimers();
    const client = createSiteQueryClient();
    const queryFn = vi.fn(async () => 'cached');
    const { unmount } = renderHook(() => useQuery({ queryKey: ['cached'], queryFn }), { wrapper: wrapperFor(client) });
    await advance();
    expect(client.getQueryData(['cached'])).toBe('cached');
    unmount();
    await advance(299_999);
    expect(client.getQueryData(['cached'])).toBe('cached');
    await advance(1);
    expect(client.getQueryData(['cached'])).toBeUndefined();
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('treats a suspense result as fresh for 1000 ms: a remount within it does not fetch again, one after it does', async () => {
    vi.useFakeTimers();
    const client = createSiteQueryClient();
    const queryFn = vi.fn(async () => 'article');
    function Article() {
      return <p>{useSuspenseQuery({ queryKey: ['article'], queryFn }).data}</p>;
    }
    const mount = async () => {
      const view = render(
        <QueryClientProvider client={client}>
          <Suspense fallback={<p>Loading…</p>}>
            <Article />
          </Suspense>
        </QueryClientProvider>,
      );
      await advance();
      expect(view.getByText('article')).toBeTruthy();
      view.unmount();
    };
    await mount();
    await advance(999);
    await mount();
    expect(queryFn).toHaveBeenCalledTimes(1);
    await advance(1);
    await mount();
    expect(queryFn).toHaveBeenCalledTimes(2);
  });
});
