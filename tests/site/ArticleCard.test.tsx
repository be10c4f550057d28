import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createOneconnectClient } from '../../src/oneconnect/index.ts';
import { BannerProvider, OneconnectProvider } from '../../src/oneconnect/react.tsx';
import { type Article, ArticleCard, SiteProvider } from '../../src/site/SiteContext.tsx';

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
