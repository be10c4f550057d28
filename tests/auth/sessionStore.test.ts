import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withPrism } from '../support/prism.ts';
import { createSessionStore, type SessionStoreOptions } from '../../src/auth/index.ts';
import { setTimerProvider } from '../../src/core/scheduler.ts';
import type { Session } from '../../generated/auth/model/session.ts';
import { prismClient, visitor, type Prefer } from './harness.ts';

const prism = withPrism('auth');
const MINUTE = 60_000;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date('2026-03-02T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setTimerProvider(undefined);
});

/** A store over a Prism client, with its own window and document, started with `triggers`. */
function setup(
  options: {
    prefer?: Prefer;
    store?: Partial<SessionStoreOptions>;
    triggers?: Parameters<ReturnType<typeof createSessionStore>['start']>[0];
  } = {},
) {
  const api = prismClient(prism.url, options.prefer);
  const win = new EventTarget() as unknown as Window;
  const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
  const store = createSessionStore({ client: api.client, window: win, document: doc, online: true, ...options.store });
  const statuses: string[] = [store.getSnapshot().status];
  store.subscribe(() => statuses.push(store.getSnapshot().status));
  const stop = store.start(options.triggers);
  const show = (state: DocumentVisibilityState) => {
    doc.visibilityState = state;
    doc.dispatchEvent(new Event('visibilitychange'));
  };
  const sessionFetches = () => api.http.routes().filter((r) => r === 'GET /session').length;
  return { ...api, store, win, doc, statuses, stop, show, sessionFetches };
}

type Store = ReturnType<typeof createSessionStore>;

/**
 * Resolves once `done()` holds, checked now and after each change of the store.
 * (Not vi.waitFor: under fake timers it advances them, which would move polling.)
 */
function until(store: Store, done: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (done()) return resolve();
    const off = store.subscribe(() => {
      if (!done()) return;
      off();
      resolve();
    });
  });
}

const settled = (store: Store) => until(store, () => store.getSnapshot().status !== 'loading');

describe('status', () => {
  it('is loading until the first fetch, then authenticated; the first fetch tells the other tabs', async () => {
    const t = setup();
    expect(t.store.getSnapshot()).toEqual({ data: null, status: 'loading' });
    await settled(t.store);
    expect(t.store.getSnapshot()).toMatchObject({ status: 'authenticated', data: { user: { name: 'Ada Okafor' } } });
    expect(t.statuses).toEqual(['loading', 'authenticated']);
    expect(t.messages).toEqual([
      JSON.stringify({ event: 'session', data: { trigger: 'getSession' }, timestamp: 1772445600 }),
    ]);
  });

  it('is loading, then unauthenticated for a signed-out visitor', async () => {
    const t = setup({ prefer: visitor(false).prefer });
    await settled(t.store);
    expect(t.store.getSnapshot()).toEqual({ data: null, status: 'unauthenticated' });
  });

  it('ends loading as unauthenticated when the first fetch fails (CLIENT_FETCH_ERROR)', async () => {
    const t = setup({ prefer: () => 'code=500' });
    await settled(t.store);
    expect(t.store.getSnapshot().status).toBe('unauthenticated');
    expect(t.log.codes()).toEqual(['CLIENT_FETCH_ERROR']);
  });

  it('says the session is unavailable (not signed out) when the route fails, and clears that once it answers', async () => {
    let prefer = 'code=500';
    const t = setup({ prefer: () => prefer });
    await settled(t.store);
    expect(t.store.getSnapshot()).toEqual({ data: null, status: 'unauthenticated', unavailable: true });
    prefer = 'example=signedOut';
    await t.store.refetch();
    expect(t.store.getSnapshot()).toEqual({ data: null, status: 'unauthenticated' });
  });

  it('leaves loading at its deadline when the session route never answers (timeoutMs): unavailable, CLIENT_FETCH_ERROR', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // A route that accepts the request and never answers; only the deadline's abort ends it.
    const silent = ((_input: string, init?: RequestInit) =>
      new Promise((_resolve, reject) =>
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error)),
      )) as typeof fetch;
    const api = prismClient(prism.url, undefined, { fetch: silent, timeoutMs: 5_000 });
    const store = createSessionStore({ client: api.client, window: new EventTarget() as unknown as Window });
    store.start();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(store.getSnapshot().status).toBe('loading');
    await vi.advanceTimersByTimeAsync(1);
    expect(store.getSnapshot()).toEqual({ data: null, status: 'unauthenticated', unavailable: true });
    expect(api.log.codes()).toEqual(['CLIENT_FETCH_ERROR']);
    expect((api.log.entries[0]?.metadata as { error: Error }).error.name).toBe('TimeoutError');
  });

  it('ends loading when the client itself throws, logging CLIENT_SESSION_ERROR', async () => {
    const api = prismClient(prism.url);
    const broken = { ...api.client, readSession: () => Promise.reject(new Error('session backend unreachable')) };
    const store = createSessionStore({ client: broken, window: new EventTarget() as unknown as Window });
    store.start();
    await settled(store);
    expect(store.getSnapshot().status).toBe('unauthenticated');
    expect(api.log.entries).toEqual([
      { level: 'error', code: 'CLIENT_SESSION_ERROR', metadata: { error: new Error('session backend unreachable') } },
    ]);
  });

  it('starts from a given session (or null) without fetching', () => {
    const signedIn = setup({ store: { session: { expires: '2026-07-14T09:30:00.000Z', user: { name: 'Ada' } } } });
    expect(signedIn.store.getSnapshot().status).toBe('authenticated');
    const signedOut = setup({ store: { session: null } });
    expect(signedOut.store.getSnapshot()).toEqual({ data: null, status: 'unauthenticated' });
    expect([...signedIn.http.calls, ...signedOut.http.calls]).toEqual([]);
  });

  it('fetches once when started twice (React StrictMode mounts effects twice)', async () => {
    const t = setup();
    t.stop();
    t.store.start();
    await settled(t.store);
    expect(t.sessionFetches()).toBe(1);
  });
});

