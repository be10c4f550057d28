// The request context: what the layer reads from the page, and the store every
// widget of the page shares (updates commit 50 ms after the last one).
import { debounce } from '../core/scheduler.ts';
import { stableStringify } from './batcher.ts';
import { searchConstants } from './config.ts';
import { deviceForWidth } from './device.ts';
import type { CommerceContext, Device, SearchContext } from './types.ts';

/** `browser.app_type` of a page in a web browser (the reference leaves the value open). */
export const WEB_APP_TYPE = 'web';

const UTM_FIELDS = ['utm_campaign', 'utm_source', 'utm_medium', 'utm_content', 'utm_term'] as const;

/** The `utm_*` parameters of a page URL as the `campaign` context, or `undefined` when it has none. */
export function campaignFromUrl(url: string | URL): SearchContext['campaign'] {
  // Only the query is read: the base just makes a bare path parseable.
  const params = new URL(url, 'https://page.invalid').searchParams;
  const campaign: Record<string, string> = {};
  for (const field of UTM_FIELDS) {
    const value = params.get(field);
    if (value) campaign[field] = value;
  }
  return Object.keys(campaign).length ? campaign : undefined;
}

/** A BCP 47 language tag as the `locale` context (`en-GB` → `{ country: 'gb', language: 'en' }`), or `undefined`. */
export function localeFromTag(tag: string | null | undefined): SearchContext['locale'] {
  const [language, ...rest] = (tag ?? '').trim().toLowerCase().split(/[-_]/);
  if (!language || !/^[a-z]{2,3}$/.test(language)) return undefined;
  const country = rest.find((part) => /^[a-z]{2}$/.test(part));
  return { ...(country ? { country } : {}), language };
}

/**
 * What the layer knows of the page it runs in: `browser` (user agent, device from
 * the viewport width, app type `web`), `page.uri` (the path), `campaign` (the URL's
 * `utm_*`) and `locale` (the document's `lang`). Only `browser.device` (`pc`) without
 * a window (server rendering).
 */
export function readPageContext(
  win: Window | undefined = typeof window === 'undefined' ? undefined : window,
): SearchContext {
  if (!win) return { browser: { device: searchConstants.DEFAULT_DEVICE as Device } };
  const campaign = campaignFromUrl(win.location.href);
  const locale = localeFromTag(win.document.documentElement.lang);
  return {
    browser: { user_agent: win.navigator.userAgent, device: deviceForWidth(win.innerWidth), app_type: WEB_APP_TYPE },
    page: { uri: win.location.pathname },
    ...(campaign ? { campaign } : {}),
    ...(locale ? { locale } : {}),
  };
}

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
