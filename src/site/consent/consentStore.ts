import { parseActiveGroups } from './parseActiveGroups.ts';

/** The consent group that enables analytics and personalization. */
export const ANALYTICS_GROUP = 'C0002';

/** The consent platform's globals this store reads and hooks into. */
interface ConsentWindow {
  OnetrustActiveGroups?: unknown;
  OptanonWrapper?: () => void;
  OneTrust?: { OnConsentChanged?: (cb: (event: unknown) => void) => void };
}

/** A framework-free view of the visitor's consent groups that notifies on change. */
export interface ConsentStore {
  /** The active group ids now. */
  getGroups(): ReadonlySet<string>;
  /** True while the analytics group is active. */
  hasAnalytics(): boolean;
  /** Calls `listener` whenever the active groups change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Removes the store's hooks from the window. */
  dispose(): void;
}

/**
 * Watches the consent platform: it re-reads the active groups whenever the
 * platform calls `OptanonWrapper` (the previous wrapper is chained, not
 * replaced), fires `OneTrustGroupsUpdated`, or reports a consent change.
 * Listeners hear only real changes of the group set.
 */
export function createConsentStore(win: Window = window): ConsentStore {
  const w = win as Window & ConsentWindow;
  const listeners = new Set<() => void>();
  let groups = parseActiveGroups(w.OnetrustActiveGroups);
  let disposed = false;

  const refresh = () => {
    if (disposed) return;
    const next = parseActiveGroups(w.OnetrustActiveGroups);
    const changed = next.size !== groups.size || [...next].some((g) => !groups.has(g));
    groups = next;
    if (changed) for (const listener of [...listeners]) listener();
  };

  const previousWrapper = w.OptanonWrapper;
  const wrapper = function OptanonWrapper() {
    previousWrapper?.call(win);
    refresh();
  };
  w.OptanonWrapper = wrapper;
  win.addEventListener('OneTrustGroupsUpdated', refresh);

  return {
    getGroups: () => groups,
    hasAnalytics: () => groups.has(ANALYTICS_GROUP),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose() {
      disposed = true;
      win.removeEventListener('OneTrustGroupsUpdated', refresh);
      // Only unhook if nobody chained after us; otherwise our wrapper stays as a no-op link.
      if (w.OptanonWrapper === wrapper) w.OptanonWrapper = previousWrapper;
      listeners.clear();
    },
  };
}
