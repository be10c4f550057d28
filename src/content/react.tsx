import { createContext, useContext, type ReactNode } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ApiError } from '../core/errors.ts';
import type { ContentClient, LayoutResult, PageMode } from './client.ts';

const ClientContext = createContext<ContentClient | null>(null);

/** Makes a content client available to {@link useRoute} below it. */
export function ContentProvider({ client, children }: { client: ContentClient; children: ReactNode }) {
  return <ClientContext.Provider value={client}>{children}</ClientContext.Provider>;
}

/** The client of the nearest {@link ContentProvider}; throws with the fix when there is none. */
export function useContentClient(): ContentClient {
  const client = useContext(ClientContext);
  if (!client) throw new Error('No ContentProvider found: wrap your app in <ContentProvider client={…}>');
  return client;
}

/** Options of {@link useRoute}. */
export interface UseRouteOptions {
  /** `edit` or `preview` when an editor is looking. Defaults to `'normal'`. */
  mode?: PageMode;
  /** The content language (`sc_lang`) of this route. Defaults to the client's. */
  language?: string;
  /** Load only when true. Defaults to true. */
  enabled?: boolean;
  /** How long an answer counts as fresh, in ms (React Query's `staleTime`). Defaults to 0. */
  staleTime?: number;
  /**
   * Runs on each answer before the query hands it over, e.g. loading the code of the components its
   * renderings name, so a page keeping the previous route meanwhile (`placeholderData`) switches to
   * the new one in a single render, without a loading state in between. Its failure is ignored.
   * Defaults to none.
   */
  prepare?: (answer: LayoutResult) => Promise<unknown>;
}

/**
 * The query key of the route at `item` as {@link useRoute} caches it: everything that changes the
 * answer (host, site, language, item, mode) and never the API key. `language` defaults to the client's. A server that prefetches a page
 * stores its answer under this key, so the browser hydrating the page finds it.
 */
export function routeQueryKey(
  client: Pick<ContentClient, 'transport' | 'site' | 'language'>,
  item: string,
  mode: PageMode = 'normal',
  language: string = client.language,
) {
  return ['content', 'route', client.transport.baseUrl, client.site ?? '', language, item, mode] as const;
}

/**
 * The layout answer of the route at `item` (`route: null` for an unknown item). The query key
 * holds everything that changes the answer (host, site, language, item, mode) and never the API key.
 */
export function useRoute(
  item: string,
  { mode = 'normal', language, enabled = true, staleTime = 0, prepare }: UseRouteOptions = {},
): UseQueryResult<LayoutResult, ApiError | Error> {
  const client = useContentClient();
  return useQuery({
    queryKey: routeQueryKey(client, item, mode, language),
    queryFn: async ({ signal }) => {
      const answer = await client.getRoute(item, { mode, language, signal });
      // A preparation that fails (even by throwing at once) leaves the page to load its parts as it renders.
      await Promise.resolve(answer)
        .then(prepare)
        .catch(() => {});
      return answer;
    },
    enabled,
    staleTime,
  });
}
