import { cleanup, render } from '@testing-library/react';
import { notifyManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SearchRequest } from '../../src/search/index.ts';
import { HeaderSearchWidget, SiteRecommendationWidget } from '../../src/site/searchWidgets.tsx';
import { type SiteClients, SiteClientsContext, SiteSearchContext } from '../../src/site/siteClients.tsx';
import { advance, testClient } from '../search/support.tsx';

// The home page's two widgets mount a commit apart: the page's recommendations as the page
// hydrates, the header's preview search once the page is ready (frame.tsx). On a busy CPU or a slow
// phone that gap is longer than the batcher's 250 ms window; the clock here is fake and moves on
// as far as the test says, so only the page's hold can keep the two in one request.

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

function page(clients: SiteClients, searchReady: boolean) {
  return (
    <SiteClientsContext.Provider value={clients}>
      <SiteSearchContext.Provider value={{ analytics: false, pageUri: '/', searchReady }}>
        {searchReady ? <HeaderSearchWidget rfkId="preview_6" /> : null}
        <SiteRecommendationWidget rfkId="rec_1" />
      </SiteSearchContext.Provider>
    </SiteClientsContext.Provider>
  );
}

const rfkIds = (body: unknown) => (body as SearchRequest).widget.items.map((i) => i.rfk_id);

describe("the home page's search widgets", () => {
  it('leave in one request however long the page takes to be ready, the header mounting a commit after the page', async () => {
    const { client, service } = testClient();
    const clients = { search: client } as SiteClients;
    const view = render(page(clients, false));
    // Two seconds of a busy main thread: eight debounce windows.
    await advance(2000);
    expect(service.searches()).toEqual([]);
    view.rerender(page(clients, true));
    await advance(0);
    expect(service.searches().map((s) => rfkIds(s.body))).toEqual([['rec_1', 'preview_6']]);
  });

  it('leave at once on a page that is ready (a later navigation), and a page that never gets ready still gets its widgets within 5 s', async () => {
    const ready = testClient();
    render(page({ search: ready.client } as SiteClients, true));
    await advance(0);
    expect(ready.service.searches().map((s) => rfkIds(s.body))).toEqual([['preview_6', 'rec_1']]);
    cleanup();

    const stuck = testClient();
    render(page({ search: stuck.client } as SiteClients, false));
    await advance(4999);
    expect(stuck.service.searches()).toEqual([]);
    await advance(1);
    expect(stuck.service.searches().map((s) => rfkIds(s.body))).toEqual([['rec_1']]);
  });
});
