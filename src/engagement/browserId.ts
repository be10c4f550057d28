import { cookiePair, isCookieName, readCookie, renameCookies, writeCookieText } from '../core/cookies.ts';
import { request } from './settings.ts';
import type { EngageConfig } from './types.ts';

// What a browser id is (the service's `ref`): a UUID (`3f2c9a7e-8b41-4d2e-9c6a-1e5b7d0f4a92`) or the
// reference's shorter ids (`b-123`): letters, digits, `-` and `_`, at most 128 of them. It becomes a
// cookie's value and a path segment of show.json, so nothing else may pass.
const BROWSER_ID = /^[\w-]{1,128}$/;

/**
 * A browser-id cookie as the reference writes it —
 * `bid_ck=b-123; Max-Age=63072000; SameSite=None; Secure; Path=/` plus `; Domain=…`
 * when `cookieDomain` is set — except that `cookiePath` is honoured (fixes E6).
 * `cookieExpiryDays` that is not a positive number means 730; `cookiePath` defaults to `/`.
 */
function formatBrowserIdCookie(name: string, value: string, config: EngageConfig): string {
  const { cookieExpiryDays: days, cookieDomain: domain } = config;
  const maxAge = (typeof days === 'number' && days > 0 ? days : 730) * 86400;
  return `${cookiePair(name, value)}; Max-Age=${maxAge}; SameSite=None; Secure; Path=${config.cookiePath || '/'}${domain ? `; Domain=${domain}` : ''}`;
}

/** The browser id in the `bid_{clientKey}` cookie now, or `''` when there is none. */
export function readBrowserId(config: EngageConfig): string {
  return readCookie(config.cookieName) ?? '';
}

/**
 * The browser id for this page load. Renames legacy `BID_` cookies (older SDKs) to `bid_`
 * with the same value, as the reference does first, then returns the `bid_{clientKey}`
 * cookie, or else a new id from `create.json`, written to the cookie. Unlike the reference
 * (E1), a failed `create.json` writes no cookie and yields `''`, and an empty cookie counts
 * as missing, so a later init retries; so does a `ref` that is no browser id (letters, digits,
 * `-` and `_`): it is refused with a warning. A client key that makes no cookie name (a space,
 * `;`, `=`…) gets no id and a warning, without a request. In server cookie mode nothing is created or renamed,
 * and the id is `''` without a cookie. Once `config.signal` is aborted nothing is written.
 */
export async function ensureBrowserId(config: EngageConfig): Promise<string> {
  if (config.forceServerCookieMode === true) return readBrowserId(config);
  renameCookies('BID_', 'bid_', {
    remove: (name) => `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:01 GMT;`,
    write: (name, value) => formatBrowserIdCookie(name, value, config),
  });
  const existing = readBrowserId(config);
  if (existing) return existing;
  if (!isCookieName(config.cookieName)) {
    // A client key with a space, `;` or `=` (`bid_ k`) names no cookie: there is nowhere to keep an id.
    console.warn(`Engage: "${config.cookieName}" is no cookie name; no browser id is kept for this client key`);
    return '';
  }
  const { ok, data } = await request(
    config,
    `/v1.2/browser/create.json?client_key=${encodeURIComponent(config.clientKey)}&message={}`,
  );
  // A refused, failed or unparsable answer leaves the browser without an id until the next init.
  const ref = ok && data?.ref;
  // An answer that arrives after the SDK was stopped (consent withdrawn) leaves no cookie behind.
  if (typeof ref !== 'string' || !ref || config.signal?.aborted) return '';
  if (!BROWSER_ID.test(ref)) {
    // The service's answer would write attributes of its own (`x; Domain=…`) or a broken cookie: none.
    console.warn(
      'Engage: create.json answered a ref that is no browser id (letters, digits, "-" and "_", at most 128); no cookie written, the next init asks again',
    );
    return '';
  }
  writeCookieText(formatBrowserIdCookie(config.cookieName, ref, config));
  return ref;
}
