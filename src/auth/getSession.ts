import type { AuthClient } from './createAuthClient.ts';
import { defaultAuthClient } from './defaultAuthClient.ts';

/**
 * GET `{basePath}/session`: the session, or `null` when signed out or when the
 * fetch failed (logged as `CLIENT_FETCH_ERROR`). Tells the other tabs to
 * re-read theirs unless called with `{ broadcast: false }`.
 */
export const getSession: AuthClient['getSession'] = (params) => defaultAuthClient.getSession(params);
