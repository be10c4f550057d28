import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { withPrism } from '../support/prism.ts';
import { createOneconnectClient, loadBanners } from '../../src/oneconnect/index.ts';
import { OneconnectProvider, useGetSegmentCookies } from '../../src/oneconnect/react.tsx';
import { createSiteClients } from '../../src/site/siteClients.tsx';

// With the visitor's consent, the banner flow sends the segment-cookie call "with credentials": the
// segments live in the banner service's cookie, so a banner service on another origin must still get
// its cookies. A browser sends them cross-origin only for `credentials: 'include'`, which is what
// these tests read, in the init each path hands to fetch; the mock answers every call. (Without
// consent the flow sends no cookie at all: tests/oneconnect/consent.test.tsx.)

const prism = withPrism('oneconnect');
const SEGMENT_COOKIES = '/api/oneconnect/get-segment-cookies';

/** A request as the transport handed it to fetch, and the mock's status for it. */
interface Sent {
  url: string;
  init: RequestInit;
  status?: number;
}

/** A fetch that records each call and sends it on, to the mock (`to` rewrites the address). Defaults to none. */
function recording(to: (url: string) => string = (url) => url) {
  const sent: Sent[] = [];
  // The real fetch, even once this one replaces it.
  const real = globalThis.fetch;
  const send: typeof fetch = async (input, init = {}) => {
    const entry: Sent = { url: String(input), init };
    sent.push(entry);
    const response = await real(to(String(input)), init);
    entry.status = response.status;
    return response;
  };
  return { sent, fetch: send };
}

const segmentCall = (sent: Sent[]) => sent.filter((s) => new URL(s.url).pathname === SEGMENT_COOKIES);

afterEach(() => vi.unstubAllGlobals());

describe('the segment-cookie call is sent with credentials (cookies go to a cross-origin banner service)', () => {
  it('in the banner flow, once the visitor consented', async () => {
    const { sent, fetch } = recording();
    const state = await loadBanners(createOneconnectClient({ baseUrl: prism.url, fetch }), { visitor: true });
    expect(state.userId).toBe('u-7f3c2a91');
    expect(segmentCall(sent)).toHaveLength(1);
    expect(segmentCall(sent)[0]).toMatchObject({ init: { method: 'GET', credentials: 'include' }, status: 200 });
  });

  it('in the generated hook bound to the provider', async () => {
    const { sent, fetch } = recording();
    function Segments() {
      const { data } = useGetSegmentCookies();
      return <p>{data?.userId}</p>;
    }
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const view = render(
      <QueryClientProvider client={queryClient}>
        <OneconnectProvider client={createOneconnectClient({ baseUrl: prism.url, fetch })}>
          <Segments />
        </OneconnectProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(view.container.textContent).toBe('u-7f3c2a91'));
    expect(segmentCall(sent)).toHaveLength(1);
    expect(segmentCall(sent)[0]).toMatchObject({ init: { credentials: 'include' }, status: 200 });
  });

  it("by the site's own banner client, once the visitor consented", async () => {
    // The site's client sends to its own origin through the global fetch; the dev server proxies
    // /api/oneconnect to the mock, and this does the same.
    const { sent, fetch } = recording((url) => url.replace(location.origin, prism.url));
    vi.stubGlobal('fetch', fetch);
    const state = await loadBanners(createSiteClients().oneconnect, { visitor: true });
    expect(state.userId).toBe('u-7f3c2a91');
    expect(segmentCall(sent)[0]).toMatchObject({
      url: `${location.origin}${SEGMENT_COOKIES}`,
      init: { credentials: 'include' },
      status: 200,
    });
  });
});
