// Where the session protocol may send the browser: a caller's `callbackUrl` and an auth route's reply
// `url` are followed only when they stay on the site (or go to an allowed origin).
import { sameOriginPath } from '../core/urlGuard.ts';
import type { AuthClient } from './client.ts';
import { AuthError, INVALID_REDIRECT_URL_ERROR } from './errors.ts';

/**
 * Refuses a `callbackUrl` that would leave the site (another host, `//host`, `/\host`, `javascript:`, an
 * unparsable string), logged and thrown before any request is sent, so an attacker's `?callbackUrl=` is never followed.
 */
export function checkCallbackUrl(client: AuthClient, callbackUrl: string): void {
  if (sameOriginPath(callbackUrl, location.href) !== undefined) return;
  const error = new AuthError(
    'INVALID_CALLBACK_URL_ERROR',
    `callbackUrl must be on ${location.origin}: ${callbackUrl}`,
  );
  client.logger.error(error.code, error);
  throw error;
}

/**
 * Where a reply sends the browser: its `url` when that stays on the site or goes to an allowed origin; else the
 * checked `callbackUrl`, with the refused URL logged (a compromised or misconfigured auth route must not be able
 * to send a visitor to another site or run `javascript:`); the error page when there was no reply.
 */
export function replyTarget(client: AuthClient, url: string | undefined, callbackUrl: string): string {
  if (url === undefined) return client.url('error');
  // The same guard for the site and for each allowed origin: a URL that resolves to that origin over http(s).
  for (const origin of [location.href, ...(client.options.redirectOrigins ?? [])])
    if (sameOriginPath(url, origin) !== undefined) return url;
  const error = new AuthError(
    INVALID_REDIRECT_URL_ERROR,
    `The auth route's reply url is not on ${location.origin} or an allowed origin; going to the callbackUrl instead`,
  );
  client.logger.error(error.code, { error, refused: url.slice(0, 200) });
  return callbackUrl;
}

/**
 * The `error` query parameter of a reply's URL; null for none or an unparsable URL.
 */
export function replyError(url: string): string | null {
  try {
    return new URL(url, location.href).searchParams.get('error');
  } catch {
    return null;
  }
}
