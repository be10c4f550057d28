import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteClientsProvider } from '../../src/site/siteClients.tsx';
import { AnalyticsProvider, useAnalytics } from '../../src/site/tracking.tsx';

// The consent gate, proven on the analytics provider itself: while the consent platform has not
// answered (consent `unknown`), nothing is tracked, no identifier is written and no engagement
// request leaves; once the visitor grants C0002 tracking starts; once they withdraw it stops and the
// browser id goes. (A gate that let `unknown` through passed every other test: the development
// consent stand-in answers before any request would leave.)

type ConsentWindow = Window & { OnetrustActiveGroups?: string; OptanonWrapper?: () => void };
const consentWindow = window as ConsentWindow;

let requests: string[] = [];
// When set, the browser-id call waits for this promise before it answers.
let createHeld: Promise<void> | undefined;

beforeEach(() => {
  requests = [];
  createHeld = undefined;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new Request(input, init).url;
    requests.push(url);
    if (url.includes('/create.json') && createHeld) await createHeld;
    // The engagement API's browser-id call answers an id; anything else answers an empty success.
    return url.includes('/create.json') ? Response.json({ ref: 'b-1234', status: 'OK' }) : Response.json({});
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete consentWindow.OnetrustActiveGroups;
  delete consentWindow.OptanonWrapper;
  for (const pair of document.cookie.split('; '))
    if (pair) document.cookie = `${pair.split('=')[0]}=; Max-Age=0; Path=/`;
  for (const script of [...document.scripts]) script.remove();
  delete (window as { Engage?: unknown }).Engage;
  sessionStorage.clear();
  localStorage.clear();
});

function Probe() {
  return <p data-testid="tracking">{useAnalytics() ? 'on' : 'off'}</p>;
}

/** The consent platform publishing the visitor's groups, as its script does. */
function platformSays(groups: string) {
  act(() => {
    consentWindow.OnetrustActiveGroups = groups;
    consentWindow.OptanonWrapper?.();
  });
}

const engagementRequests = () => requests.filter((url) => url.includes('/engage-api/'));
const browserIdCookie = () => document.cookie.split('; ').some((pair) => pair.startsWith('bid_'));

describe('the consent gate of analytics', () => {
  it('tracks nothing while the consent platform has not answered, starts on C0002, and stops and forgets on withdrawal', async () => {
    render(
      <SiteClientsProvider>
        <AnalyticsProvider mode="normal">
          <Probe />
        </AnalyticsProvider>
      </SiteClientsProvider>,
    );
    // The platform is loading (its script added, no answer yet): consent is unknown.
    await waitFor(() => expect(document.querySelector('script[data-consent-script]')).not.toBeNull());
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.getByTestId('tracking').textContent).toBe('off');
    expect(engagementRequests()).toEqual([]);
    expect(browserIdCookie()).toBe(false);

    platformSays(',C0001,C0002,');
    await waitFor(() => expect(screen.getByTestId('tracking').textContent).toBe('on'));
    await waitFor(() => expect(engagementRequests().length).toBeGreaterThan(0));

    platformSays(',C0001,');
    await waitFor(() => expect(screen.getByTestId('tracking').textContent).toBe('off'));
    expect(browserIdCookie()).toBe(false);
  });

  it('tracks nothing when the visitor refuses from the start', async () => {
    render(
      <SiteClientsProvider>
        <AnalyticsProvider mode="normal">
          <Probe />
        </AnalyticsProvider>
      </SiteClientsProvider>,
    );
    platformSays(',C0001,');
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.getByTestId('tracking').textContent).toBe('off');
    expect(engagementRequests()).toEqual([]);
  });

  it('writes no browser id when the visitor withdraws while the engagement API is still creating it', async () => {
    let answer = () => {};
    createHeld = new Promise<void>((resolve) => (answer = resolve));
    render(
      <SiteClientsProvider>
        <AnalyticsProvider mode="normal">
          <Probe />
        </AnalyticsProvider>
      </SiteClientsProvider>,
    );
    platformSays(',C0001,C0002,');
    await waitFor(() => expect(requests.some((url) => url.includes('/create.json'))).toBe(true));
    platformSays(',C0001,');
    await waitFor(() => expect(screen.getByTestId('tracking').textContent).toBe('off'));
    // The id arrives after the withdrawal: it must not become a cookie.
    await act(async () => {
      answer();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(browserIdCookie()).toBe(false);
    expect(document.cookie).not.toContain('b-1234');
  });
});
