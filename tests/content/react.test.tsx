import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createContentClient } from '../../src/content/index.ts';
import { ContentProvider, useRoute } from '../../src/content/react.tsx';

const KEY = '2E7D5A8C-4B1F-4C9A-9D3E-6F0A1B2C3D4E';
const answer = (item: string) =>
  item === '/nope'
    ? new Response(
        JSON.stringify({ sitecore: { context: { pageEditing: false, pageState: 'normal' }, route: null } }),
        { status: 404 },
      )
    : new Response(
        JSON.stringify({ sitecore: { context: { pageEditing: false, pageState: 'normal' }, route: { name: item } } }),
      );

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const client = createContentClient({
    baseUrl: 'https://cd.aero.example',
    apiKey: KEY,
    site: 'aero',
    fetch: async (input) => answer(new URL(new Request(input).url).searchParams.get('item') ?? ''),
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <ContentProvider client={client}>{children}</ContentProvider>
    </QueryClientProvider>
  );
  return { queryClient, wrapper };
}

describe('content React bindings', () => {
  it('loads the route of an item, and route null for an unknown one', async () => {
    const { wrapper } = setup();
    const found = renderHook(() => useRoute('/careers'), { wrapper });
    await waitFor(() => expect(found.result.current.data?.sitecore.route?.name).toBe('/careers'));
    const missing = renderHook(() => useRoute('/nope'), { wrapper });
    await waitFor(() => expect(missing.result.current.isSuccess).toBe(true));
    expect(missing.result.current.data?.sitecore.route).toBeNull();
  });

  it.each([
    ['rejects', () => Promise.reject(new Error('chunk failed'))],
    [
      'throws before it returns a promise',
      () => {
        throw new Error('chunk failed');
      },
    ],
  ])('shows the route when the step preparing its page %s', async (_how, prepare) => {
    const { wrapper } = setup();
    const page = renderHook(() => useRoute('/careers', { prepare }), { wrapper });
    await waitFor(() => expect(page.result.current.isFetching).toBe(false));
    expect(page.result.current.data?.sitecore.route?.name).toBe('/careers');
  });

  it('keys the query by host, site, language, item and mode, never by the API key', async () => {
    const { queryClient, wrapper } = setup();
    const edit = renderHook(() => useRoute('/', { mode: 'edit' }), { wrapper });
    await waitFor(() => expect(edit.result.current.isSuccess).toBe(true));
    const keys = queryClient
      .getQueryCache()
      .getAll()
      .map((q) => q.queryKey);
    expect(keys).toEqual([['content', 'route', 'https://cd.aero.example', 'aero', 'en', '/', 'edit']]);
    expect(JSON.stringify(keys)).not.toContain(KEY);
  });

  it('tells a reader without a provider what to do', () => {
    expect(() => renderHook(() => useRoute('/'))).toThrow(
      'No ContentProvider found: wrap your app in <ContentProvider client={…}>',
    );
  });
});
