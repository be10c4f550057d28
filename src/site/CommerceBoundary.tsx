import { use, type ReactNode } from 'react';
import { CommerceProvider } from '../commerce/react.tsx';
import { useSiteClients } from './SiteClientsContext.tsx';

/**
 * Provides the commerce client to a commerce page, loading it on first use
 * (the page suspends meanwhile). Imported only by lazily loaded pages.
 */
export function CommerceBoundary({ children }: { children: ReactNode }) {
  const client = use(useSiteClients().loadCommerce());
  return <CommerceProvider client={client}>{children}</CommerceProvider>;
}
