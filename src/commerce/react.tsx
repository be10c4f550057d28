import type { ReactNode } from 'react';
import type { CommerceClient } from './createCommerceClient.ts';
import { CommerceContext } from './react/useCommerceClient.ts';

export { useCommerceClient } from './react/useCommerceClient.ts';
export { commerceQueryKey } from './commerceQueryKey.ts';
export * from '../../generated/commerce/hooks.ts';

/** Props of {@link CommerceProvider}. */
export interface CommerceProviderProps {
  /** The client the hooks below send through (from `createCommerceClient`). */
  client: CommerceClient;
  children?: ReactNode;
}

/**
 * Makes a commerce client available to `useCommerceClient()` and to every generated hook
 * below it (`useOrdersList`, `useOrdersSubmit`, …). Pass `{ request: { impersonate: true } }`
 * to a hook to send its calls with the client's impersonation token. Query keys hold the
 * client's `cacheKey` and the impersonation flag (see `commerceQueryKey`), so providers of
 * different clients under one `QueryClient` never show each other's data.
 */
export function CommerceProvider({ client, children }: CommerceProviderProps) {
  return <CommerceContext.Provider value={client}>{children}</CommerceContext.Provider>;
}
