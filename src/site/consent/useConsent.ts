import { useEffect, useState, useSyncExternalStore } from 'react';
import { createConsentStore, type ConsentStore } from './consentStore.ts';
import { loadConsentScript } from './loadConsentScript.ts';

/** Options of {@link useConsent}. */
export interface UseConsentOptions {
  /** Load the consent platform's script (false in edit mode). */
  load: boolean;
  /** The script's URL. */
  src: string;
  /** The platform's domain script id. Defaults to none. */
  domainScript?: string;
}

const noop = () => () => {};

/**
 * Loads the consent platform (unless told not to) and returns whether the
 * analytics group is active now, re-rendering whenever the groups change.
 * The store is created in an effect so StrictMode's remount gets a live one.
 */
export function useConsent({ load, src, domainScript }: UseConsentOptions): boolean {
  const [store, setStore] = useState<ConsentStore | null>(null);
  useEffect(() => {
    const created = createConsentStore();
    setStore(created);
    return () => created.dispose();
  }, []);
  useEffect(() => {
    if (load) loadConsentScript({ src, domainScript });
  }, [load, src, domainScript]);
  return useSyncExternalStore(
    store ? (listener) => store.subscribe(listener) : noop,
    () => store?.hasAnalytics() ?? false,
    () => false,
  );
}
