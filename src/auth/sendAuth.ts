import { AuthError } from './AuthError.ts';
import type { AuthClient } from './createAuthClient.ts';

/** What an auth route answered: status (0 when nothing came back), ok, and the parsed JSON body (`null` on failure). */
export interface AuthReply<T> {
  status: number;
  ok: boolean;
  data: T | null;
}

/** The reply of a request that was not sent (no CSRF token to send it with). */
export const NO_REPLY: AuthReply<never> = { status: 0, ok: false, data: null };

/**
 * Sends one request to an auth route and parses the JSON answer; `accept`
 * decides whether the answer is usable. Anything else — no answer, a non-JSON
 * body, an answer `accept` refuses — is logged as `CLIENT_FETCH_ERROR` with
 * `{ error, url }` (the URL without its query, which may hold a `login_hint`)
 * and gives `{ ok: false, data: null }`. A 404 means the auth routes are not
 * served there: its error carries `MISSING_NEXTAUTH_API_ROUTE_ERROR`.
 */
export async function sendAuth<T>(
  client: AuthClient,
  url: string,
  init: RequestInit | undefined,
  accept: (ok: boolean, data: T | null) => boolean,
): Promise<AuthReply<T>> {
  let status = 0;
  const where = url.split('?')[0];
  try {
    const response = await client.fetch(url, init);
    status = response.status;
    if (status === 404) throw new AuthError('MISSING_NEXTAUTH_API_ROUTE_ERROR', `${where} answered HTTP 404: no auth route there (check basePath)`);
    const data = (await response.json()) as T | null;
    if (!accept(response.ok, data)) throw new AuthError('CLIENT_FETCH_ERROR', `${where} answered HTTP ${status}`);
    return { status, ok: response.ok, data };
  } catch (error) {
    client.logger.error('CLIENT_FETCH_ERROR', { error, url: where });
    return { status, ok: false, data: null };
  }
}