describe('refresh when the tab becomes visible', () => {
  it('refetches on visibilitychange → visible, not on → hidden, without broadcasting an unchanged session', async () => {
    const t = setup();
    await settled(t.store);
    t.show('hidden');
    expect(t.sessionFetches()).toBe(1);
    t.show('visible');
    expect(t.sessionFetches()).toBe(2);
    await until(t.store, () => t.statuses.length === 3);
    expect(t.messages).toHaveLength(1);
  });

  it('does nothing with refetchOnWindowFocus: false', async () => {
    const t = setup({ triggers: { refetchOnWindowFocus: false } });
    await settled(t.store);
    t.show('visible');
    expect(t.sessionFetches()).toBe(1);
  });

  it('does nothing while signed out (an anonymous reader costs no requests)', async () => {
    const t = setup({ prefer: visitor(false).prefer });
    await settled(t.store);
    t.show('visible');
    expect(t.sessionFetches()).toBe(1);
  });

  it('tells the other tabs when the refresh finds the session gone', async () => {
    const server = visitor(true);
    const t = setup({ prefer: server.prefer });
    await settled(t.store);
    server.state.signedIn = false;
    t.show('visible');
    await until(t.store, () => t.store.getSnapshot().status === 'unauthenticated');
    expect(t.messages.map((m) => JSON.parse(m).data.trigger)).toEqual(['getSession', 'getSession']);
  });
});

