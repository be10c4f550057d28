import type { Session } from '../../generated/auth/model/session.ts';
import { cancelInterval, scheduleInterval } from '../core/scheduler.ts';
import { parseSessionMessage } from './broadcast.ts';
import type { AuthClient } from './client.ts';

/** Where the session stands. */
export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';

/**
 * A snapshot of the store: the session exactly when `status` is `authenticated`. `unavailable` is
 * set when the session route gave no usable answer (an error, or none within the client's
 * `timeoutMs`): the visitor is treated as signed out, but whether they are is unknown, so a page
 * that needs a session offers a retry instead of sending them to sign in.
 */
export type SessionState =
  | { data: Session; status: 'authenticated'; unavailable?: undefined }
  | { data: null; status: 'loading'; unavailable?: undefined }
  | { data: null; status: 'unauthenticated'; unavailable?: true };

/** When the store refreshes on its own. */
export interface SessionTriggers {
  /** Poll every this many seconds while signed in; 0 disables. Defaults to 0. */
  refetchInterval?: number;
  /** Refresh when the tab becomes visible again (`visibilitychange`). Defaults to true. */
  refetchOnWindowFocus?: boolean;
  /** Keep polling while the browser is offline. Defaults to false (unlike the reference session client, which kept polling). */
  refetchWhenOffline?: boolean;
}

/** Options of {@link createSessionStore}. */
export interface SessionStoreOptions {
  /** The session client to fetch with. */
  client: AuthClient;
  /** A session known at start (server-rendered); `null` counts as known. Defaults to unknown (fetch on start). */
  session?: Session | null;
  /** Receives `storage`, `online` and `offline` events (a tab's window). Defaults to `window`. */
  window?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** Receives `visibilitychange` and tells `visibilityState`. Defaults to `document`. */
  document?: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  /** Whether the browser is online at start. Defaults to `navigator.onLine` (false without a navigator). */
  online?: boolean;
}

/** A framework-free session state machine; the React provider only subscribes to it. */
export interface SessionStore {
  /** The client this store fetches with. */
  readonly client: AuthClient;
  /** The current snapshot; the same object until something changes. */
  getSnapshot(): SessionState;
  /**
   * The snapshot the store was created with: what a server render of the page showed (`loading`, or
   * the `session` given), which hydration must render again whatever has arrived since.
   */
  getServerSnapshot(): SessionState;
  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Fetches the session now (the first fetch broadcasts, as the reference does). */
  refetch(broadcast?: boolean): Promise<void>;
  /**
   * Sends `data` to the server (GET `csrf`, POST `session`) and tells the other tabs.
   * Ignored (resolves `undefined`, sends nothing) while loading or without a session;
   * resolves the new session, or `null` when the update failed (the session is kept).
   */
  update(data?: unknown): Promise<Session | null | undefined>;
  /** Attaches the refresh triggers (first fetch, storage, visibility, polling); returns the detach. */
  start(triggers?: SessionTriggers): () => void;
}

// Whether a refresh tells the other tabs: always (first fetch, as the reference),
// never (theirs told us), or only when signed-in-ness changed (focus, polling).
const enum Tell {
  Never,
  Always,
  OnChange,
}

/** Creates a session store: `loading` until the first fetch, then `authenticated` or `unauthenticated`. */
export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const { client } = options;
  let session = options.session;
  let state = toState(session);
  const initial = state;
  let latest = 0;
  let inFlight = 0;
  const listeners = new Set<() => void>();
  const set = (next: Session | null, unavailable?: true) => {
    session = next;
    state = unavailable ? { data: null, status: 'unauthenticated', unavailable } : toState(next);
    for (const listener of listeners) listener();
  };

  // Only the newest fetch may write, so a slow old answer never undoes a newer one.
  const refetch = async (tell = Tell.Never) => {
    const id = ++latest;
    inFlight++;
    try {
      const next = await client.readSession({ broadcast: tell === Tell.Always });
      if (id !== latest) return;
      if (tell === Tell.OnChange && !next !== !session) client.broadcast('getSession');
      if (next === undefined) set(null, true);
      else set(next);
    } catch (error) {
      client.logger.error('CLIENT_SESSION_ERROR', { error });
      if (id === latest && session === undefined) set(null);
    } finally {
      inFlight--;
    }
  };

  const store: SessionStore = {
    client,
    getSnapshot: () => state,
    getServerSnapshot: () => initial,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refetch: (broadcast) => refetch(broadcast ? Tell.Always : Tell.Never),
    async update(data) {
      if (!session) return undefined;
      const next = await client.updateSession(data);
      if (next) {
        latest++;
        set(next);
      }
      return next;
    },
    start({ refetchInterval = 0, refetchOnWindowFocus = true, refetchWhenOffline = false } = {}) {
      if (session === undefined && latest === 0) void refetch(Tell.Always);
      const win = options.window ?? window;
      const doc = options.document ?? document;
      let online = options.online ?? (typeof navigator !== 'undefined' && navigator.onLine);
      // Focus and poll refreshes run only with a session (as the reference: an
      // anonymous reader costs no requests) and never on top of a running fetch.
      const refresh = () => void (session && !inFlight && refetch(Tell.OnChange));
      // On the core scheduler, so tests swap the timers (`setTimerProvider`, fake timers) in one place.
      const timer =
        refetchInterval > 0
          ? scheduleInterval(() => void ((online || refetchWhenOffline) && refresh()), refetchInterval * 1000)
          : undefined;
      const detach = [
        listen(
          win,
          'storage',
          ((event: StorageEvent) => void (parseSessionMessage(event) && refetch(Tell.Never))) as () => void,
        ),
        listen(win, 'online', () => (online = true)),
        listen(win, 'offline', () => (online = false)),
        listen(
          doc,
          'visibilitychange',
          () => void (refetchOnWindowFocus && doc.visibilityState === 'visible' && refresh()),
        ),
        client.onRefetch(() => refetch(Tell.Never)),
        () => timer !== undefined && cancelInterval(timer),
      ];
      return () => detach.forEach((off) => off());
    },
  };
  return store;
}

function toState(session: Session | null | undefined): SessionState {
  if (session === undefined) return { data: null, status: 'loading' };
  return session ? { data: session, status: 'authenticated' } : { data: null, status: 'unauthenticated' };
}

type Target = Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
const listen = (target: Target, type: string, handler: () => void) => {
  target.addEventListener(type, handler);
  return () => target.removeEventListener(type, handler);
};
