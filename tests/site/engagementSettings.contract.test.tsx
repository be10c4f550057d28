import { act, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withPrism } from '../support/prism.ts';
import { EngagementProvider, useEngagement } from '../../src/engagement/react.tsx';
import { siteConfig } from '../../src/site/siteConfig.ts';
import { engagementSettings, SiteTracking } from '../../src/site/tracking.tsx';
import { resetBrowser, setPage } from '../engagement/support.ts';

// The site's engagement settings (point of sale ngc, UTM parameters included,
// web personalization on), seen where a visitor's data goes: the site's own settings start the
// real events SDK the way the site's shell does (EngagementProvider, then SiteTracking), every
// request is recorded as the SDK hands it to fetch, and then reaches the engagement mock, which
// validates it against the contract. Nothing of the SDK is replaced.

const prism = withPrism('engagement');

/** A request as the SDK handed it to fetch. */
interface Sent {
  url: string;
  method: string;
  body: unknown;
  /** The mock's answer: 2xx once the contract accepted the request. */
  status?: number;
}

/**
 * Replaces the global fetch (the SDK's) with one that records each request and sends it to the
 * mock: the site's target URL is a same-origin path (`/engage-api`) that the dev server proxies
 * to the mock, and this does the same.
 */
function recordEngagement(): Sent[] {
  const sent: Sent[] = [];
  const real = globalThis.fetch;
  const site = `${location.origin}${siteConfig.engagementTargetUrl}`;
  vi.stubGlobal('fetch', (input: string | URL | Request, init: RequestInit = {}) => {
    const url = String(input);
    const entry: Sent = {
      url,
      method: init.method ?? 'GET',
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    sent.push(entry);
    return real(url.startsWith(site) ? prism.url + url.slice(site.length) : url, init).then((response) => {
      entry.status = response.status;
      return response;
    });
  });
  return sent;
}

// The frame's wiring: SiteTracking runs while the SDK does (src/site/frame.tsx).
function Tracked({ page }: { page: string }) {
  const sdk = useEngagement();
  return sdk ? <SiteTracking sdk={sdk} page={page} /> : null;
}

function renderSite(page: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <EngagementProvider settings={engagementSettings()} enabled>
        <Tracked page={page} />
      </EngagementProvider>
    </QueryClientProvider>,
  );
}

const events = (sent: Sent[]) => sent.filter((s) => s.url.endsWith('/v1.2/events') && s.method === 'POST');

beforeEach(() => resetBrowser());
afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe("the site's engagement settings", () => {
  it('are point of sale ngc, UTM parameters included and web personalization on', () => {
    const settings = engagementSettings();
    expect(settings).toMatchObject({ pointOfSale: 'ngc', includeUTMParameters: true });
    expect(Boolean(settings.webPersonalization)).toBe(true);
  });

  it('send the page view with pos ngc and the utm_* parameters of the URL, and a link click with pos ngc', async () => {
    setPage('/careers?utm_source=newsletter&utm_medium=email&utm_campaign=airshow-2026', 'en-GB');
    const sent = recordEngagement();
    renderSite('/careers');
    await waitFor(() => expect(events(sent).map((s) => s.status)).toEqual([201]), { timeout: 10_000 });
    expect(events(sent)[0]?.body).toMatchObject({
      type: 'VIEW',
      pos: 'ngc',
      utm_source: 'newsletter',
      utm_medium: 'email',
      utm_campaign: 'airshow-2026',
      client_key: siteConfig.engagementClientKey,
    });

    const link = document.createElement('a');
    link.href = '/careers/graduates';
    link.textContent = 'Graduate roles';
    // The click is tracked; jsdom cannot follow it to another page.
    link.addEventListener('click', (event) => event.preventDefault());
    document.body.append(link);
    await act(async () => link.click());
    await waitFor(() => expect(events(sent).map((s) => s.status)).toEqual([201, 201]));
    expect(events(sent)[1]?.body).toMatchObject({ type: 'CAREERS_CLICK', pos: 'ngc' });
  });

  it('load the web personalization script for the site client key, with the point of sale it reads', async () => {
    setPage('/', 'en');
    recordEngagement();
    renderSite('/');
    const src = `${location.origin}/web-flow-libs/${siteConfig.engagementClientKey}/web-version.min.js`;
    // init sets window.Engage and, in the same task, adds the script when web personalization is on.
    await waitFor(() => expect(window.Engage).toBeDefined(), { timeout: 10_000 });
    expect([...document.scripts].map((s) => s.src)).toContain(src);
    expect(window.Engage?.settings).toMatchObject({ client_key: siteConfig.engagementClientKey, pointOfSale: 'ngc' });
  });
});
