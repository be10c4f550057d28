import { checkCallbackUrl } from './checkCallbackUrl.ts';
import type { AuthClient } from './createAuthClient.ts';
import { postForm } from './postForm.ts';
import { NO_REPLY } from './sendAuth.ts';

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

/**
 * The protocol's sign-in over one client: refuse an off-site `callbackUrl`;
 * GET `providers` (failure: go to the error page); an unknown or missing
 * provider goes to the sign-in page; else GET `csrf` and POST the form to
 * `callback/{id}` (credentials) or `signin/{id}` (others). It then navigates to
 * the reply's URL, except for credentials and email with `redirect: false`,
 * where it returns `{ error, status, ok, url }` and, on a 2xx reply, refreshes
 * this tab's session. A successful credentials sign-in tells the other tabs.
 */
export async function signInWith(
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
    client.navigate(providers ? `${client.url('signin')}?${new URLSearchParams({ callbackUrl })}` : client.url('error'));
    return;
  }
  const query = String(new URLSearchParams(authorizationParams));
  const url = `${client.url(type === 'credentials' ? 'callback' : 'signin')}/${provider}${query && `?${query}`}`;
  const csrfToken = await client.getCsrfToken();
  const { status, ok, data } = csrfToken ? await postForm(client, url, { ...options, csrfToken, callbackUrl, json: 'true' }) : NO_REPLY;
  const error = data && new URL(data.url, location.href).searchParams.get('error');
  // A credentials sign-in is complete once it answers, so the other tabs hear of
  // it now, whether or not the navigation below reloads this one.
  if (type === 'credentials' && ok && !error) client.broadcast('getSession');
  if (redirect || (type !== 'credentials' && type !== 'email')) {
    client.navigate(data?.url ?? client.url('error'));
    return;
  }
  if (!data) return { error: 'CLIENT_FETCH_ERROR', status, ok, url: null };
  if (ok) await client.refetch();
  return { error, status, ok, url: error ? null : data.url };
}
