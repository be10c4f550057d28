import type { LazyKit } from './lazyKit.ts';
import { readCookies } from './readCookies.ts';
import { renameLegacyCookies } from './renameLegacyCookies.ts';
import type { EngageConfig } from './types.ts';
import { writeCookie } from './writeCookie.ts';

/**
 * Renames legacy `BID_` cookies, then returns the `bid_{clientKey}` cookie, or else a new
 * id from `create.json`, written to the cookie. Unlike the reference (E1), a failed
 * `create.json` writes no cookie and yields `''`, and an empty cookie counts as missing,
 * so a later init retries.
 */
export async function createBrowserId(kit: LazyKit, config: EngageConfig): Promise<string> {
  const name = config.cookieName;
  renameLegacyCookies(config);
  const existing = readCookies().find(([key]) => key === name)?.[1];
  if (existing) return existing;
  const { response, data } = await kit.request(config, `/v1.2/browser/create.json?client_key=${encodeURIComponent(config.clientKey)}&message={}`);
  // A refused, failed or unparsable answer leaves the browser without an id until the next init.
  const ref = response?.ok && data?.ref;
  if (typeof ref !== 'string' || !ref) return '';
  writeCookie(name, ref, config);
  return ref;
}
