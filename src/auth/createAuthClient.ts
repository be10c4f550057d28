import type { Providers } from '../../generated/auth/model/providers.ts';
import type { Session } from '../../generated/auth/model/session.ts';
import { broadcastSession, type MessageStorage, type SessionTrigger } from './broadcastSession.ts';
import { createLogger, type AuthLogger } from './createLogger.ts';
import { fetchAuthJson } from './fetchAuthJson.ts';
import { signInWith, type SignInAuthorizationParams, type SignInOptions, type SignInResponse } from './signInWith.ts';
import { signOutWith, type SignOutParams, type SignOutResponse } from './signOutWith.ts';

/** Options of {@link createAuthClient}; read at every call, so changing them later takes effect. */
export interface AuthClientOptions {
  /** Path of the auth routes; also prefixes the sign-in, error and `_log` URLs. Defaults to `'/api/auth'`. */
  basePath?: string;
  /** Put before `basePath`: an origin such as a mock's `http://127.0.0.1:4014`. Defaults to `''` (same origin). */
  baseUrl?: string;
  /** The fetch to send with. Defaults to the global `fetch`, looked up at each call. */
  fetch?: typeof fetch;
  /** Goes to a URL (redirects). Defaults to setting `location.href`, plus a reload when the URL has a `#`. */
  navigate?: (url: string) => void;
  /** Where cross-tab messages are written; `null` disables them. Defaults to `localStorage`. */
  storage?: MessageStorage | null;
  /** Receives `CLIENT_FETCH_ERROR` and the other codes. Defaults to a console + `_log` logger. */
  logger?: AuthLogger;
}

/** The session protocol bound to one base path: what the module-level functions and the provider use. */
export interface AuthClient {
  /** The live options. */
  readonly options: AuthClientOptions;
  /** The URL of a route under the base path, e.g. `url('signin')` → `/api/auth/signin`. */
  url(route: string): string;
  /** Sends a request with the configured fetch. */
  fetch(url: string, init?: RequestInit): Promise<Response>;
  /** Goes to a URL with the configured navigation. */
  navigate(url: string): void;
  /** The configured logger. */
  readonly logger: AuthLogger;
  /** Tells the other tabs, through localStorage, to re-read the session. */
  broadcast(trigger: SessionTrigger): void;
  /** Registers a session refresh (a provider's store) run by {@link AuthClient.refetch}; returns its removal. */
  onRefetch(listener: () => unknown): () => void;
  /** Refreshes the session of every registered store in this tab, without a broadcast. */
  refetch(): Promise<void>;
  /** GET `session`: the session, or `null` when signed out or on failure. Broadcasts unless `broadcast: false`. */
  getSession(params?: { broadcast?: boolean }): Promise<Session | null>;
  /** GET `csrf`: the token, or `undefined` on failure. */
  getCsrfToken(): Promise<string | undefined>;
  /** GET `providers`: the map of providers, or `null` on failure. */
  getProviders(): Promise<Providers | null>;
  /** GET `csrf`, then POST `session` with the JSON `{ csrfToken, data }`; broadcasts on success. `null` on failure. */
  updateSession(data?: unknown): Promise<Session | null>;
  /** Signs in (see `signIn`). */
  signIn(provider?: string, options?: SignInOptions, authorizationParams?: SignInAuthorizationParams): Promise<SignInResponse | undefined>;
  /** Signs out (see `signOut`). */
  signOut(options?: SignOutParams): Promise<SignOutResponse | null | undefined>;
}

const assign = (url: string): void => {
  location.href = url;
  // Setting href to the same page with another hash does not reload; the protocol wants a reload.
  if (url.includes('#')) location.reload();
};

/**
 * Creates a session client. Nothing is read at creation (no `process.env`, no
 * `location`): base path, fetch and storage are looked up at each call, which
 * also lets `configureAuth` and the provider's `basePath` move every URL.
 */
export function createAuthClient(options: AuthClientOptions = {}): AuthClient {
  const refreshers = new Set<() => unknown>();
  const ownLogger = createLogger(() => client.url('_log'), () => client.fetch);
  const client: AuthClient = {
    options,
    url: (route) => `${options.baseUrl ?? ''}${(options.basePath ?? '/api/auth').replace(/\/+$/, '')}/${route}`,
    fetch: (url, init) => (options.fetch ?? fetch)(url, init),
    navigate: (url) => (options.navigate ?? assign)(url),
    get logger() {
      return options.logger ?? ownLogger;
    },
    broadcast: (trigger) => broadcastSession(trigger, options.storage),
    onRefetch(listener) {
      refreshers.add(listener);
      return () => refreshers.delete(listener);
    },
    async refetch() {
      await Promise.all([...refreshers].map((refresh) => refresh()));
    },
    async getSession(params) {
      const session = await fetchAuthJson<Session>(client, 'session');
      if (params?.broadcast ?? true) client.broadcast('getSession');
      return session;
    },
    getCsrfToken: async () => (await fetchAuthJson<{ csrfToken?: string }>(client, 'csrf'))?.csrfToken,
    getProviders: () => fetchAuthJson<Providers>(client, 'providers'),
    async updateSession(data) {
      const csrfToken = await client.getCsrfToken();
      const session = csrfToken ? await fetchAuthJson<Session>(client, 'session', { csrfToken, data }) : null;
      if (session) client.broadcast('getSession');
      return session;
    },
    signIn: (provider, signInOptions, params) => signInWith(client, provider, signInOptions, params),
    signOut: (signOutOptions) => signOutWith(client, signOutOptions),
  };
  return client;
}
