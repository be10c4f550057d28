import { vi } from 'vitest';
import {
  createAuthClient,
  type AuthClientOptions,
  type AuthLogger,
  type MessageStorage,
} from '../../src/auth/index.ts';

/** One request a client sent, as Prism received it. */
interface Call {
  method: string;
  path: string;
  search: string;
  contentType: string | null;
  body: string;
  /** A copy of Prism's answer, readable whatever the client did with its own. */
  response: Promise<Response>;
}

/** Picks Prism's answer (`Prefer`) for a request, or leaves the default. */
export type Prefer = (request: { method: string; path: string }) => string | undefined;

/**
 * A fetch that sends every request to Prism for real and records it. `prefer`
 * selects Prism's example or status per request; `strip` removes a base path
 * first, as the site's Vite proxy does for `/api/auth`.
 */
export function recordingFetch(prefer: Prefer = () => undefined, strip = '') {
  const calls: Call[] = [];
  const send = (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input));
    if (strip && url.pathname.startsWith(strip)) url.pathname = url.pathname.slice(strip.length) || '/';
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const choice = prefer({ method, path: url.pathname });
    if (choice) headers.set('Prefer', choice);
    const response = fetch(url, { ...init, headers });
    // Cloned before the client reads it (this callback is attached first).
    const copy = response.then((answer) => answer.clone());
    copy.catch(() => {}); // the client sees and handles the failure itself
    calls.push({
      method,
      path: url.pathname,
      search: url.search,
      contentType: headers.get('Content-Type'),
      body: typeof init?.body === 'string' ? init.body : '',
      response: copy,
    });
    return response;
  };
  return {
    fetch: send as typeof fetch,
    calls,
    /** `METHOD /path` of every request so far. */
    routes: () => calls.map((c) => `${c.method} ${c.path}`),
    /** The form fields of the first request to `path`. */
    form: (method: string, path: string) =>
      Object.fromEntries(new URLSearchParams(calls.find((c) => c.method === method && c.path === path)?.body ?? '')),
  };
}

/** A logger that records entries instead of printing and posting them. */
function recordingLogger() {
  const entries: { level: string; code: string; metadata: unknown }[] = [];
  const entry = (level: string) => (code: string, metadata?: unknown) => void entries.push({ level, code, metadata });
  const logger: AuthLogger = { error: entry('error'), warn: entry('warn'), debug: entry('debug') };
  return { logger, entries, codes: () => entries.map((e) => e.code) };
}

/** A client against Prism with recorded requests, navigations and logs; no real localStorage. */
export function prismClient(baseUrl: string, prefer?: Prefer, options: AuthClientOptions = {}) {
  const http = recordingFetch(prefer);
  const log = recordingLogger();
  const navigate = vi.fn<(url: string) => void>();
  const messages: string[] = [];
  const storage: MessageStorage = { setItem: (_key, value) => void messages.push(value), removeItem: () => {} };
  // The mock answers with the production site's URLs and the OAuth provider's sign-in page: both allowed here.
  const redirectOrigins = ['https://www.aero.example', 'https://login.microsoftonline.com'];
  const client = createAuthClient({
    baseUrl,
    basePath: '',
    fetch: http.fetch,
    navigate,
    logger: log.logger,
    storage,
    redirectOrigins,
    ...options,
  });
  return { client, http, log, navigate, messages };
}

/**
 * Browser tabs of one origin sharing one localStorage: a write in one tab
 * dispatches a `storage` event to every other tab's window (never its own), and
 * only when the value changed, as browsers do.
 */
export function createTabs(count: number) {
  const values = new Map<string, string>();
  const windows = Array.from({ length: count }, () => new EventTarget() as unknown as Window);
  const write = (from: number, key: string, newValue: string | null) => {
    const oldValue = values.get(key) ?? null;
    if (newValue === null) values.delete(key);
    else values.set(key, newValue);
    if (oldValue === newValue) return;
    windows.forEach(
      (win, tab) => tab !== from && win.dispatchEvent(new StorageEvent('storage', { key, oldValue, newValue })),
    );
  };
  const storage = (tab: number): MessageStorage => ({
    setItem: (key, value) => write(tab, key, value),
    removeItem: (key) => write(tab, key, null),
  });
  return { windows, storage, values };
}

/** The server side of a visitor for Prism: signed in or out, switched by the sign-in and sign-out posts. */
export function visitor(signedIn = true) {
  const state = { signedIn };
  const prefer: Prefer = ({ method, path }) => {
    if (method === 'POST' && path === '/signout') state.signedIn = false;
    if (method === 'POST' && path.startsWith('/callback/')) state.signedIn = true;
    return method === 'GET' && path === '/session' && !state.signedIn ? 'example=signedOut' : undefined;
  };
  return { state, prefer };
}
