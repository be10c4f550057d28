import type { AuthClient } from './createAuthClient.ts';
import { sendAuth } from './sendAuth.ts';

/**
 * GETs an auth route, or POSTs `body` to it as JSON, and returns the parsed
 * reply; `null` for an empty object (the protocol's "no session") and for any
 * failure — network error, non-2xx status, non-JSON body — which {@link sendAuth}
 * logs as `CLIENT_FETCH_ERROR`.
 */
export async function fetchAuthJson<T extends object>(client: AuthClient, route: string, body?: object): Promise<T | null> {
  const init = body && { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) };
  const { data } = await sendAuth<T>(client, client.url(route), init, (ok) => ok);
  return data && Object.keys(data).length ? data : null;
}
