import { createAuthClient, type AuthClient, type AuthClientOptions } from './createAuthClient.ts';

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
  for (const [key, value] of Object.entries(options)) if (value !== undefined) (defaults as Record<string, unknown>)[key] = value;
}