describe('polling', () => {
  it('polls every refetchInterval seconds while online, and stops on stop()', async () => {
    const t = setup({ triggers: { refetchInterval: 60 } });
    await settled(t.store);
    vi.advanceTimersByTime(MINUTE - 1);
    expect(t.sessionFetches()).toBe(1);
    vi.advanceTimersByTime(1);
    expect(t.sessionFetches()).toBe(2);
    await until(t.store, () => t.statuses.length === 3);
    vi.advanceTimersByTime(MINUTE);
    expect(t.sessionFetches()).toBe(3);
    t.stop();
    vi.advanceTimersByTime(10 * MINUTE);
    expect(t.sessionFetches()).toBe(3);
  });

  it('does not poll while offline (the reference client did), and resumes online', async () => {
    const t = setup({ triggers: { refetchInterval: 60 } });
    await settled(t.store);
    t.win.dispatchEvent(new Event('offline'));
    vi.advanceTimersByTime(5 * MINUTE);
    expect(t.sessionFetches()).toBe(1);
    t.win.dispatchEvent(new Event('online'));
    vi.advanceTimersByTime(MINUTE);
    expect(t.sessionFetches()).toBe(2);
  });

  it('starts offline from navigator.onLine = false', async () => {
    const t = setup({ triggers: { refetchInterval: 60 }, store: { online: false } });
    await settled(t.store);
    vi.advanceTimersByTime(5 * MINUTE);
    expect(t.sessionFetches()).toBe(1);
  });

  it('polls offline with refetchWhenOffline: true', async () => {
    const t = setup({ triggers: { refetchInterval: 60, refetchWhenOffline: true }, store: { online: false } });
    await settled(t.store);
    vi.advanceTimersByTime(MINUTE);
    expect(t.sessionFetches()).toBe(2);
  });

  it('does not poll without a session or without an interval', async () => {
    const signedOut = setup({ triggers: { refetchInterval: 60 }, prefer: visitor(false).prefer });
    const noInterval = setup();
    await settled(signedOut.store);
    await settled(noInterval.store);
    vi.advanceTimersByTime(10 * MINUTE);
    expect([signedOut.sessionFetches(), noInterval.sessionFetches()]).toEqual([1, 1]);
  });

  it('uses an injected scheduler', async () => {
    let tick: (() => void) | undefined;
    const scheduler = { setInterval: vi.fn((run: () => void) => ((tick = run), 7)), clearInterval: vi.fn() };
    setTimerProvider({ setTimeout, clearTimeout, ...scheduler });
    const t = setup({ triggers: { refetchInterval: 30 } });
    expect(scheduler.setInterval).toHaveBeenCalledWith(expect.any(Function), 30_000);
    await settled(t.store);
    tick?.();
    expect(t.sessionFetches()).toBe(2);
    t.stop();
    expect(scheduler.clearInterval).toHaveBeenCalledWith(7);
  });
});

describe('messages from other tabs', () => {
  const message = (value: unknown, key = 'nextauth.message') =>
    new StorageEvent('storage', { key, newValue: typeof value === 'string' ? value : JSON.stringify(value) });

  it('refetches without broadcasting back, for our message and for a reference tab’s', async () => {
    const t = setup();
    await settled(t.store);
    t.win.dispatchEvent(message({ event: 'session', data: { trigger: 'signout' }, timestamp: 1772445600 }));
    t.win.dispatchEvent(
      message({ event: 'session', data: { trigger: 'getSession' }, clientId: 'ref-tab', timestamp: 1772445601 }),
    );
    expect(t.sessionFetches()).toBe(3);
    await until(t.store, () => t.statuses.length === 3);
    expect(t.messages).toHaveLength(1);
  });

  it('refetches even while signed out (another tab may have signed in)', async () => {
    const server = visitor(false);
    const t = setup({ prefer: server.prefer });
    await settled(t.store);
    server.state.signedIn = true;
    t.win.dispatchEvent(message({ event: 'session', data: { trigger: 'getSession' }, timestamp: 1 }));
    await until(t.store, () => t.store.getSnapshot().status === 'authenticated');
  });

  it('ignores other keys, removals, other events and malformed values', async () => {
    const t = setup();
    await settled(t.store);
    t.win.dispatchEvent(message({ event: 'session', data: { trigger: 'getSession' } }, 'other.key'));
    t.win.dispatchEvent(new StorageEvent('storage', { key: 'nextauth.message', newValue: null }));
    t.win.dispatchEvent(new StorageEvent('storage', { key: null }));
    t.win.dispatchEvent(message({ event: 'session' }));
    t.win.dispatchEvent(message({ event: 'other', data: { trigger: 'getSession' } }));
    t.win.dispatchEvent(message('{not json'));
    expect(t.sessionFetches()).toBe(1);
  });
});

