import { act, render, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withPrism } from '../support/prism.ts';
import type { EngageSettings } from '../../src/engagement/index.ts';
import {
  EngagementProvider,
  useEngagement,
  useEngagementEvents,
  usePageView,
  usePersonalize,
} from '../../src/engagement/react.tsx';
import { json, recordFetch, resetBrowser, setPage, type RecordedRequest } from './support.ts';

const prism = withPrism('engagement');
const NEW_ID = '3f2c9a7e-8b41-4d2e-9c6a-1e5b7d0f4a92';
let calls: RecordedRequest[];

function wrapper(props: { enabled: boolean; settings?: Partial<EngageSettings>; onError?: (e: unknown) => void }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const settings = { clientKey: 'ck', targetURL: prism.url, pointOfSale: 'ngc', ...props.settings };
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <EngagementProvider settings={settings} enabled={props.enabled} onError={props.onError}>
        {children}
      </EngagementProvider>
    </QueryClientProvider>
  );
}

/** Renders `hook` under a provider whose consent can be flipped with `rerender({ enabled })`. */
function renderWithConsent<T>(hook: () => T, enabled: boolean) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = { current: undefined as T };
  function Probe() {
    result.current = hook();
    return null;
  }
  const ui = (on: boolean) => (
    <QueryClientProvider client={queryClient}>
      <EngagementProvider settings={{ clientKey: 'ck', targetURL: prism.url, pointOfSale: 'ngc' }} enabled={on}>
        <Probe />
      </EngagementProvider>
    </QueryClientProvider>
  );
  const view = render(ui(enabled));
  return { result, rerender: (props: { enabled: boolean }) => view.rerender(ui(props.enabled)) };
}

const events = () => calls.filter((c) => c.url.endsWith('/v1.2/events'));

beforeEach(() => {
  resetBrowser();
  setPage('/careers', 'en');
  calls = recordFetch();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('EngagementProvider (consent gate)', () => {
  it('starts nothing before consent: no request, no cookie, no window.Engage, and the hooks see null', async () => {
    const { result } = renderWithConsent(() => ({ sdk: useEngagement(), send: useEngagementEvents() }), false);
    await act(async () => {
      await expect(result.current.send.pageView({ channel: 'WEB' })).resolves.toBeNull();
    });
    expect(result.current.sdk).toBeNull();
    expect(calls).toEqual([]);
    expect(document.cookie).toBe('');
    expect(window.Engage).toBeUndefined();
  });

  it('initialises once consent is given, and the event hook then sends', async () => {
    const { result, rerender } = renderWithConsent(
      () => ({ sdk: useEngagement(), send: useEngagementEvents() }),
      false,
    );
    rerender({ enabled: true });
    await waitFor(() => expect(result.current.sdk).not.toBeNull());
    expect(calls.map((c) => c.url)).toEqual([`${prism.url}/v1.2/browser/create.json?client_key=ck&message={}`]);
    expect(document.cookie).toBe(`bid_ck=${NEW_ID}`);
    await act(async () => {
      await expect(result.current.send.event('CTA_CLICK', { label: 'See open roles' })).resolves.toMatchObject({
        status: 'OK',
      });
    });
    expect(json(events()[0])).toMatchObject({
      type: 'CTA_CLICK',
      label: 'See open roles',
      browser_id: NEW_ID,
      pos: 'ngc',
    });
  });

  it('stops sending when consent is withdrawn, even through an SDK reference kept from before', async () => {
    const { result, rerender } = renderWithConsent(() => ({ sdk: useEngagement(), send: useEngagementEvents() }), true);
    await waitFor(() => expect(result.current.sdk).not.toBeNull());
    const kept = result.current.sdk;
    rerender({ enabled: false });
    expect(result.current.sdk).toBeNull();
    const before = calls.length;
    await act(async () => {
      await expect(kept?.pageView({ channel: 'WEB' })).resolves.toBeNull();
      await expect(result.current.send.pageView({ channel: 'WEB' })).resolves.toBeNull();
      await expect(kept?.personalize({ friendlyId: 'careers_hero_banner' })).resolves.toBeNull();
    });
    expect(calls.slice(before).every((c) => c.status === undefined)).toBe(true);
    expect(events().filter((c) => c.status !== undefined)).toEqual([]);
  });

  it('abandons an init still waiting for create.json when consent is withdrawn: no cookie, no window.Engage', async () => {
    // create.json answers only when it is aborted: the withdrawal comes while it is pending.
    const pending: string[] = [];
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      pending.push(url);
      return new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
      );
    });
    const { result, rerender } = renderWithConsent(() => useEngagement(), true);
    await waitFor(() => expect(pending).toHaveLength(1));
    rerender({ enabled: false });
    await act(async () => {
      await Promise.resolve();
    });
    expect(result.current).toBeNull();
    expect(document.cookie).toBe('');
    expect(window.Engage).toBeUndefined();
  });

  it('asks for no browser id at all when consent is withdrawn before the SDK has loaded', async () => {
    const { result, rerender } = renderWithConsent(() => useEngagement(), true);
    rerender({ enabled: false });
    // The provider asked for the SDK first, so it has its module (and has called init) by now.
    await act(async () => {
      await import('../../src/engagement/sdk.ts');
    });
    expect(calls).toEqual([]);
    expect(result.current).toBeNull();
    expect(document.cookie).toBe('');
  });

  it('does not restart the SDK when re-rendered with equal settings', async () => {
    const { result, rerender } = renderWithConsent(() => useEngagement(), true);
    await waitFor(() => expect(result.current).not.toBeNull());
    const first = result.current;
    rerender({ enabled: true });
    expect(result.current).toBe(first);
    expect(calls).toHaveLength(1);
  });

  it('reports a coded settings error to onError', async () => {
    const onError = vi.fn();
    renderHook(() => useEngagement(), { wrapper: wrapper({ enabled: true, settings: { clientKey: '' }, onError }) });
    await waitFor(() => expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'MV-0001' })));
  });

  it('tells the developer what to wrap when the provider is missing', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useEngagement())).toThrow(
      'No EngagementProvider found: wrap your app in <EngagementProvider',
    );
  });
});

