import { useState } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createOneconnectClient } from '../oneconnect/index.ts';
import { BannerProvider, OneconnectProvider } from '../oneconnect/react.tsx';
import { Banners } from './Banners.tsx';

/** Creates the site's React Query client with the specification's defaults. */
export function createSiteQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { gcTime: 300_000, retry: false, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

/** The site's one application entry: providers, then the page. */
export function App() {
  const [queryClient] = useState(createSiteQueryClient);
  const [oneconnect] = useState(() => createOneconnectClient());
  return (
    <QueryClientProvider client={queryClient}>
      <OneconnectProvider client={oneconnect}>
        <BannerProvider>
          <main>
            <h1>Aerospace &amp; Defence</h1>
            <Banners />
          </main>
        </BannerProvider>
      </OneconnectProvider>
    </QueryClientProvider>
  );
}
