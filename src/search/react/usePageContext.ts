import { useSyncExternalStore } from 'react';
import type { ContextStore } from '../createContextStore.ts';
import type { SearchContext } from '../types.ts';
import { useWidgetsContext } from './WidgetsProvider.tsx';

/**
 * The committed request context and the store that changes it
 * (`update`, `setPage`, `setCommerce`); widgets refetch 50 ms after a change.
 */
export function usePageContext(): { context: SearchContext; store: ContextStore } {
  const { client } = useWidgetsContext();
  const context = useSyncExternalStore(client.context.subscribe, client.context.get, client.context.get);
  return { context, store: client.context };
}
