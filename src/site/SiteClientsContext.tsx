import { createContext, useContext } from 'react';
import type { SiteClients } from './createSiteClients.ts';

/** The page's API clients, for pages that load a client on demand. */
export const SiteClientsContext = createContext<SiteClients | null>(null);

/** What the page's search widgets send with their requests: tracking consent and the page's path. */
export interface SiteSearchSettings {
  analytics: boolean;
  pageUri: string;
}

/** The search settings of the page shown (the shell provides them; the widgets load later). */
export const SiteSearchContext = createContext<SiteSearchSettings>({ analytics: false, pageUri: '/' });

/** The page's API clients; throws with the fix outside the App. */
export function useSiteClients(): SiteClients {
  const clients = useContext(SiteClientsContext);
  if (!clients) throw new Error('No SiteClientsContext found: render pages inside <App>');
  return clients;
}
