import type { AuthClient } from './createAuthClient.ts';
import { defaultAuthClient } from './defaultAuthClient.ts';

/**
 * Signs out, as the reference `signOut({ callbackUrl, redirect })`: posts to
 * `{basePath}/signout`, tells the other tabs, then follows the reply (or with
 * `redirect: false` refreshes the session and resolves `{ url }`). A
 * `callbackUrl` off the site's origin rejects with `INVALID_CALLBACK_URL_ERROR`.
 */
export const signOut: AuthClient['signOut'] = (options) => defaultAuthClient.signOut(options);
