import type { Providers } from '../../generated/auth/model/providers.ts';
import type { Session } from '../../generated/auth/model/session.ts';
import { isApiError } from '../core/errors.ts';
import { composeSender, formBodies, keepaliveLimit } from '../core/transport.ts';
import { broadcastSession, type MessageStorage, type SessionTrigger } from './broadcast.ts';
import { AuthError } from './errors.ts';
import { createLogger, type AuthLogger } from './logger.ts';
import { checkCallbackUrl, replyError, replyTarget } from './redirects.ts';

/** Options of {@link createAuthClient}; read at every call, so changing them later takes effect. */
export interface AuthClientOptions {
  /** Path of the auth routes; also prefixes the sign-in, error and `_log` URLs. Defaults to `'/api/auth'`. */
  basePath?: string;
  /** Put before `basePath`: an origin such as a mock's `http://127.0.0.1:4014`. Defaults to `''` (same origin). */
  baseUrl?: string;
  /** The fetch the transport sends with. Defaults to the global `fetch`, looked up at each call. */
  fetch?: typeof fetch;
  /** Goes to a URL (redirects). Defaults to setting `location.href`, plus a reload when the URL has a `#`. */
  navigate?: (url: string) => void;
  /** Where cross-tab messages are written; `null` disables them. Defaults to `localStorage`. */
  storage?: MessageStorage | null;
  /** Receives `CLIENT_FETCH_ERROR` and the other codes. Defaults to a console + `_log` logger. */
  logger?: AuthLogger;
  /**
   * Origins besides the page's own that a sign-in or sign-out reply may send the browser to: the
   * configured providers' sign-in pages (`['https://login.microsoftonline.com']`). A reply URL
   * elsewhere, or with a scheme other than http(s), is not followed. Defaults to none.
   */
  redirectOrigins?: readonly string[];
  /**
   * How long each call to an auth route may take, body included, before it counts as failed
   * (`CLIENT_FETCH_ERROR` with a `TimeoutError`); 0 waits as long as the browser does, as the
   * reference does. A page sets its own (the site: 5 s), so a silent auth service never keeps a
   * visitor waiting. Defaults to 0.
   */
  timeoutMs?: number;
}

/** Options of `signIn`: every field (credentials, `email`, …) is also sent in the form. */
export interface SignInOptions extends Record<string, unknown> {
  /** Where to land after signing in; must be on the site's origin. Defaults to the current page. */
  callbackUrl?: string;
  /** Navigate to the reply's URL; only credentials and email providers can turn it off. Defaults to true. */
  redirect?: boolean;
}

/** Extra authorization parameters, appended to the sign-in URL as a query string. */
export type SignInAuthorizationParams = string | string[][] | Record<string, string> | URLSearchParams;

/** What `signIn` returns with `redirect: false` (credentials and email providers). */
export interface SignInResponse {
  /** The `error` query parameter of the reply's URL (e.g. `CredentialsSignin`), `CLIENT_FETCH_ERROR` without a reply, else null. */
  error: string | null;
  /** HTTP status of the reply; 0 when there was none. */
  status: number;
  /** Whether the reply was 2xx. */
  ok: boolean;
  /** The reply's URL, or null when there is an error. */
  url: string | null;
}

/** Options of `signOut`. */
export interface SignOutParams {
  /** Where to land after signing out; must be on the site's origin. Defaults to the current page. */
  callbackUrl?: string;
  /** Navigate to the reply's URL. Defaults to true. */
  redirect?: boolean;
}

/** What `signOut` returns with `redirect: false`. */
export interface SignOutResponse {
  url: string;
}

