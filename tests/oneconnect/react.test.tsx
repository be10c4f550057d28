import { describe, expect, it } from 'vitest';
import { act, render, screen, fireEvent, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { withPrism } from '../support/prism.ts';
import { createOneconnectClient } from '../../src/oneconnect/index.ts';
import { BannerProvider, OneconnectProvider, useBanners, useGetSegmentCookies } from '../../src/oneconnect/react.tsx';
import { Banners } from '../../src/site/content/ContentPage.tsx';
import { SiteProvider } from '../../src/site/SiteContext.tsx';

const prism = withPrism('oneconnect');

// A visitor who consented to being recognised: their segments, user id and close events (without
// consent: tests/oneconnect/consent.test.tsx).
function wrapper() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const client = createOneconnectClient({ baseUrl: prism.url });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <OneconnectProvider client={client}>
        <BannerProvider visitor>
          <SiteProvider>{children}</SiteProvider>
        </BannerProvider>
      </OneconnectProvider>
    </QueryClientProvider>
  );
}

describe('banner React bindings against Prism', () => {
  it('shows the active banners from the mock and hides one when dismissed', async () => {
    render(<Banners />, { wrapper: wrapper() });
    expect(await screen.findByText('Meet us at the International Airshow')).toBeTruthy();
    expect(screen.getByText('Engineering careers open now')).toBeTruthy();
    expect(screen.queryByText('Webinar on resilient avionics')).toBeNull();
    expect(screen.queryByText("Last year's open day")).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss: Meet us at the International Airshow' }));
    expect(screen.queryByText('Meet us at the International Airshow')).toBeNull();
    expect(screen.getByText('Engineering careers open now')).toBeTruthy();
  });

  it('sends no request while disabled (a route without the targeted layout), and loads once enabled', async () => {
    const sent: string[] = [];
    const recording: typeof fetch = (input, init) => {
      sent.push(new URL(input instanceof Request ? input.url : String(input)).pathname);
      return fetch(input, init);
    };
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const client = createOneconnectClient({ baseUrl: prism.url, fetch: recording });
    const page = (enabled: boolean) => (
      <QueryClientProvider client={queryClient}>
        <OneconnectProvider client={client}>
          <BannerProvider enabled={enabled}>
            <SiteProvider>
              <Banners />
            </SiteProvider>
          </BannerProvider>
        </OneconnectProvider>
      </QueryClientProvider>
    );
    const { rerender } = render(page(false));
    // Every effect and every update React Query scheduled has run: a request, had one started, is recorded by now.
    await act(async () => {});
    expect(sent).toEqual([]);
    expect(queryClient.isFetching()).toBe(0);
    rerender(page(true));
    expect(await screen.findByText('Meet us at the International Airshow')).toBeTruthy();
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((path) => path.startsWith('/api/oneconnect/'))).toBe(true);
  });

  it('shares the userId, and binds the generated hooks to the provider’s client', async () => {
    const { result } = renderHook(() => ({ banners: useBanners(), cookies: useGetSegmentCookies() }), {
      wrapper: wrapper(),
    });
    await waitFor(() => expect(result.current.banners.userId).toBe('u-7f3c2a91'));
    await waitFor(() => expect(result.current.cookies.data?.segments).toEqual(['aerospace-engineers', 'uk-visitors']));
  });

  it('tells the developer what to wrap when a provider is missing', () => {
    expect(() => renderHook(() => useBanners())).toThrow('No BannerProvider found: wrap your page in <BannerProvider>');
    expect(() => renderHook(() => useGetSegmentCookies())).toThrow('No OneconnectProvider found');
  });
});
