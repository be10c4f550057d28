import { checkCallbackUrl } from './checkCallbackUrl.ts';
import type { AuthClient } from './createAuthClient.ts';
import { postForm } from './postForm.ts';
import { NO_REPLY } from './sendAuth.ts';

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

/**
 * The protocol's sign-out over one client: refuse an off-site `callbackUrl`,
 * GET `csrf`, POST the form `csrfToken`, `callbackUrl`, `json=true` to
 * `signout`, and tell the other tabs (`signout`). Then navigate to the reply's
 * URL (the error page when there was no reply), or with `redirect: false`
 * refresh this tab's session and return `{ url }` (`null` when it failed).
 */
export async function signOutWith(client: AuthClient, options: SignOutParams = {}): Promise<SignOutResponse | null | undefined> {
  const { callbackUrl = location.href, redirect = true } = options;
  checkCallbackUrl(client, callbackUrl);
  const csrfToken = await client.getCsrfToken();
  const { data } = csrfToken ? await postForm(client, client.url('signout'), { csrfToken, callbackUrl, json: 'true' }) : NO_REPLY;
  if (data) client.broadcast('signout');
  if (redirect) {
    client.navigate(data?.url ?? client.url('error'));
    return;
  }
  await client.refetch();
  return data;
}
