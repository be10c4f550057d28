import { createContext, useContext } from 'react';
import type { CommerceClient } from '../createCommerceClient.ts';

/** Carries the client of the nearest `<CommerceProvider>`. */
export const CommerceContext = createContext<CommerceClient | null>(null);

/** The client of the nearest `<CommerceProvider>`; throws with the fix when there is none. */
export function useCommerceClient(): CommerceClient {
  const client = useContext(CommerceContext);
  if (!client) throw new Error('No CommerceProvider found: wrap your app in <CommerceProvider>');
  return client;
}
