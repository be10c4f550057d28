import type { AuthClient } from './createAuthClient.ts';
import { defaultAuthClient } from './defaultAuthClient.ts';

/** GET `{basePath}/csrf`: the CSRF token, or `undefined` when the fetch failed. */
export const getCsrfToken: AuthClient['getCsrfToken'] = () => defaultAuthClient.getCsrfToken();
