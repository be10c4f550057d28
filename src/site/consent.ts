import { startTransition, useEffect, useState } from 'react';
import { getPageMode } from './editMode.ts';

// Consent: the consent platform's script and globals, read into one store every provider reads the
// same way. Analytics and personalization need group C0002, re-checked on every change.

/**
 * Reads the consent platform's active-groups global, a string such as
 * `",C0001,C0002,"`, into a set of group ids. Anything that is not a string
 * (the global is missing until the platform loads) reads as no groups.
 */
export function parseActiveGroups(value: unknown): ReadonlySet<string> {
  if (typeof value !== 'string') return new Set();
  return new Set(
    value
      .trim()
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  );
}

/** Options of {@link loadConsentScript}. */
interface ConsentScriptOptions {
  /** URL of the consent platform's script. */
  src: string;
  /** The platform's domain script id (`data-domain-script`), when it needs one. Defaults to none. */
  domainScript?: string;
  /** Document to add the script to. Defaults to the global `document`. */
  doc?: Document;
}

// Stryker disable all: consentLoaderScript puts this function's source in the page, where a
// mutation tester's instrumented copy would call its own globals (npm run mutate; docs/testing.md).
/**
 * Adds the consent platform's script to the page once (a second call with the
 * same URL does nothing) and returns the script element.
 */
export function loadConsentScript({ src, domainScript, doc = document }: ConsentScriptOptions): HTMLScriptElement {
  // Self-contained (globals and its arguments only): consentLoaderScript puts its source in the page.
  const existing = doc.querySelector<HTMLScriptElement>('script[data-consent-script]');
  if (existing) return existing;
  const script = doc.createElement('script');
  // Under Trusted Types the URL passes the page's `consent-script` policy, which allows this URL only.
  // Created once per page, here or by the head's loader (which inlines this function: no imports), so
  // it is kept on the window for the other.
  type Policy = { createScriptURL(url: string): string };
  const win = doc.defaultView as (Window & { trustedTypes?: { createPolicy(n: string, r: object): Policy } }) | null;
  const key = Symbol.for('site.consent-script-policy');
  const kept = win as unknown as Record<symbol, Policy | null | undefined> | null;
  if (win?.trustedTypes && kept && kept[key] === undefined) {
    try {
      kept[key] = win.trustedTypes.createPolicy('consent-script', {
        createScriptURL: (url: string) => (url === src ? url : ''),
      });
    } catch {
      kept[key] = null;
    }
  }
  script.src = kept?.[key] ? kept[key].createScriptURL(src) : src;
  script.async = true;
  // The platform's prompt is what a first visit answers first, and analytics waits for it. At the
  // default priority of an async script it queued behind the page's own scripts.
  script.fetchPriority = 'high';
  script.dataset.consentScript = '';
  if (domainScript) script.dataset.domainScript = domainScript;
  doc.head.appendChild(script);
  return script;
}
// Stryker restore all

/** Where the editing host (scripts/lib/editingHost.mjs) serves the pages editors open. */
const EDITING_HOST_PATH = '/api/editing/';

/**
 * The inline `<script>` for the page's `<head>` that starts loading the consent platform while the
 * HTML is parsed, unless the page is in edit mode or is an editing host's page (`/api/editing/…`,
 * an editor's page before its code puts the route's `sc_mode` in the address; editors get no consent
 * banner), as
 * {@link useConsent} would once the page's code has run; `useConsent` then finds the script and
 * adds none. On a phone on a slow network the prompt showed 1.1 s after the first paint when the
 * page's code loaded the platform, about 0.15 s after with this. vite.config.ts puts it in
 * index.html, so every prerendered page and the app shell carry it.
 */
export function consentLoaderScript({ src, domainScript }: Omit<ConsentScriptOptions, 'doc'>): string {
  const settings = JSON.stringify({ src, domainScript }).replace(/</g, '\\u003c');
  // The two functions are self-contained: their source is the script, so the rules are the site's own.
  return `<script>if (!location.pathname.startsWith('${EDITING_HOST_PATH}') && (${getPageMode})(location.search) !== 'edit') (${loadConsentScript})(${settings});</script>`;
}

