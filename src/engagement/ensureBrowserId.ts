import type { Transport } from '../core/transport.ts';
import { readBody } from '../core/readBody.ts';
import { readCookie } from './readCookie.ts';
import { renameLegacyCookies } from './renameLegacyCookies.ts';
import type { EngageConfig } from './types.ts';
import { writeCookie } from './writeCookie.ts';

/**
 * The browser id for this page load: the `bid_{clientKey}` cookie after renaming legacy
 * `BID_` cookies, else a new id from `create.json`, written to the cookie. Unlike the
 * reference (E1), a failed `create.json` writes no cookie and yields `''`, and an empty
 * cookie counts as missing, so a later init retries. In server cookie mode nothing is
 * created or renamed.
 */
export async function ensureBrowserId(config: EngageConfig, transport: Transport, signal?: AbortSignal): Promise<string> {
  const name = config.cookieName;
  if (config.forceServerCookieMode) return readCookie(name);
  renameLegacyCookies(config);
  const existing = readCookie(name);
  if (existing) return existing;
  let ref: unknown;
  try {
    const response = await transport(`/v1.2/browser/create.json?client_key=${encodeURIComponent(config.clientKey)}&message={}`, { signal });
    ref = ((await readBody(response)) as { ref?: unknown } | null)?.ref;
  } catch {
    // A refused, failed or unparsable answer leaves the browser without an id until the next init.
  }
  if (typeof ref !== 'string' || !ref) return '';
  writeCookie(name, ref, config);
  return ref;
}