/** The session protocol bound to one base path: what the module-level functions and the provider use. */
export interface AuthClient {
  /** The live options. */
  readonly options: AuthClientOptions;
  /** The URL of a route under the base path, e.g. `url('signin')` → `/api/auth/signin`. */
  url(route: string): string;
  /**
   * Sends a request through the core transport, with the configured fetch and same-origin
   * credentials; a `URLSearchParams` body goes as a form. A non-2xx answer rejects with `ApiError`.
   */
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
  /**
   * GET `session` as {@link AuthClient.getSession}, but `undefined` when the route gave no usable answer
   * (an error, no answer, the deadline): then whether the visitor is signed in is unknown.
   */
  readSession(params?: { broadcast?: boolean }): Promise<Session | null | undefined>;
  /** GET `csrf`: the token, or `undefined` on failure. */
  getCsrfToken(): Promise<string | undefined>;
  /** GET `providers`: the map of providers (`{}` when none is configured), or `null` on failure. */
  getProviders(): Promise<Providers | null>;
  /** GET `csrf`, then POST `session` with the JSON `{ csrfToken, data }`; broadcasts on success. `null` on failure. */
  updateSession(data?: unknown): Promise<Session | null>;
  /** Signs in (see `signIn`). */
  signIn(
    provider?: string,
    options?: SignInOptions,
    authorizationParams?: SignInAuthorizationParams,
  ): Promise<SignInResponse | undefined>;
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
  // URLs are built whole by `url()`, so the transport has no base URL of its own. The timeout is
  // read at each call (`options.timeoutMs`; none by default, as the reference). Sign-in and sign-out
  // post forms, and the logger posts with keepalive: the two extras it needs.
  const transport = composeSender({ fetch: (input, init) => (options.fetch ?? fetch)(input, init) }, [
    formBodies,
    keepaliveLimit,
  ]);
  const ownLogger = createLogger(
    () => client.url('_log'),
    () => client.fetch,
  );
  const client: AuthClient = {
    options,
    url: (route) => `${options.baseUrl ?? ''}${(options.basePath ?? '/api/auth').replace(/\/+$/, '')}/${route}`,
    fetch: (url, init) => transport(url, { ...init, timeoutMs: options.timeoutMs ?? 0 }),
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
    async readSession(params) {
      const session = await readJson<Session>(client, 'session');
      if (params?.broadcast ?? true) client.broadcast('getSession');
      return session;
    },
    getSession: async (params) => (await client.readSession(params)) ?? null,
    getCsrfToken: async () => (await readJson<{ csrfToken?: string }>(client, 'csrf'))?.csrfToken,
    // `{}` (no provider configured) is an answer; only a failure is `null`.
    getProviders: async () => {
      const providers = await readJson<Providers>(client, 'providers');
      return providers === undefined ? null : (providers ?? {});
    },
    async updateSession(data) {
      const csrfToken = await client.getCsrfToken();
      const session = (csrfToken && (await readJson<Session>(client, 'session', { csrfToken, data }))) || null;
      if (session) client.broadcast('getSession');
      return session;
    },
    signIn: (provider, signInOptions, params) => signInWith(client, provider, signInOptions, params),
    signOut: (signOutOptions) => signOutWith(client, signOutOptions),
  };
  return client;
}

/** What an auth route answered: status (0 when nothing came back), ok, and the parsed JSON body (`null` on failure). */
interface AuthReply<T> {
  status: number;
  ok: boolean;
  data: T | null;
}

/**
 * Sends one request to an auth route and parses the JSON answer; `accept`
 * decides whether the answer is usable. Anything else — no answer, a non-JSON
 * body, an answer `accept` refuses — is logged as `CLIENT_FETCH_ERROR` with
 * `{ error, url }` (the URL without its query, which may hold a `login_hint`)
 * and gives `{ ok: false, data: null }`. A 404 means the auth routes are not
 * served there: its error carries `MISSING_NEXTAUTH_API_ROUTE_ERROR`.
 */
