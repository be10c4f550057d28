import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { withPrism } from '../support/prism.ts';
import { createOneconnectClient, loadBanners, type OneconnectClient } from '../../src/oneconnect/index.ts';
import { BannerProvider, OneconnectProvider } from '../../src/oneconnect/react.tsx';
import { Banners } from '../../src/site/content/ContentPage.tsx';
import { SiteProvider, useSiteBanners } from '../../src/site/SiteContext.tsx';

// The shared site context (banners, userId) is where the banner flow stores its result, and the
// page's banner strip reads it there. Every call goes to the
// banners mock and is recorded as the client hands it to fetch.

const prism = withPrism('oneconnect');

/** A banners client on the mock that records the URL of each call; `prefer` picks the mock's answer per path. Defaults to none. */
function recordingClient(prefer: Record<string, string> = {}) {
  const sent: URL[] = [];
  const client = createOneconnectClient({
    baseUrl: prism.url,
    fetch: (input, init) => {
      const url = new URL(String(input));
      sent.push(url);
      const headers = new Headers(init?.headers);
      if (prefer[url.pathname]) headers.set('Prefer', prefer[url.pathname]!);
      return fetch(input, { ...init, headers });
    },
  });
  return { client, sent };
}

/**
 * The site's shell around `children`: the banner flow, then the shared site context
 * (src/site/content/ContentPage.tsx), for a visitor who consented (their user id and close events).
 */
function Shell({ client, children }: { client: OneconnectClient; children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <OneconnectProvider client={client}>
        <BannerProvider visitor>
          <SiteProvider>{children}</SiteProvider>
        </BannerProvider>
      </OneconnectProvider>
    </QueryClientProvider>
  );
}

/** What a component reading the shared context sees. */
function siteProbe() {
  const seen = { current: undefined as ReturnType<typeof useSiteBanners> | undefined };
  const see = (value: ReturnType<typeof useSiteBanners>) => void (seen.current = value);
  function Probe() {
    const site = useSiteBanners();
    useEffect(() => see(site));
    return null;
  }
  return { seen, Probe };
}

const ids = (banners: readonly { id: string }[] | undefined) => banners?.map((b) => b.id);
const shownIds = () =>
  [...document.querySelectorAll('[data-banner-id]')].map((el) => el.getAttribute('data-banner-id'));

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the shared site context holds what the banner flow stored', () => {
  it('the active banners, and the userId the flow asked for the close events with', async () => {
    const { client, sent } = recordingClient();
    const { seen, Probe } = siteProbe();
    render(
      <Shell client={client}>
        <Probe />
      </Shell>,
    );
    await waitFor(() => expect(seen.current?.userId).not.toBe(''));
    const closeEvents = sent.find((url) => url.pathname === '/api/oneconnect/get-user-banner-events');
    expect(seen.current?.userId).toBe('u-7f3c2a91');
    expect(closeEvents?.searchParams.get('userId')).toBe(seen.current?.userId);
    // The flow run on its own over the same mock selects these banners.
    const flow = await loadBanners(createOneconnectClient({ baseUrl: prism.url }), { visitor: true });
    expect(flow.banners.length).toBeGreaterThan(0);
    expect(ids(seen.current?.banners)).toEqual(ids(flow.banners));
  });

  it('no banners and an empty userId when the flow fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { client, sent } = recordingClient({ '/api/oneconnect/get-segment-banners': 'code=500' });
    const { seen, Probe } = siteProbe();
    render(
      <Shell client={client}>
        <Probe />
      </Shell>,
    );
    await waitFor(() => expect(console.error).toHaveBeenCalledWith('Failed to fetch banners', expect.anything()));
    // The segment cookie named a user; the failed flow stores none.
    expect(sent.map((url) => url.pathname)).toContain('/api/oneconnect/get-segment-cookies');
    await waitFor(() => expect(seen.current).toMatchObject({ banners: [], userId: '' }));
  });
});

describe("the banner strip shows the shared context's banners", () => {
  it('the same banners as the context, and a dismissed one leaves both', async () => {
    const { client } = recordingClient();
    const { seen, Probe } = siteProbe();
    render(
      <Shell client={client}>
        <Probe />
        <Banners />
      </Shell>,
    );
    await waitFor(() => expect(shownIds().length).toBeGreaterThan(1));
    expect(shownIds()).toEqual(ids(seen.current?.banners));
    const [first] = seen.current!.banners;
    fireEvent.click(screen.getByRole('button', { name: `Dismiss: ${first!.title ?? first!.id}` }));
    expect(ids(seen.current?.banners)).not.toContain(first!.id);
    expect(shownIds()).toEqual(ids(seen.current?.banners));
  });

  it('not those of a flow nearer to it: the context is where the strip reads them', async () => {
    const { client } = recordingClient();
    const { seen, Probe } = siteProbe();
    // A second, disabled flow between the context and the strip has no banners of its own.
    render(
      <Shell client={client}>
        <Probe />
        <BannerProvider enabled={false}>
          <Banners />
        </BannerProvider>
      </Shell>,
    );
    await waitFor(() => expect(seen.current?.banners.length).toBeGreaterThan(0));
    await waitFor(() => expect(shownIds()).toEqual(ids(seen.current?.banners)));
  });
});
