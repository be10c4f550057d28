import { createVisitorStorage, storageConstants, visitorEntries, type VisitorStorage } from './visitorStorage.ts';

/** The visit record the reference keeps (times in epoch ms). */
export interface VisitState {
  uuid: string;
  previousVisitStart: number;
  visitStart: number;
  /** Visits of this visitor, this one included. */
  visitCount: number;
  /** Pages this visitor viewed over all visits. */
  pageViewCount: number;
  /** Pages viewed in this visit. */
  visitPageCount: number;
}

/** Options of {@link createVisitor}. */
export interface VisitorOptions {
  /** The domain key (customer key after the dash): the id's prefix and the session marker's value. */
  key: string;
  /** A visitor id of your own; it wins over a stored one. Defaults to the stored id, else a new one. */
  uuid?: string;
  /** Whether the visitor agreed to tracking (C0002): only then is anything stored. Defaults to true. */
  consent?: boolean;
  /** Keep the entries in localStorage instead of cookies (the reference's `useStorage`). Defaults to false. */
  useStorage?: boolean;
  /** Cookie domain is the full hostname instead of its last two labels. Defaults to false. */
  publicSuffix?: boolean;
  /** The page's hostname. Defaults to `location.hostname`. */
  hostname?: string;
  /** Clock. Defaults to `Date.now`. */
  now?: () => number;
}

/** The anonymous search visitor: one id across page loads and visits, and the reference's visit counters. */
export interface Visitor {
  /** The visitor id sent as `context.user.uuid` and in events. */
  readonly id: string;
  /** The current visit record. */
  readonly visit: Readonly<VisitState>;
  /** Where the entries live now: `cookie`, `localStorage`, or `memory` (no consent). */
  readonly storage: VisitorStorage['kind'];
  /** Counts a page view (the client counts its own page load). */
  pageView(): void;
  /** Records activity: the visit goes on; after 30 min without activity a new visit starts. */
  touch(): void;
  /**
   * Grants or withdraws tracking consent. Granting stores the entries (adopting the
   * id a returning visitor already has); withdrawing deletes them and forgets the id:
   * the page goes on with a new id, in memory, so nothing sent after the withdrawal (nor
   * stored on a later grant) links back to the visitor who withdrew.
   */
  setConsent(consent: boolean): void;
  /** Calls `listener` when the id changes (a returning visitor recognised on consent); returns the unsubscribe function. */
  subscribe(listener: () => void): () => void;
}

/**
 * Creates the visitor and counts the page view of this page load. Entries are
 * written only with consent: `__ruid` (the id) and `__rutma` (the visit record) live
 * one year and `__rutmb` (the session marker) 30 min, each refreshed on every page
 * view and activity; without consent they live in memory and nothing is written.
 */
