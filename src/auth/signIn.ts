import type { AuthClient } from './createAuthClient.ts';
import { defaultAuthClient } from './defaultAuthClient.ts';

/**
 * Signs in with a provider, as the reference `signIn(provider?, options?, authorizationParams?)`:
 * no or an unknown provider goes to `{basePath}/signin?callbackUrl=…`, a provider
 * list that cannot be fetched to `{basePath}/error`; otherwise the form is posted and
 * the browser follows the reply. Credentials and email with `redirect: false`
 * resolve `{ error, status, ok, url }` instead. A `callbackUrl` off the site's
 * origin rejects with `INVALID_CALLBACK_URL_ERROR` and sends nothing.
 */
export const signIn: AuthClient['signIn'] = (provider, options, authorizationParams) =>
  defaultAuthClient.signIn(provider, options, authorizationParams);
