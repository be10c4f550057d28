import type { EngageConfig } from './types.ts';

/**
 * Writes a browser-id cookie as the reference does —
 * `bid_ck=b-123; Max-Age=63072000; SameSite=None; Secure; Path=/` plus `; Domain=…`
 * when `cookieDomain` is set — except that `cookiePath` is honoured (fixes E6).
 */
export function writeCookie(name: string, value: string, config: EngageConfig): void {
  const domain = config.cookieDomain ? `; Domain=${config.cookieDomain}` : '';
  document.cookie = `${name}=${value}; Max-Age=${config.cookieExpiryDays * 86400}; SameSite=None; Secure; Path=${config.cookiePath}${domain}`;
}
