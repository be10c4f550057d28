import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { QueryClient, QueryClientContext } from '@tanstack/react-query';
import { createSearchClient, type SearchClient, type SearchConfig } from '../createSearchClient.ts';
import { SearchError, searchMessages } from '../errors.ts';
import { stableStringify } from '../stableStringify.ts';
import type { SearchContext } from '../types.ts';

/** What the widget hooks read from the nearest {@link WidgetsProvider}. */
export interface WidgetsContextValue {
  client: SearchClient;
  queryClient: QueryClient;
  suspense: boolean;
}

const WidgetsContext = createContext<WidgetsContextValue | null>(null);

/** Props of {@link WidgetsProvider}: a ready client, or the configuration to create one (read once, on first render). */
export interface WidgetsProviderProps extends SearchConfig {
  /** A client from `createSearchClient`; when given, the configuration props are ignored. Defaults to one created from the props. */
  client?: SearchClient;
  /** The React Query client. Defaults to the surrounding QueryClientProvider's, else one of the provider's own. */
  queryClient?: QueryClient;
  /** Read widget data through Suspense (stale time 1000 ms). Defaults to false. */
  suspense?: boolean;
  /** Tracking consent; may change at any time (wire it to consent group C0002). Defaults to true. */
  trackingConsent?: boolean;
  /** Context parts to send (page, locale…); a change refetches the widgets after 50 ms. Defaults to none. */
  context?: SearchContext;
  children?: ReactNode;
}

/**
 * Makes the widget layer available to the widgets below it. The client (and its
 * batcher) is created once per provider, never per render, so a page never asks
 * for its widgets twice. It does not replace the app's QueryClientProvider.
 */
export function WidgetsProvider(props: WidgetsProviderProps) {
  const { client: given, queryClient: givenQueryClient, suspense = false, context, children, ...config } = props;
  const [client] = useState(() => {
    if (!given) return createSearchClient({ ...config, context });
    // A given client starts with the context too, so the first batch already carries it.
    if (context) {
      given.context.update(context);
      given.context.flush();
    }
    return given;
  });
  const ambient = useContext(QueryClientContext);
  const [own] = useState(() => (givenQueryClient || ambient ? undefined : new QueryClient()));
  const queryClient = (givenQueryClient ?? ambient ?? own) as QueryClient;
  const consent = props.trackingConsent;
  useEffect(() => {
    if (consent !== undefined) client.setTrackingConsent(consent);
  }, [client, consent]);
  const contextJson = context ? stableStringify(context) : undefined;
  useEffect(() => {
    if (contextJson) client.context.update(JSON.parse(contextJson) as SearchContext);
  }, [client, contextJson]);
  const value = useMemo(() => ({ client, queryClient, suspense }), [client, queryClient, suspense]);
  return <WidgetsContext.Provider value={value}>{children}</WidgetsContext.Provider>;
}

/** The nearest {@link WidgetsProvider}'s client, query client and mode; throws with the fix when there is none. */
export function useWidgetsContext(): WidgetsContextValue {
  const value = useContext(WidgetsContext);
  if (!value) throw new SearchError('NO_PROVIDER', searchMessages.noProvider);
  return value;
}

/** The nearest {@link WidgetsProvider}'s search client (context, events, tracking). */
export function useSearchClient(): SearchClient {
  return useWidgetsContext().client;
}