describe('usePageView', () => {
  it('sends one VIEW when the SDK starts and another when the page data changes', async () => {
    const { rerender } = renderHook(({ page }: { page: string }) => usePageView({ channel: 'WEB', page }), {
      initialProps: { page: 'careers' },
      wrapper: wrapper({ enabled: true }),
    });
    await waitFor(() => expect(events().filter((c) => c.status === 201)).toHaveLength(1));
    rerender({ page: 'careers' });
    rerender({ page: 'space-systems' });
    await waitFor(() => expect(events().filter((c) => c.status === 201)).toHaveLength(2));
    expect(events().map((c) => (json(c) as { page: string }).page)).toEqual(['careers', 'space-systems']);
  });
});

describe('usePersonalize', () => {
  function Hero() {
    const { data, fetchStatus } = usePersonalize(
      { friendlyId: 'careers_hero_banner', channel: 'WEB', currency: 'USD' },
      { timeout: 5000 },
    );
    const title = data && 'title' in data ? String(data.title) : `waiting (${fetchStatus})`;
    return <h1>{title}</h1>;
  }

  it('waits without fetching until consent, then shows the flow answer', async () => {
    const { rerender } = render(<Hero />, { wrapper: wrapper({ enabled: false }) });
    expect(screen.getByRole('heading').textContent).toBe('waiting (idle)');
    rerender(<Hero />);
    expect(calls).toEqual([]);
    render(<Hero />, { wrapper: wrapper({ enabled: true }) });
    expect(await screen.findByText('Engineer what comes next in space')).toBeTruthy();
    const flow = calls.find((c) => c.url.endsWith('/v2/callFlows'));
    expect(json(flow)).toEqual({
      channel: 'WEB',
      clientKey: 'ck',
      currencyCode: 'USD',
      friendlyId: 'careers_hero_banner',
      language: 'EN',
      pointOfSale: 'ngc',
      browserId: NEW_ID,
    });
  });

  it('surfaces a coded error as the query error', async () => {
    const { result } = renderHook(() => usePersonalize({ friendlyId: ' ' }), { wrapper: wrapper({ enabled: true }) });
    await waitFor(() => expect(result.current.error).toMatchObject({ code: 'MV-0008' }));
  });
});
