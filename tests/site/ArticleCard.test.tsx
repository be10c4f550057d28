import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createOneconnectClient } from '../../src/oneconnect/index.ts';
import { BannerProvider, OneconnectProvider } from '../../src/oneconnect/react.tsx';
import { type Article, ArticleCard } from '../../src/site/content/articleCard.tsx';
import { SiteProvider } from '../../src/site/SiteContext.tsx';
import { ArticleList } from '../../src/site/content/articles.tsx';

const article: Article = { id: 'a1', title: 'Hypersonics', summary: 'Mach 6', likeCount: 4, viewCount: 10 };

describe('ArticleCard with the shared site context', () => {
  it('counts a view once per card shown, and likes are shared by every card of the article', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <OneconnectProvider client={createOneconnectClient({ baseUrl: 'http://127.0.0.1:9' })}>
          <BannerProvider enabled={false}>
            <SiteProvider>
              <ArticleCard article={article} />
              <ArticleCard article={article} />
            </SiteProvider>
          </BannerProvider>
        </OneconnectProvider>
      </QueryClientProvider>,
    );
    expect(screen.getAllByText(/views$/).map((e) => e.textContent)).toEqual(['12 views', '12 views']);
    const [first, second] = screen.getAllByRole('button', { name: /Like/ });
    fireEvent.click(first!);
    expect(second).toHaveProperty('textContent', 'Liked (5)');
    expect(second!.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(second!);
    expect(first).toHaveProperty('textContent', 'Like (4)');
  });
});

describe('ArticleList teaser links', () => {
  const item = (id: string, link: string | undefined, url?: string) => ({
    id,
    url,
    fields: {
      title: { value: `Title ${id}` },
      summary: { value: '' },
      ...(link === undefined ? {} : { link: { value: { href: link } } }),
    },
  });

  it('pass the link guard: an editor cannot publish a link that runs code or leaves the site as a site path', () => {
    const hostile = [
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      '//evil.example/x',
      '/\\evil.example/x',
      '\\\\evil.example/x',
      'javascript:alert(1)',
    ];
    const articles = [
      ...hostile.map((href, i) => item(`h${i}`, href)),
      // A hostile link field falls back to the item's own URL, which passes the guard too (or not at all).
      item('fallback', 'javascript:alert(1)', '/news/fallback'),
      item('url-only', undefined, 'data:text/html,x'),
      item('good', '/news/good'),
    ];
    render(
      <QueryClientProvider client={new QueryClient()}>
        <OneconnectProvider client={createOneconnectClient({ baseUrl: 'http://127.0.0.1:9' })}>
          <BannerProvider enabled={false}>
            <SiteProvider>
              <ArticleList
                fields={{ heading: { value: 'News' }, articles }}
                params={{}}
                rendering={{ componentName: 'ArticleList', uid: 'u' }}
                route={{ name: 'n', placeholders: {}, fields: {} } as never}
              />
            </SiteProvider>
          </BannerProvider>
        </OneconnectProvider>
      </QueryClientProvider>,
    );
    const hrefs = screen.queryAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['Title fallback', '/news/fallback'],
      ['Title good', '/news/good'],
    ]);
    // Refused links leave the title as plain text.
    expect(screen.getByText('Title h0').closest('a')).toBeNull();
  });
});
