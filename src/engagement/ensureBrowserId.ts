import { lazyKit } from './lazyKit.ts';
import { readCookie } from './readCookie.ts';
import type { EngageConfig } from './types.ts';

/**
 * The browser id for this page load: the `bid_{clientKey}` cookie. Only when there is
 * none, or a legacy `BID_` cookie is left to rename, does `createBrowserId` load (most
 * page loads of a visitor never need it). In server cookie mode nothing is created or
 * renamed, and the id is `''` without a cookie.
 */
export async function ensureBrowserId(config: EngageConfig): Promise<string> {
  const existing = readCookie(config.cookieName);
  if (config.forceServerCookieMode === true || (existing && !/(^|; )BID_/.test(document.cookie))) return existing;
  return (await import('./createBrowserId.ts')).createBrowserId(lazyKit, config);
}
