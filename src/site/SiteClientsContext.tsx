import { createContext, useContext } from 'react';
import type { SiteClients } from './createSiteClients.ts';

/** The page's API clients, for pages that load a client on demand. */
export const SiteClientsContext = createContext<SiteClients | null>(null);

/** The page's API clients; throws with the fix outside the App. */
export function useSiteClients(): SiteClients {
  const clients = useContext(SiteClientsContext);
  if (!clients) throw new Error('No SiteClientsContext found: render pages inside <App>');
  return clients;
}