async function send<T>(
  client: AuthClient,
  url: string,
  init: RequestInit | undefined,
  accept: (ok: boolean, data: T | null) => boolean,
): Promise<AuthReply<T>> {
  let status = 0;
  const where = url.split('?')[0];
  try {
    const response = await client.fetch(url, init).catch((error: unknown) => {
      // A non-2xx answer is still a reply of the protocol (a 401 carries the error page's `url`), read like any other.
      if (isApiError(error)) return error.response;
      throw error;
    });
    status = response.status;
    if (status === 404)
      throw new AuthError(
        'MISSING_NEXTAUTH_API_ROUTE_ERROR',
        `${where} answered HTTP 404: no auth route there (check basePath)`,
      );
    const data = parseAnswer<T>(await response.text(), response, where);
    if (!accept(response.ok, data)) throw new AuthError('CLIENT_FETCH_ERROR', `${where} answered HTTP ${status}`);
    return { status, ok: response.ok, data };
  } catch (error) {
    client.logger.error('CLIENT_FETCH_ERROR', { error, url: where });
    return { status, ok: false, data: null };
  }
}

// An auth route's body as JSON. A body that is not JSON (a gateway's empty 502, an HTML error page) is
// an AuthError naming the route and the status, with the parser's SyntaxError as its cause: the
// SyntaxError alone ("Unexpected end of JSON input") said neither which service failed nor how.
function parseAnswer<T>(text: string, response: Response, where: string | undefined): T | null {
  try {
    return JSON.parse(text) as T | null;
  } catch (cause) {
    const type = response.headers.get('content-type')?.split(';')[0];
    const body = text.trim() ? `a body that is not JSON${type ? ` (${type})` : ''}` : 'an empty body';
    throw new AuthError('CLIENT_FETCH_ERROR', `${where} answered HTTP ${response.status} with ${body}`, { cause });
  }
}

// GETs a route, or POSTs `body` as JSON; `null` for the protocol's empty object ("no session"), `undefined` on failure.
async function readJson<T extends object>(
  client: AuthClient,
  route: string,
  body?: object,
): Promise<T | null | undefined> {
  const init = body && { method: 'POST', body: JSON.stringify(body) };
  const { ok, data } = await send<T>(client, client.url(route), init, (ok) => ok);
  if (!ok) return undefined;
  return data && Object.keys(data).length ? data : null;
}

// GETs `csrf`, then POSTs `fields` with the token and `callbackUrl` as a form (`undefined` left out, the rest as
// strings) and reads the `{ url }` answer; a non-2xx answer with a `url` (a 401 for rejected credentials) is a
// normal reply. Without a token nothing is posted: no reply.
async function postForm(
  client: AuthClient,
  url: string,
  fields: Record<string, unknown>,
  callbackUrl: string,
): Promise<AuthReply<{ url: string }>> {
  const csrfToken = await client.getCsrfToken();
  if (!csrfToken) return { status: 0, ok: false, data: null };
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...fields, csrfToken, callbackUrl, json: 'true' }))
    if (value !== undefined) form.append(key, String(value));
  return send<{ url: string }>(
    client,
    url,
    { method: 'POST', body: form },
    (_ok, data) => typeof data?.url === 'string',
  );
}

// The protocol's sign-in: refuse an off-site `callbackUrl`; GET `providers` (failure: the error page); an unknown
// or missing provider goes to the sign-in page; else GET `csrf` and POST the form to `callback/{id}` (credentials)
// or `signin/{id}` (others), then follow the reply, except credentials and email with `redirect: false`.
async function signInWith(
  client: AuthClient,
  provider?: string,
  options: SignInOptions = {},
  authorizationParams?: SignInAuthorizationParams,
): Promise<SignInResponse | undefined> {
  const { callbackUrl = location.href, redirect = true } = options;
  checkCallbackUrl(client, callbackUrl);
  const providers = await client.getProviders();
  const type = providers && provider && Object.hasOwn(providers, provider) ? providers[provider]?.type : undefined;
  if (!type) {
    client.navigate(
      providers ? `${client.url('signin')}?${new URLSearchParams({ callbackUrl })}` : client.url('error'),
    );
    return;
  }
  const query = String(new URLSearchParams(authorizationParams));
  const url = `${client.url(type === 'credentials' ? 'callback' : 'signin')}/${provider}${query && `?${query}`}`;
  const { status, ok, data } = await postForm(client, url, options, callbackUrl);
  const error = data && replyError(data.url);
  // A credentials sign-in is complete once it answers, so the other tabs hear of
  // it now, whether or not the navigation below reloads this one.
  if (type === 'credentials' && ok && !error) client.broadcast('getSession');
  if (redirect || (type !== 'credentials' && type !== 'email')) {
    client.navigate(replyTarget(client, data?.url, callbackUrl));
    return;
  }
  if (!data) return { error: 'CLIENT_FETCH_ERROR', status, ok, url: null };
  if (ok) await client.refetch();
  return { error, status, ok, url: error ? null : data.url };
}

