import { cookieDomain, deleteCookie, readCookie, writeCookie } from '../core/cookies.ts';

/** The reference SDK's entry names, kept so a site moving from it keeps its visitors. */
export const visitorEntries = Object.freeze({
  /** The visitor id, `{key}-{random}-{time}`. */
  ID: '__ruid',
  /** The visit record, `uuid.previousVisitStart.visitStart.visitCount.pageViewCount.visitPageCount`. */
  VISITS: '__rutma',
  /** The session marker: holds the domain key; when it is missing a new visit starts. */
  SESSION: '__rutmb',
});

/** The storage constants of the reference SDK. */
export const storageConstants = Object.freeze({
  /** Lifetime of a stored entry written without one of its own (the reference's storage default). */
  STORAGE_EXPIRY_MS: 300_000,
  /** Lifetime of the session marker: a visit ends after this long without activity. */
  SESSION_EXPIRY_MS: 1_800_000,
  /**
   * Lifetime of the visitor id and the visit counters, refreshed on every page view
   * and activity. The reference leaves the id a few minutes, so a visitor was new on
   * every visit; one year is this layer's choice, so a returning visitor is recognised.
   */
  VISITOR_EXPIRY_MS: 365 * 24 * 3_600_000,
});

/** Where the visitor's entries live: cookies, localStorage, or (without consent) the page's memory. */
export interface VisitorStorage {
  /** `cookie`, `localStorage` or `memory`. */
  readonly kind: 'cookie' | 'localStorage' | 'memory';
  /** The entry's value, or `undefined` when it is missing or expired. */
  get(name: string): string | undefined;
  /**
   * Writes an entry that is read back until `lifetimeMs` from now and is gone from that moment on
   * (in every kind of storage alike). `lifetimeMs` defaults to 300000 (the reference SDK's storage default).
   */
  set(name: string, value: string, lifetimeMs?: number): void;
  /** Deletes an entry. */
  remove(name: string): void;
}

/** Options of {@link createVisitorStorage}. */
export interface VisitorStorageOptions {
  /** `cookie`, `localStorage` (the reference's `useStorage`) or `memory`. */
  kind: VisitorStorage['kind'];
  /** Cookie domain is the full hostname instead of its last two labels. Defaults to false. */
  publicSuffix?: boolean;
  /** The page's hostname, for the cookie domain. Defaults to `location.hostname`. */
  hostname?: string;
  /** Clock of the expiries. Defaults to `Date.now`. */
  now?: () => number;
}

/**
 * Creates the storage the reference SDK uses, so a site moving from it keeps its
 * visitors. Cookies are written `name=value; Domain=…; Path=/; Expires=…; Secure;
 * SameSite=None`, the domain being the hostname's last two labels (the full hostname
 * with `publicSuffix`). localStorage entries are JSON `{v, tm, tx}` (value, time
 * written, lifetime in ms) and are deleted when read after they expired. Values the
 * reference wrote base64-encoded (prefix `0!`) are decoded on read.
 */
export function createVisitorStorage(options: VisitorStorageOptions): VisitorStorage {
  const now = options.now ?? Date.now;
  if (options.kind === 'cookie') return cookieStorage(options, now);
  if (options.kind === 'localStorage' && typeof localStorage !== 'undefined') return localStore(now);
  return memoryStore(now);
}

function cookieStorage(options: VisitorStorageOptions, now: () => number): VisitorStorage {
  const hostname = options.hostname ?? (typeof location === 'undefined' ? '' : location.hostname);
  const domain = cookieDomain(hostname, options.publicSuffix);
  const attributes = { ...(domain ? { domain } : {}), path: '/', secure: true, sameSite: 'None' as const };
  return {
    kind: 'cookie',
    get: (name) => decodeValue(readCookie(name)),
    set(name, value, lifetimeMs = storageConstants.STORAGE_EXPIRY_MS) {
      writeCookie(name, encodeURIComponent(value), { ...attributes, expires: new Date(now() + lifetimeMs) });
    },
    remove: (name) => deleteCookie(name, attributes),
  };
}

/**
 * Deletes a stored search visitor (`__ruid`, `__rutma`, `__rutmb`) from the cookies and
 * from localStorage, without a client: what a consent withdrawal does on a page whose
 * search layer has not loaded, or to entries an earlier page stored. Pass the options the
 * clients use (`publicSuffix`, for the cookie domain). A client on the page keeps its
 * own id until its consent is withdrawn (`setTrackingConsent(false)`). Defaults to the
 * clients' defaults.
 */
export function forgetVisitor(options: Pick<VisitorStorageOptions, 'publicSuffix' | 'hostname'> = {}): void {
  for (const kind of ['cookie', 'localStorage'] as const) {
    const storage = createVisitorStorage({ kind, ...options });
    for (const name of Object.values(visitorEntries)) storage.remove(name);
  }
}

interface StoredEntry {
  v?: unknown;
  tm?: number;
  tx?: number;
}

function localStore(now: () => number): VisitorStorage {
  return {
    kind: 'localStorage',
    get(name) {
      let entry: StoredEntry | null = null;
      try {
        entry = JSON.parse(localStorage.getItem(name) ?? 'null') as StoredEntry | null;
      } catch {
        // Not ours (or damaged): treat it as missing.
      }
      if (!entry || typeof entry.v !== 'string') return undefined;
      // Gone once its lifetime has passed, the moment a cookie's Expires would drop it.
      if (entry.tx && now() - (entry.tm ?? 0) >= entry.tx) {
        localStorage.removeItem(name);
        return undefined;
      }
      return decodeValue(entry.v);
    },
    set(name, value, lifetimeMs = storageConstants.STORAGE_EXPIRY_MS) {
      localStorage.setItem(name, JSON.stringify({ v: value, tm: now(), tx: lifetimeMs }));
    },
    remove: (name) => localStorage.removeItem(name),
  };
}

function memoryStore(now: () => number): VisitorStorage {
  const entries = new Map<string, { value: string; expiresAt: number }>();
  return {
    kind: 'memory',
    get(name) {
      const entry = entries.get(name);
      if (entry && entry.expiresAt > now()) return entry.value;
      entries.delete(name);
      return undefined;
    },
    set(name, value, lifetimeMs = storageConstants.STORAGE_EXPIRY_MS) {
      entries.set(name, { value, expiresAt: now() + lifetimeMs });
    },
    remove: (name) => entries.delete(name),
  };
}

function decodeValue(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    // The reference's optional encoding: `0!` + base64 with `~` for the padding.
    if (raw.startsWith('0!')) return atob(raw.slice(2).replace(/~/g, '='));
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}
