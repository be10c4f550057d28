import type { InitErrorCode } from './initMessages.ts';
import { isBlank } from './isBlank.ts';
import { isObject } from './isObject.ts';
import type { EngageConfig, EngageSettings } from './types.ts';

/** A code `init` rejects with for bad settings. */
export type SettingsErrorCode = Exclude<InitErrorCode, 'IE-0001'> | 'MV-0009';

/**
 * The config of an SDK started with `input`, or the code of the first rule the settings
 * break, in the reference's order: clientKey (`MV-0001`), targetURL (`MV-0002`), a blank
 * pointOfSale (`MV-0009`), then the URL (`IV-0001`). A value of the wrong type gets the
 * code of its field instead of a `TypeError`, so callers only ever see coded errors.
 * Optional settings keep the caller's value, read with their defaults where they are
 * used; `init` sets the browser id.
 */
export function createSettings(input: EngageSettings, signal?: AbortSignal): EngageConfig | SettingsErrorCode {
  const settings: Partial<EngageSettings> = isObject(input) ? input : {};
  const { clientKey, targetURL, pointOfSale } = settings;
  if (!clientKey || typeof clientKey !== 'string') return 'MV-0001';
  if (!targetURL) return 'MV-0002';
  // `''` passes here and fails at event time (MV-0003), as in the reference.
  if (pointOfSale != null && pointOfSale !== '' && isBlank(pointOfSale)) return 'MV-0009';
  try {
    // The checks above made clientKey, targetURL and pointOfSale what EngageConfig says.
    if (typeof targetURL === 'string' && new URL(targetURL)) return { ...settings, base: targetURL.replace(/\/+$/, ''), cookieName: `bid_${clientKey}`, signal } as EngageConfig;
  } catch {
    // Not a URL.
  }
  return 'IV-0001';
}
