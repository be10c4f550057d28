import { sameOriginPath } from '../core/urlGuard.ts';
import { AuthError } from './AuthError.ts';
import type { AuthClient } from './createAuthClient.ts';

/**
 * Refuses a `callbackUrl` that would leave the site: it must resolve (relative
 * to the current page) to the page's own origin. Anything else — another host,
 * `//host`, `/\host`, `javascript:`, an unparsable string — is logged and thrown as an
 * {@link AuthError} with the code `INVALID_CALLBACK_URL_ERROR`, before any
 * request is sent, so an attacker-supplied `?callbackUrl=` is never followed.
 */
export function checkCallbackUrl(client: AuthClient, callbackUrl: string): void {
  if (sameOriginPath(callbackUrl, location.href) !== undefined) return;
  const error = new AuthError('INVALID_CALLBACK_URL_ERROR', `callbackUrl must be on ${location.origin}: ${callbackUrl}`);
  client.logger.error(error.code, error);
  throw error;
}
