// Guest (anonymous) browsing: the token a visitor without a session sends, as the commerce
// platform's storefronts get it (the official SDK's `Auth.Anonymous`).
import { isApiError } from '../core/errors.ts';
import type { CommerceLocation } from './regions.ts';
import { CommerceError, commerceErrorCodes } from './errors.ts';
import { createCommerceTransport } from './transport.ts';

/** Options of {@link createGuestTokenSource}: where the commerce API is, and the buyer app asking. */
export interface GuestTokenOptions extends CommerceLocation {
  /** The buyer application's public client id (no secret: it ships in pages). */
  clientId: string;
  /** The roles asked for, space-separated or as a list. Defaults to `'Shopper'`. */
  scope?: string | readonly string[];
  /** The fetch to send with. Defaults to the global `fetch`. */
  fetch?: typeof fetch;
  /** Abort the token request after this many ms. Defaults to 60000, as the commerce client. */
  timeoutMs?: number;
}

/** A token function for the commerce client's `accessToken` option: resolves to the current guest token. */
export type GuestTokenSource = () => Promise<string>;

// A token is renewed this long before it expires, so a call never leaves with one about to lapse;
// at most half its lifetime, so a short-lived token is still used at all.
const RENEW_BEFORE_MS = 60_000;

/**
 * A guest token source: `POST {host}/oauth/token` (no version segment) with the form
 * `client_id=…&grant_type=client_credentials&scope=…`, sent through the commerce transport
 * without a bearer token. Pass it as a commerce client's `accessToken`. The token is requested
 * on the first call, kept in memory only (never stored or logged) until shortly before its
 * `expires_in`, and one request in flight is shared by every caller meanwhile. A failure
 * (an error answer, no answer, an answer without a token) rejects with a `CommerceError` whose
 * code is `'GUEST_TOKEN_FAILED'`, the cause attached; nothing is cached, so the next call asks again.
 */
export function createGuestTokenSource(options: GuestTokenOptions): GuestTokenSource {
  const { clientId, scope = 'Shopper', fetch, timeoutMs, ...location } = options;
  const transport = createCommerceTransport({ ...location, fetch, timeoutMs });
  const form = () =>
    new URLSearchParams({
      client_id: clientId,
      grant_type: 'client_credentials',
      scope: typeof scope === 'string' ? scope : scope.join(' '),
    });
  let current: { token: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;

  const request = async (): Promise<string> => {
    let answer: unknown;
    try {
      answer = await transport.read('/oauth/token', {
        method: 'POST',
        body: form(),
        // The commerce transport's default body type is JSON; the token endpoint takes a form.
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
    } catch (error) {
      throw guestTokenFailed(
        isApiError(error) ? `the token endpoint answered ${error.status}: ${error.message}` : describe(error),
        error,
      );
    }
    const { access_token: token, expires_in: expiresIn } = (answer ?? {}) as {
      access_token?: unknown;
      expires_in?: unknown;
    };
    if (typeof token !== 'string' || !token) throw guestTokenFailed('the answer has no access_token');
    const lifetimeMs = typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn * 1000 : 0;
    current = { token, renewAt: Date.now() + lifetimeMs - Math.min(RENEW_BEFORE_MS, lifetimeMs / 2) };
    return token;
  };

  return () => {
    if (current && Date.now() < current.renewAt) return Promise.resolve(current.token);
    pending ??= request().finally(() => {
      pending = undefined;
    });
    return pending;
  };
}

// A failure without an answer (network, abort, timeout) carries no token either: its name and message say what happened.
const describe = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : `the request failed (${String(error)})`;

function guestTokenFailed(reason: string, cause?: unknown): CommerceError {
  return new CommerceError(
    commerceErrorCodes.GUEST_TOKEN_FAILED,
    `Could not get a guest token for browsing without a session: ${reason}`,
    cause === undefined ? undefined : { cause },
  );
}
