import { readCookies } from './readCookies.ts';
import type { EngageConfig } from './types.ts';
import { writeCookie } from './writeCookie.ts';

/** Moves every cookie named `BID_…` (older SDKs) to `bid_…` with the same value, deleting the old one. */
export function renameLegacyCookies(config: EngageConfig): void {
  for (const [name, value] of readCookies()) {
    if (!name.startsWith('BID_')) continue;
    document.cookie = `${name}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:01 GMT;`;
    writeCookie(`bid_${name.slice(4)}`, value, config);
  }
}
