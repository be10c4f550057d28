import type { AuthClient } from './createAuthClient.ts';
import { sendAuth, type AuthReply } from './sendAuth.ts';

/**
 * POSTs `fields` as `application/x-www-form-urlencoded` (as the reference does;
 * `undefined` fields are left out, others sent as strings) and reads the
 * `{ url }` answer. A non-2xx answer with a `url` (a 401 for rejected
 * credentials) is a normal reply; no answer, or one without a `url`, is logged
 * as `CLIENT_FETCH_ERROR` and gives `data: null`.
 */
export function postForm(client: AuthClient, url: string, fields: Record<string, unknown>): Promise<AuthReply<{ url: string }>> {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, String(value));
  const init = { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: String(form) };
  return sendAuth<{ url: string }>(client, url, init, (_ok, data) => typeof data?.url === 'string');
}