// The protocol's sign-out: refuse an off-site `callbackUrl`, GET `csrf`, POST the form to `signout` and tell the
// other tabs; then follow the reply (the error page without one), or with `redirect: false` refresh and return it.
async function signOutWith(
  client: AuthClient,
  options: SignOutParams = {},
): Promise<SignOutResponse | null | undefined> {
  const { callbackUrl = location.href, redirect = true } = options;
  checkCallbackUrl(client, callbackUrl);
  const { data } = await postForm(client, client.url('signout'), {}, callbackUrl);
  if (data) client.broadcast('signout');
  if (redirect) {
    client.navigate(replyTarget(client, data?.url, callbackUrl));
    return;
  }
  await client.refetch();
  return data;
}

const defaults: AuthClientOptions = {};

/**
 * The client behind the module-level `getSession`, `signIn`, `signOut`, … (the
 * reference's calling style). Its options start empty (base path `/api/auth`,
 * same origin) and change through {@link configureAuth} or a `SessionProvider`
 * given `basePath`/`baseUrl` and no `client`.
 */
export const defaultAuthClient: AuthClient = /* @__PURE__ */ createAuthClient(defaults);

/** Changes the options of {@link defaultAuthClient}; takes effect at the next call. Defaults stay for fields not given. */
export function configureAuth(options: AuthClientOptions): void {
  for (const [key, value] of Object.entries(options))
    if (value !== undefined) (defaults as Record<string, unknown>)[key] = value;
}

/**
 * GET `{basePath}/session`: the session, or `null` when signed out or when the
 * fetch failed (logged as `CLIENT_FETCH_ERROR`). Tells the other tabs to
 * re-read theirs unless called with `{ broadcast: false }`.
 */
export const getSession: AuthClient['getSession'] = (params) => defaultAuthClient.getSession(params);

/** GET `{basePath}/csrf`: the CSRF token, or `undefined` when the fetch failed. */
export const getCsrfToken: AuthClient['getCsrfToken'] = () => defaultAuthClient.getCsrfToken();

/** GET `{basePath}/providers`: the providers keyed by id, or `null` when the fetch failed. */
export const getProviders: AuthClient['getProviders'] = () => defaultAuthClient.getProviders();

/**
 * Signs in with a provider, as the reference `signIn(provider?, options?, authorizationParams?)`:
 * no or an unknown provider goes to `{basePath}/signin?callbackUrl=…`, a provider
 * list that cannot be fetched to `{basePath}/error`; otherwise the form is posted and
 * the browser follows the reply. Credentials and email with `redirect: false`
 * resolve `{ error, status, ok, url }` instead, and on a 2xx reply refresh this
 * tab's session. A `callbackUrl` off the site's origin rejects with
 * `INVALID_CALLBACK_URL_ERROR` and sends nothing.
 */
export const signIn: AuthClient['signIn'] = (provider, options, authorizationParams) =>
  defaultAuthClient.signIn(provider, options, authorizationParams);

/**
 * Signs out, as the reference `signOut({ callbackUrl, redirect })`: posts to
 * `{basePath}/signout`, tells the other tabs, then follows the reply (or with
 * `redirect: false` refreshes the session and resolves `{ url }`). A
 * `callbackUrl` off the site's origin rejects with `INVALID_CALLBACK_URL_ERROR`.
 */
export const signOut: AuthClient['signOut'] = (options) => defaultAuthClient.signOut(options);
