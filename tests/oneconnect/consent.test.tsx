import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { withPrism } from '../support/prism.ts';
import { createOneconnectClient, loadBanners } from '../../src/oneconnect/index.ts';
import { BannerProvider, OneconnectProvider } from '../../src/oneconnect/react.tsx';
import { SiteProvider, useSiteBanners } from '../../src/site/SiteContext.tsx';
import { type SiteClients, SiteClientsContext } from '../../src/site/siteClients.tsx';
import { AnalyticsProvider } from '../../src/site/tracking.tsx';

// Targeted banners and consent (a privacy decision): the banner flow reads the visitor's segment
// cookie and user id, and asks for their close events, only once the visitor has consented (analytics
// consent, group C0002). Before (consent unknown or denied) and after a withdrawal it runs without
// them: no cookie goes with its calls, no user id is kept or sent, and only general banners show.

const prism = withPrism('oneconnect');
const SEGMENTS = '/api/oneconnect/get-segment-cookies';
const BANNERS = '/api/oneconnect/get-segment-banners';
const CLOSE_EVENTS = '/api/oneconnect/get-user-banner-events';

/** One banner-service call as the transport handed it to fetch. */
interface Sent {
  path: string;
  search: string;
  credentials: RequestCredentials | undefined;
}

/** A fetch to the banner mock that records each call's path, query and credentials mode. */
function recording() {
  const sent: Sent[] = [];
  const fetch: typeof globalThis.fetch = (input, init = {}) => {
    const url = new URL(String(input));
    sent.push({ path: url.pathname, search: url.search, credentials: init.credentials });
    return globalThis.fetch(input, init);
  };
  const calls = (path: string) => sent.filter((s) => s.path === path);
  return { sent, fetch, calls };
}

/** Sets the consent platform's groups as it publishes them, and tells the page. */
function consent(groups: string | undefined) {
  act(() => {
    (window as { OnetrustActiveGroups?: string }).OnetrustActiveGroups = groups;
    window.dispatchEvent(new Event('OneTrustGroupsUpdated'));
  });
}

const GRANTED = ',C0001,C0002,';
const DENIED = ',C0001,';

beforeEach(() => {
  delete (window as { OnetrustActiveGroups?: string }).OnetrustActiveGroups;
  // The events SDK starts with consent: a browser id already there, and a silent events service.
  document.cookie = 'bid_pqsNGC4v7yD1x0wTbq2LmE9aKjR3sWfH=b-123; Path=/';
  const real = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    String(input).startsWith(prism.url) ? real(input, init) : Promise.resolve(Response.json({})),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete (window as { OnetrustActiveGroups?: string }).OnetrustActiveGroups;
  for (const script of document.querySelectorAll('script')) script.remove();
});

describe('loadBanners and the visitor’s consent', () => {
  it('without consent (the default): no cookie with either call, no user id, no close events, general banners', async () => {
    const http = recording();
    const state = await loadBanners(createOneconnectClient({ baseUrl: prism.url, fetch: http.fetch }), {
      now: () => Date.parse('2026-11-22T12:00:00Z'),
    });
    expect(state.userId).toBe('');
    expect(state.banners.length).toBeGreaterThan(0);
    expect(http.sent.map((s) => `${s.path} ${s.credentials}`)).toEqual([`${SEGMENTS} omit`, `${BANNERS} omit`]);
    expect(http.calls(CLOSE_EVENTS)).toEqual([]);
  });

  it('with consent (`visitor: true`): the segment cookie goes along, and the close events of the user id are asked for', async () => {
    const http = recording();
    const state = await loadBanners(createOneconnectClient({ baseUrl: prism.url, fetch: http.fetch }), {
      visitor: true,
      now: () => Date.parse('2026-11-22T12:00:00Z'),
    });
    expect(state.userId).toBe('u-7f3c2a91');
    expect(http.sent.map((s) => `${s.path} ${s.credentials}`)).toEqual([
      `${SEGMENTS} include`,
      `${BANNERS} include`,
      `${CLOSE_EVENTS} include`,
    ]);
    expect(http.calls(CLOSE_EVENTS)[0]!.search).toBe('?userId=u-7f3c2a91');
  });
});

/** The site's providers around the banner flow: consent from the consent platform, as the App has them. */
function renderSite(fetch: typeof globalThis.fetch) {
  const oneconnect = createOneconnectClient({ baseUrl: prism.url, fetch });
  const clients = { oneconnect } as Partial<SiteClients> as SiteClients;
  function Seen() {
    const { banners, userId } = useSiteBanners();
    return (
      <p>
        <span data-testid="user">{userId || '(none)'}</span>
        <span data-testid="banners">{banners.map((b) => b.id).join(',')}</span>
      </p>
    );
  }
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SiteClientsContext.Provider value={clients}>
        <OneconnectProvider client={oneconnect}>
          <AnalyticsProvider mode="normal">
            <BannerProvider>
              <SiteProvider>
                <Seen />
              </SiteProvider>
            </BannerProvider>
          </AnalyticsProvider>
        </OneconnectProvider>
      </SiteClientsContext.Provider>
    </QueryClientProvider>,
  );
}

const user = () => screen.getByTestId('user').textContent;
const bannersShown = () => screen.getByTestId('banners').textContent;

describe("the site's banner flow follows the visitor's consent", () => {
  it.each([
    ['unknown (the consent platform has not answered)', undefined],
    ['denied ("Reject optional cookies")', DENIED],
  ])('consent %s: general banners only, no cookie, no user id, no close events', async (_label, groups) => {
    const http = recording();
    if (groups) (window as { OnetrustActiveGroups?: string }).OnetrustActiveGroups = groups;
    renderSite(http.fetch);
    await waitFor(() => expect(bannersShown()).not.toBe(''));
    expect(user()).toBe('(none)');
    expect(http.sent.length).toBeGreaterThan(0);
    expect(http.sent.filter((s) => s.credentials !== 'omit')).toEqual([]);
    expect(http.calls(CLOSE_EVENTS)).toEqual([]);
  });

  it("consent granted: the visitor's segments, user id and close events", async () => {
    const http = recording();
    (window as { OnetrustActiveGroups?: string }).OnetrustActiveGroups = GRANTED;
    renderSite(http.fetch);
    await waitFor(() => expect(user()).toBe('u-7f3c2a91'));
    expect(http.calls(SEGMENTS).at(-1)!.credentials).toBe('include');
    expect(http.calls(CLOSE_EVENTS).map((s) => s.search)).toEqual(['?userId=u-7f3c2a91']);
  });

  it('consent withdrawn: back to general banners, the user id gone, nothing sent with the cookie after', async () => {
    const http = recording();
    (window as { OnetrustActiveGroups?: string }).OnetrustActiveGroups = GRANTED;
    renderSite(http.fetch);
    await waitFor(() => expect(user()).toBe('u-7f3c2a91'));
    const before = http.sent.length;
    consent(DENIED);
    await waitFor(() => expect(user()).toBe('(none)'));
    await waitFor(() => expect(http.calls(SEGMENTS).length).toBeGreaterThan(1));
    await waitFor(() => expect(bannersShown()).not.toBe(''));
    const after = http.sent.slice(before);
    expect(after.length).toBeGreaterThan(0);
    expect(after.filter((s) => s.credentials !== 'omit')).toEqual([]);
    expect(after.filter((s) => s.path === CLOSE_EVENTS)).toEqual([]);
  });
});
