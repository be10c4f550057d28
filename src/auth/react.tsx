import {
  createContext,
  startTransition,
  useContext,
  useEffect,
  useEffectEvent,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import type { Session } from '../../generated/auth/model/session.ts';
import { configureAuth, defaultAuthClient, type AuthClient } from './client.ts';
import {
  createSessionStore,
  type SessionState,
  type SessionStatus,
  type SessionStore,
  type SessionStoreOptions,
  type SessionTriggers,
} from './store.ts';

export { getSession, getCsrfToken, getProviders, signIn, signOut } from './client.ts';

const SessionContext = createContext<SessionStore | null>(null);

/**
 * Props of {@link SessionProvider}: the reference's, plus an optional `client`
 * and the store's injectable environment (a tab's `window` and `document`,
 * `online`), each defaulting to the browser's.
 */
export interface SessionProviderProps extends SessionTriggers, Omit<SessionStoreOptions, 'client' | 'session'> {
  children?: ReactNode;
  /** A session known at render (from the server); `null` counts as known. Defaults to fetching it on mount. */
  session?: Session | null;
  /** Base path of the auth routes; without `client` it also moves the module-level functions. Defaults to `'/api/auth'`. */
  basePath?: string;
  /** Prefix before `basePath` (an origin). Defaults to `''` (same origin). */
  baseUrl?: string;
  /** Origins besides the page's own that sign-in and sign-out replies may go to (see `AuthClientOptions`). Defaults to none. */
  redirectOrigins?: readonly string[];
  /** The client to use (tests, several sites in one page). Defaults to the module-level client. */
  client?: AuthClient;
  /**
   * Without `client`: how long each auth call may take before it counts as failed (the session then
   * leaves `loading` as `unavailable`). Defaults to 0, no deadline, as the reference.
   */
  timeoutMs?: number;
}

/**
 * Keeps the session for its subtree: `loading` until the first fetch, then
 * `authenticated` or `unauthenticated`; refreshed by other tabs' messages, when
 * the tab becomes visible, and by the optional online-only polling.
 */
export function SessionProvider({ children, ...props }: SessionProviderProps) {
  const {
    client,
    basePath,
    baseUrl,
    redirectOrigins,
    timeoutMs,
    refetchInterval,
    refetchOnWindowFocus,
    refetchWhenOffline,
  } = props;
  // Set during render, as the reference does, so a child's first effect already signs in under this base path.
  if (!client) configureAuth({ basePath, baseUrl, redirectOrigins, timeoutMs });
  // Created once: later `client`, `session` or environment props are not picked up (the reference also reads them
  // once). The store reads its own options (`session`, `window`, `document`, `online`) and ignores the other props;
  // `children` is left out so the store does not hold on to the first render's elements.
  const [store] = useState(() => createSessionStore({ ...props, client: client ?? defaultAuthClient }));
  useEffect(
    () => store.start({ refetchInterval, refetchOnWindowFocus, refetchWhenOffline }),
    [store, refetchInterval, refetchOnWindowFocus, refetchWhenOffline],
  );
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

/**
 * The nearest {@link SessionProvider}'s session client: `refetch()` asks the session route again for
 * every provider on it (a page's retry after the route failed). Throws outside a provider.
 */
export function useAuthClient(): AuthClient {
  return useSessionStore().client;
}

/**
 * The nearest {@link SessionProvider}'s session status while `watch` is true, else `undefined`; the
 * component re-renders on the session's changes only while it watches. For a component that needs the
 * session in some states only (a page that gates some of its routes), which a session answer would
 * otherwise re-render, all of it, as the page loads. Throws outside a provider.
 */
export function useSessionStatus(watch: boolean): SessionStatus | undefined {
  const store = useSessionStore();
  // The status is read from the store at each render, so a component that starts watching sees the
  // current one at once; the subscription only re-renders it.
  const state = useStoreChanges(store, watch);
  return watch ? state.status : undefined;
}

// The nearest provider's store; throws outside one.
function useSessionStore(): SessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error('No SessionProvider found: wrap your app in <SessionProvider>');
  return store;
}

// Never re-renders by itself: useStoreChanges does, as a transition.
const subscribeNowhere = () => () => {};

// The store's snapshot, re-rendering on each change while `watch`, as a transition.
// Not useSyncExternalStore's own subscription: its updates are urgent. The session answers while a
// prerendered page is still hydrating, and an urgent update there made React hydrate the rest of the
// page in one blocking task (a long task on a phone); an urgent update also swaps content already on
// screen for a Suspense fallback when what the new session shows is still loading. As a transition,
// the page stays as it is until the signed-in (or signed-out) version is ready.
// The snapshot itself is read through useSyncExternalStore, for hydration: a part of a prerendered page
// that hydrates after the session has answered (its code came later) first renders the snapshot the
// server rendered, then, once hydrated, React re-renders that part alone with the current one. Read
// from the store directly, it would not match the HTML, and React would throw that part away.
function useStoreChanges(store: SessionStore, watch = true): SessionState {
  // Never read: setting it re-renders, and setting the snapshot the store had already (not a counter)
  // lets React skip that re-render when a notification changed nothing.
  const [, setSeen] = useState(store.getSnapshot);
  useEffect(() => {
    if (!watch) return;
    const read = () => startTransition(() => setSeen(store.getSnapshot()));
    const unsubscribe = store.subscribe(read);
    // A change between the render and this subscription is read now.
    read();
    return unsubscribe;
  }, [store, watch]);
  // Not watching, the server's snapshot on both sides: React's check after hydration then never finds
  // a difference, which would re-render (urgently) a component that does not read the session.
  return useSyncExternalStore(
    subscribeNowhere,
    watch ? store.getSnapshot : store.getServerSnapshot,
    store.getServerSnapshot,
  );
}

/** Options of {@link useSession}. */
export interface UseSessionOptions<R extends boolean> {
  /** The page needs a session: when there is none, redirect to the sign-in page. Defaults to false. */
  required?: R;
  /** Called instead of the redirect when a required session is missing. Defaults to the redirect. */
  onUnauthenticated?: () => void;
}

/**
 * What {@link useSession} returns; with `required`, `unauthenticated` is reported as `loading` while
 * redirecting, and stays `unauthenticated` only when the session is `unavailable` (no redirect then).
 */
export type SessionContextValue<R extends boolean = false> = (R extends true
  ? | { data: Session; status: 'authenticated'; unavailable?: undefined }
    | { data: null; status: 'loading'; unavailable?: undefined }
    | { data: null; status: 'unauthenticated'; unavailable: true }
  : SessionState) & {
  /** Sends data to the server session and tells the other tabs; ignored while loading or signed out. */
  update: SessionStore['update'];
};

/**
 * The session of the nearest {@link SessionProvider}: `{ data, status, update }`.
 * With `required`, a visitor without a session is sent to
 * `{basePath}/signin?error=SessionRequired&callbackUrl=<this page>`, or
 * `onUnauthenticated` is called instead; not when the session is `unavailable` (the session route
 * failed: the visitor may well be signed in), which the page shows with a retry instead.
 */
export function useSession<R extends boolean = false>(options?: UseSessionOptions<R>): SessionContextValue<R> {
  const store = useSessionStore();
  const state = useStoreChanges(store);
  const redirecting = !!options?.required && state.status === 'unauthenticated' && !state.unavailable;
  // Runs when `redirecting` turns on, not on every render: an inline
  // `onUnauthenticated` is a new function each time and must not re-fire.
  const redirect = useEffectEvent(() => {
    // Not returned: React would take a returned promise or function for a cleanup.
    if (options?.onUnauthenticated) return void options.onUnauthenticated();
    const query = new URLSearchParams({ error: 'SessionRequired', callbackUrl: location.href });
    store.client.navigate(`${store.client.url('signin')}?${query}`);
  });
  useEffect(() => {
    if (redirecting) redirect();
  }, [redirecting]);
  return useMemo(
    () =>
      ({
        ...(redirecting ? { data: null, status: 'loading' } : state),
        update: store.update,
      }) as SessionContextValue<R>,
    [state, redirecting, store],
  );
}
