import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Widget } from '../../src/search/index.ts';
import { fakeService, testClient } from '../search/support.tsx';
import { HeaderSearchWidget } from '../../src/site/searchWidgets.tsx';
import { type SiteClients, SiteClientsContext } from '../../src/site/siteClients.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.history.replaceState(null, '', '/');
});

describe('header type-ahead links', () => {
  it.each([
    [['/\\evil.example/a', '//evil.example/b', '/\t/evil.example/c']],
    // Paths that normalise to `//host`.
    [['/.//evil.example/a', `${location.origin}//evil.example/b`, '/x/..//evil.example/c']],
    [['/%2e//evil.example/a', '/%2E//evil.example/b', '/./\\evil.example/c']],
  ])(
    'links suggested pages only within the site; another host disguised as a site path opens the search instead: %j',
    async (evil) => {
      const items = [
        ['Evil A', evil[0]!],
        ['Evil B', evil[1]!],
        ['Evil C', evil[2]!],
        ['Star Tracker', `${location.origin}/products/ST-1?x=1#specs`],
      ];
      const service = fakeService({
        respond: (body) => ({
          body: {
            widgets: body.widget.items.map((item): Widget => ({
              rfk_id: item.rfk_id,
              entity: 'content',
              type: 'preview_search',
              content: items.map(([name, url], i) => ({ id: `p${i}`, name, url })),
            })),
          },
        }),
      });
      const { client } = testClient({}, service);
      // The page's search client, as the header's widget finds it among the page's clients.
      render(
        <SiteClientsContext.Provider value={{ search: client } as SiteClients}>
          <HeaderSearchWidget rfkId="preview_1" />
        </SiteClientsContext.Provider>,
      );
      fireEvent.focus(screen.getByRole('combobox'));
      const pages = await screen.findByRole('list', { name: 'Suggested pages' });
      await waitFor(() => expect(within(pages).getAllByRole('link')).toHaveLength(4));
      expect(
        within(pages)
          .getAllByRole('link')
          .map((a) => a.getAttribute('href')),
      ).toEqual(['/search?q=Evil%20A', '/search?q=Evil%20B', '/search?q=Evil%20C', '/products/ST-1?x=1#specs']);
      vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
      fireEvent.click(within(pages).getByRole('link', { name: 'Evil A' }));
      expect(location.host).not.toBe('evil.example');
      expect(`${location.pathname}${location.search}`).toBe('/search?q=Evil%20A');
    },
  );
});