describe('update(data)', () => {
  it('is ignored while loading: no request, resolves undefined', async () => {
    const t = setup();
    expect(await t.store.update({ name: 'Dr Ada Okafor' })).toBeUndefined();
    expect(t.http.routes()).toEqual(['GET /session']);
    await settled(t.store);
  });

  it('is ignored without a session', async () => {
    const t = setup({ prefer: visitor(false).prefer });
    await settled(t.store);
    expect(await t.store.update({ name: 'x' })).toBeUndefined();
    expect(t.http.routes()).toEqual(['GET /session']);
  });

  it('posts with the CSRF token, stores the new session and tells the other tabs; the status stays authenticated', async () => {
    const t = setup();
    await settled(t.store);
    const updated = await t.store.update({ name: 'Dr Ada Okafor' });
    expect(updated).toMatchObject({ user: { name: 'Dr Ada Okafor' } });
    expect(t.store.getSnapshot().data).toEqual(updated);
    expect(t.http.routes()).toEqual(['GET /session', 'GET /csrf', 'POST /session']);
    expect(t.statuses).toEqual(['loading', 'authenticated', 'authenticated']);
    expect(t.messages.map((m) => JSON.parse(m).data.trigger)).toEqual(['getSession', 'getSession']);
  });

  it('keeps the session and resolves null when the server refuses the update', async () => {
    const t = setup({ prefer: ({ method }) => (method === 'POST' ? 'code=400' : undefined) });
    await settled(t.store);
    const before = t.store.getSnapshot();
    expect(await t.store.update({ name: 'x' })).toBeNull();
    expect(t.store.getSnapshot()).toBe(before);
    expect(t.log.codes()).toEqual(['CLIENT_FETCH_ERROR']);
    expect(t.messages).toHaveLength(1);
  });

  it('is not undone by a refresh that started before it and answered after it', async () => {
    const api = prismClient(prism.url);
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const answers: Promise<unknown>[] = [];
    // The second session read (the focus refresh) answers only once the gate opens.
    const client = {
      ...api.client,
      readSession: (params?: { broadcast?: boolean }) => {
        const answer =
          answers.length === 1 ? gate.then(() => api.client.readSession(params)) : api.client.readSession(params);
        answers.push(answer);
        return answer;
      },
    };
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' as DocumentVisibilityState });
    const store = createSessionStore({
      client,
      window: new EventTarget() as unknown as Window,
      document: doc,
      online: true,
    });
    store.start();
    await settled(store);
    doc.dispatchEvent(new Event('visibilitychange'));
    expect(answers).toHaveLength(2);
    await store.update({ name: 'Dr Ada Okafor' });
    release();
    // The store awaited this answer before we did, so it has already handled it.
    expect(await answers[1]).toMatchObject({ user: { name: 'Ada Okafor' } });
    expect(store.getSnapshot().data?.user?.name).toBe('Dr Ada Okafor');
  });
});

describe('sign-in and sign-out in this tab', () => {
  it('refreshes the store after a credentials sign-in without redirect', async () => {
    const server = visitor(false);
    const t = setup({ prefer: server.prefer });
    await settled(t.store);
    const result = await t.client.signIn('credentials', { username: 'aokafor', password: 'pw', redirect: false });
    expect(result?.ok).toBe(true);
    expect(t.store.getSnapshot().status).toBe('authenticated');
    expect(t.http.routes().slice(-2)).toEqual(['POST /callback/credentials', 'GET /session']);
  });

  it('refreshes the store after a sign-out without redirect', async () => {
    const server = visitor(true);
    const t = setup({ prefer: server.prefer });
    await settled(t.store);
    await t.client.signOut({ redirect: false });
    expect(t.store.getSnapshot().status).toBe('unauthenticated');
    expect(t.messages.map((m) => JSON.parse(m).data.trigger)).toEqual(['getSession', 'signout']);
  });
});