/** The consent group that enables analytics and personalization. */
export const ANALYTICS_GROUP = 'C0002';

/** The consent platform's globals this store reads and hooks into. */
interface ConsentWindow {
  OnetrustActiveGroups?: unknown;
  OptanonWrapper?: () => void;
  OneTrust?: { OnConsentChanged?: (cb: (event: unknown) => void) => void };
}

/**
 * The visitor's analytics consent as the page knows it: `unknown` until the consent
 * platform has published its groups (its script is still loading, or not loaded at all in
 * edit mode), then `granted` while the analytics group is active and `denied` otherwise.
 */
export type AnalyticsConsent = 'unknown' | 'granted' | 'denied';

/** A framework-free view of the visitor's consent groups that notifies on change. */
interface ConsentStore {
  /** The active group ids now. */
  getGroups(): ReadonlySet<string>;
  /** True while the analytics group is active. */
  hasAnalytics(): boolean;
  /** The analytics consent now; `denied` only once the platform has said so. */
  getAnalyticsConsent(): AnalyticsConsent;
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
  // The platform has published once its global is a string (",C0001," before any choice).
  const published = () => typeof w.OnetrustActiveGroups === 'string';
  let groups = parseActiveGroups(w.OnetrustActiveGroups);
  let known = published();
  let disposed = false;

  const refresh = () => {
    if (disposed) return;
    const next = parseActiveGroups(w.OnetrustActiveGroups);
    const changed = known !== published() || next.size !== groups.size || [...next].some((g) => !groups.has(g));
    groups = next;
    known = published();
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
    getAnalyticsConsent: () => (groups.has(ANALYTICS_GROUP) ? 'granted' : known ? 'denied' : 'unknown'),
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

/** Options of {@link useConsent}. */
interface UseConsentOptions {
  /** Load the consent platform's script (false in edit mode). */
  load: boolean;
  /** The script's URL. */
  src: string;
  /** The platform's domain script id. Defaults to none. */
  domainScript?: string;
}

/**
 * Loads the consent platform (unless told not to) and returns the analytics consent
 * now (`unknown` until the platform has published, and while rendering on a server),
 * re-rendering whenever it changes.
 */
export function useConsent({ load, src, domainScript }: UseConsentOptions): AnalyticsConsent {
  const [source] = useState(consentSource);
  useEffect(() => {
    if (load) loadConsentScript({ src, domainScript });
  }, [load, src, domainScript]);
  // Not useSyncExternalStore: its updates are urgent, and the platform publishes while the page
  // hydrates, which made React hydrate the rest of the page in one blocking task (a long task on a
  // phone). Consent starts analytics; nothing on screen waits for it.
  const [consent, setConsent] = useState<AnalyticsConsent>('unknown');
  useEffect(() => {
    const read = () => startTransition(() => setConsent(source.getSnapshot()));
    // Subscribing starts the store; what it already knows is read then.
    const unsubscribe = source.subscribe(read);
    read();
    return unsubscribe;
  }, [source]);
  return consent;
}

// The store behind one `useConsent`: created by its first listener and disposed with its last, so it
// hooks into the window only while mounted (StrictMode's second mount gets a live one).
function consentSource() {
  let store: ConsentStore | undefined;
  let listeners = 0;
  return {
    subscribe(listener: () => void): () => void {
      const live = (store ??= createConsentStore());
      listeners += 1;
      const off = live.subscribe(listener);
      return () => {
        off();
        listeners -= 1;
        if (listeners === 0 && store === live) {
          live.dispose();
          store = undefined;
        }
      };
    },
    getSnapshot: (): AnalyticsConsent => store?.getAnalyticsConsent() ?? 'unknown',
  };
}