export function createVisitor(options: VisitorOptions): Visitor {
  const now = options.now ?? Date.now;
  const storageOf = (consent: boolean) =>
    createVisitorStorage({
      kind: !consent ? 'memory' : options.useStorage ? 'localStorage' : 'cookie',
      publicSuffix: options.publicSuffix,
      hostname: options.hostname,
      now,
    });
  let storage = storageOf(options.consent ?? true);
  let state: VisitState | undefined;
  const listeners = new Set<() => void>();

  const write = (next: VisitState) => {
    storage.set(visitorEntries.ID, next.uuid, storageConstants.VISITOR_EXPIRY_MS);
    storage.set(visitorEntries.VISITS, formatVisits(next), storageConstants.VISITOR_EXPIRY_MS);
    storage.set(visitorEntries.SESSION, options.key, storageConstants.SESSION_EXPIRY_MS);
  };

  const notify = () => {
    for (const listener of [...listeners]) listener();
  };

  const record = (pageView: boolean) => {
    const t = now();
    const stored = parseVisits(storage.get(visitorEntries.VISITS));
    const uuid =
      options.uuid || stored?.uuid || storage.get(visitorEntries.ID) || state?.uuid || generateUuid(options.key, t);
    const base = stored?.uuid === uuid ? stored : state?.uuid === uuid ? state : undefined;
    const newVisit = !base || storage.get(visitorEntries.SESSION) === undefined;
    const previous = state?.uuid;
    state = nextVisit(base ?? fresh(uuid, t), t, newVisit, pageView);
    write(state);
    if (previous !== undefined && previous !== uuid) notify();
  };

  record(true);
  return {
    get id() {
      return (state as VisitState).uuid;
    },
    get visit() {
      return { ...(state as VisitState) };
    },
    get storage() {
      return storage.kind;
    },
    pageView: () => record(true),
    touch: () => record(false),
    setConsent(consent) {
      if ((storage.kind !== 'memory') === consent) return;
      if (!consent) {
        for (const name of Object.values(visitorEntries)) storage.remove(name);
        storage = storageOf(false);
        const withdrawn = (state as VisitState).uuid;
        state = undefined;
        record(false);
        if ((state as VisitState | undefined)?.uuid !== withdrawn) notify();
        return;
      }
      const alive = storage.get(visitorEntries.SESSION) !== undefined;
      storage = storageOf(true);
      // Granting adopts a returning visitor's stored record; otherwise the page's own carries over.
      if (parseVisits(storage.get(visitorEntries.VISITS))) return record(false);
      const current = state as VisitState;
      storage.set(visitorEntries.ID, current.uuid, storageConstants.VISITOR_EXPIRY_MS);
      storage.set(visitorEntries.VISITS, formatVisits(current), storageConstants.VISITOR_EXPIRY_MS);
      if (alive) storage.set(visitorEntries.SESSION, options.key, storageConstants.SESSION_EXPIRY_MS);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function fresh(uuid: string, t: number): VisitState {
  return { uuid, previousVisitStart: t, visitStart: t, visitCount: 0, pageViewCount: 0, visitPageCount: 0 };
}

/** The record after a page view or activity; a new visit counts the page it starts on. */
function nextVisit(base: VisitState, t: number, newVisit: boolean, pageView: boolean): VisitState {
  if (!newVisit) {
    return pageView
      ? { ...base, pageViewCount: base.pageViewCount + 1, visitPageCount: base.visitPageCount + 1 }
      : base;
  }
  return {
    uuid: base.uuid,
    previousVisitStart: base.visitCount === 0 ? t : base.visitStart,
    visitStart: t,
    visitCount: base.visitCount + 1,
    pageViewCount: base.pageViewCount + 1,
    visitPageCount: 1,
  };
}

/** `uuid.previousVisitStart.visitStart.visitCount.pageViewCount.visitPageCount`, as the reference writes `__rutma`. */
export function formatVisits(state: VisitState): string {
  const { uuid, previousVisitStart, visitStart, visitCount, pageViewCount, visitPageCount } = state;
  return [uuid, previousVisitStart, visitStart, visitCount, pageViewCount, visitPageCount].join('.');
}

/** Reads a `__rutma` value; `undefined` when it is not one. */
export function parseVisits(value: string | undefined): VisitState | undefined {
  const parts = value?.split('.') ?? [];
  if (parts.length < 6) return undefined;
  const numbers = parts.slice(-5).map(Number);
  const uuid = parts.slice(0, -5).join('.');
  if (!uuid || numbers.some((n) => !Number.isFinite(n) || n < 0)) return undefined;
  const [previousVisitStart, visitStart, visitCount, pageViewCount, visitPageCount] = numbers as [
    number,
    number,
    number,
    number,
    number,
  ];
  return { uuid, previousVisitStart, visitStart, visitCount, pageViewCount, visitPageCount };
}

/**
 * An anonymous visitor id in the reference SDK's form `{key}-{random}-{epoch s}-{hex}`
 * (e.g. `2222222-k3m9x1q2-1732239000-8f3c2a1b9d`), from the platform's CSPRNG.
 */
export function generateUuid(key: string, now: number = Date.now()): string {
  const bytes = new Uint8Array(10);
  globalThis.crypto.getRandomValues(bytes);
  const base36 = Array.from(bytes.subarray(0, 5), (b) => (b % 36).toString(36)).join('');
  const more = Array.from(bytes.subarray(5), (b) => (b % 36).toString(36)).join('');
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, 10);
  return `${key}-${base36}${more.slice(0, 3)}-${Math.floor(now / 1000)}-${hex}`;
}