/** A client whose session reads answer when the test says: `answer(i, session)` or `fail(i)`, read `i` counting from 0. */
function heldReads(client: ReturnType<typeof prismClient>['client']) {
  const reads: { resolve: (session: Session | null) => void; reject: (error: Error) => void }[] = [];
  const held = {
    ...client,
    readSession: () =>
      new Promise<Session | null | undefined>((resolve, reject) => void reads.push({ resolve, reject })),
  };
  return {
    client: held,
    reads: () => reads.length,
    answer: async (i: number, session: Session | null) => {
      reads[i]!.resolve(session);
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
    fail: async (i: number) => {
      reads[i]!.reject(new Error('session backend unreachable'));
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

describe('what the store keeps, and what it stops doing', () => {
  const message = new StorageEvent('storage', {
    key: 'nextauth.message',
    newValue: JSON.stringify({ event: 'session', data: { trigger: 'getSession' }, timestamp: 1 }),
  });

  it('keeps a known session when a refresh fails in the client (logged, not signed out)', async () => {
    const api = prismClient(prism.url);
    const broken = { ...api.client, readSession: () => Promise.reject(new Error('session backend unreachable')) };
    const session = { expires: '2026-07-14T09:30:00.000Z', user: { name: 'Ada' } };
    const store = createSessionStore({ client: broken, session, window: new EventTarget() as unknown as Window });
    const before = store.getSnapshot();
    await store.refetch();
    expect(store.getSnapshot()).toBe(before);
    expect(api.log.codes()).toEqual(['CLIENT_SESSION_ERROR']);
  });

  it('sends one refresh when the tab becomes visible again while one is still running', async () => {
    const t = setup();
    await settled(t.store);
    t.show('visible');
    t.show('visible');
    expect(t.sessionFetches()).toBe(2);
    await until(t.store, () => t.statuses.length === 3);
    t.show('visible');
    expect(t.sessionFetches()).toBe(3);
  });

  it('stops calling a listener once it unsubscribes', async () => {
    const t = setup();
    await settled(t.store);
    const listener = vi.fn();
    t.store.subscribe(listener)();
    await t.store.refetch();
    expect(t.statuses).toEqual(['loading', 'authenticated', 'authenticated']);
    expect(listener).not.toHaveBeenCalled();
  });

  it('after stop(), fetches on no trigger: other tabs, focus, a sign-in elsewhere in the tab, polling, going online', async () => {
    const t = setup({ triggers: { refetchInterval: 60 } });
    await settled(t.store);
    t.stop();
    t.win.dispatchEvent(message);
    t.show('visible');
    await t.client.refetch();
    t.win.dispatchEvent(new Event('offline'));
    t.win.dispatchEvent(new Event('online'));
    vi.advanceTimersByTime(10 * MINUTE);
    expect(t.sessionFetches()).toBe(1);
  });

  it('polls when the browser says it is online (navigator.onLine), not when it says offline', async () => {
    const online = setup({ triggers: { refetchInterval: 60 }, store: { online: undefined } });
    await settled(online.store);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const offline = setup({ triggers: { refetchInterval: 60 }, store: { online: undefined } });
    await settled(offline.store);
    vi.advanceTimersByTime(MINUTE);
    expect([online.sessionFetches(), offline.sessionFetches()]).toEqual([2, 1]);
  });

  it('tells the other tabs on refetch(true) only', async () => {
    const t = setup();
    await settled(t.store);
    await t.store.refetch();
    expect(t.messages).toHaveLength(1);
    await t.store.refetch(true);
    expect(t.messages).toHaveLength(2);
  });

  it('keeps the snapshot the page was rendered with for hydration, whatever arrived since', async () => {
    const t = setup();
    const server = t.store.getServerSnapshot();
    expect(server).toEqual({ data: null, status: 'loading' });
    await settled(t.store);
    expect(t.store.getServerSnapshot()).toBe(server);
    const session = { expires: '2026-07-14T09:30:00.000Z', user: { name: 'Ada' } };
    const rendered = setup({ store: { session } });
    expect(rendered.store.getServerSnapshot()).toEqual({ data: session, status: 'authenticated' });
  });

  it('keeps loading, never signed out, when an older read fails after a newer one started', async () => {
    const held = heldReads(prismClient(prism.url).client);
    const store = createSessionStore({ client: held.client, window: new EventTarget() as unknown as Window });
    const statuses: string[] = [];
    store.subscribe(() => statuses.push(store.getSnapshot().status));
    store.start();
    void store.refetch();
    expect(held.reads()).toBe(2);
    await held.fail(0);
    expect(store.getSnapshot().status).toBe('loading');
    await held.answer(1, { expires: '2026-07-14T09:30:00.000Z', user: { name: 'Ada' } });
    expect(statuses).toEqual(['authenticated']);
  });

  it('is not undone by the older of two refreshes that were both running when the session was updated', async () => {
    const held = heldReads(prismClient(prism.url).client);
    const updated = { expires: '2026-07-14T09:30:00.000Z', user: { name: 'Dr Ada Okafor' } };
    const client = { ...held.client, updateSession: () => Promise.resolve(updated) };
    const stale = { expires: '2026-07-14T09:30:00.000Z', user: { name: 'Ada' } };
    const store = createSessionStore({ client, session: stale, window: new EventTarget() as unknown as Window });
    void store.refetch();
    void store.refetch();
    await store.update({ name: 'Dr Ada Okafor' });
    await held.answer(0, stale);
    await held.answer(1, stale);
    expect(store.getSnapshot().data).toEqual(updated);
  });

  it('starts offline where there is no navigator (a server or a worker)', async () => {
    vi.stubGlobal('navigator', undefined);
    const t = setup({ triggers: { refetchInterval: 60 }, store: { online: undefined } });
    await settled(t.store);
    vi.advanceTimersByTime(MINUTE);
    expect(t.sessionFetches()).toBe(1);
  });
});
