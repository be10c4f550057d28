import type { EngageConfig } from './types.ts';

/**
 * Writes a browser-id cookie as the reference does —
 * `bid_ck=b-123; Max-Age=63072000; SameSite=None; Secure; Path=/` plus `; Domain=…`
 * when `cookieDomain` is set — except that `cookiePath` is honoured (fixes E6).
 * `cookieExpiryDays` that is not a positive number means 730; `cookiePath` defaults to `/`.
 */
export function writeCookie(name: string, value: string, config: EngageConfig): void {
  const { cookieExpiryDays: days, cookieDomain: domain } = config;
  const maxAge = (typeof days === 'number' && days > 0 ? days : 730) * 86400;
  document.cookie = `${name}=${value}; Max-Age=${maxAge}; SameSite=None; Secure; Path=${config.cookiePath || '/'}${domain ? `; Domain=${domain}` : ''}`;
}
