import { EngageError } from './EngageError.ts';
import { isObject } from './isObject.ts';
import type { EngageConfig, EngageSettings } from './types.ts';

/**
 * Validates init settings in the reference's order — clientKey (`MV-0001`), targetURL
 * (`MV-0002`), a blank pointOfSale (`MV-0009`), then the URL (`IV-0001`) — and applies
 * the defaults. A value of the wrong type gets the code of its field instead of a
 * `TypeError`, so callers only ever see coded errors.
 */
export function createSettings(input: EngageSettings): EngageConfig {
  const settings: Partial<EngageSettings> = isObject(input) ? input : {};
  const { clientKey, targetURL, pointOfSale, cookieExpiryDays: days, webPersonalization: web } = settings;
  if (!clientKey || typeof clientKey !== 'string') throw new EngageError('MV-0001');
  if (!targetURL) throw new EngageError('MV-0002');
  // `''` passes here and fails at event time (MV-0003), as in the reference.
  if (pointOfSale != null && (typeof pointOfSale !== 'string' || (pointOfSale && !pointOfSale.trim()))) {
    throw new EngageError('MV-0009');
  }
  if (!isUrl(targetURL)) throw new EngageError('IV-0001');
  return {
    clientKey,
    targetURL,
    pointOfSale: pointOfSale ?? undefined,
    includeUTMParameters: settings.includeUTMParameters ?? true,
    cookieName: `bid_${clientKey}`,
    cookieExpiryDays: typeof days === 'number' && days > 0 ? days : 730,
    cookieDomain: settings.cookieDomain || undefined,
    cookiePath: settings.cookiePath || '/',
    forceServerCookieMode: settings.forceServerCookieMode === true,
    webPersonalization: web ? (isObject(web) ? web : {}) : undefined,
  };
}

function isUrl(value: unknown): boolean {
  try {
    return typeof value === 'string' && !!new URL(value);
  } catch {
    return false;
  }
}
