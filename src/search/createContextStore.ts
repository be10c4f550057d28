import { debounce } from '../core/scheduler.ts';
import { searchConstants } from './searchConstants.ts';
import { stableStringify } from './stableStringify.ts';
import type { CommerceContext, SearchContext } from './types.ts';

/** Options of {@link createContextStore}. */
export interface ContextStoreOptions {
  /** The context before any update. Defaults to `{}`. */
  initial?: SearchContext;
  /** Merged into every committed context last (the visitor's uuid), so updates cannot drop it; read at each commit. Defaults to none. */
  fixedUser?: SearchContext['user'] | (() => SearchContext['user']);
  /** Ms between the last update and the commit; the timer runs on the core scheduler. Defaults to 50. */
  debounceMs?: number;
}

/** The request context shared by every widget of a page. */
export interface ContextStore {
  /** The committed context (a new object only after a commit that changed something). */
  get(): SearchContext;
  /**
   * Replaces the given top-level sections (`page`, `locale`, `commerce`, …; `undefined`
   * removes one). Widgets see the change 50 ms after the last update, then refetch.
   */
  update(patch: Partial<SearchContext>): void;
  /** Shorthand for `update({ page })`. */
  setPage(page: SearchContext['page']): void;
  /** Shorthand for `update({ commerce })` (sent only by the commerce connector). */
  setCommerce(commerce: CommerceContext | undefined): void;
  /** Calls `listener` after each commit that changed the context; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
  /** Commits a pending update now. */
  flush(): void;
}

/** Creates a context store whose updates commit after the update debounce. */
export function createContextStore(options: ContextStoreOptions = {}): ContextStore {
  const { debounceMs = searchConstants.UPDATE_DEBOUNCE_MS, fixedUser } = options;
  const withUser = (context: SearchContext): SearchContext => {
    const user = typeof fixedUser === 'function' ? fixedUser() : fixedUser;
    return user ? { ...context, user: { ...context.user, ...user } } : context;
  };
  let committed = withUser({ ...options.initial });
  let pending: SearchContext | undefined;
  const listeners = new Set<() => void>();

  const commit = () => {
    if (!pending) return;
    const next = withUser(pending);
    pending = undefined;
    if (stableStringify(next) === stableStringify(committed)) return;
    committed = next;
    for (const listener of [...listeners]) listener();
  };
  const timer = debounce(commit, debounceMs);
  const flush = () => {
    timer.cancel();
    commit();
  };

  const update = (patch: Partial<SearchContext>) => {
    const next: Record<string, unknown> = { ...(pending ?? committed), ...patch };
    for (const key of Object.keys(next)) if (next[key] === undefined) delete next[key];
    pending = next as SearchContext;
    timer.schedule();
  };

  return {
    get: () => committed,
    update,
    setPage: (page) => update({ page }),
    setCommerce: (commerce) => update({ commerce }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    flush,
  };
}
