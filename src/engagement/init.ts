import { createSdk } from './createSdk.ts';
import { createSettings } from './createSettings.ts';
import { ensureBrowserId } from './ensureBrowserId.ts';
import { lazyKit } from './lazyKit.ts';
import type { WebExperienceSettings } from './loadWebPersonalization.ts';
import { readCookie } from './readCookie.ts';
import type { EngageSdk, EngageSettings, InitOptions } from './types.ts';
import { VERSION } from './VERSION.ts';

declare global {
  interface Window {
    /** What the SDK exposes to other scripts (the web experiences library reads it). */
    Engage?: { getBrowserId: () => string; version: string; settings?: WebExperienceSettings };
  }
}

/**
 * Starts the SDK, as the reference `init` does: rejects with `IE-0001` without a
 * `window`, with the settings' coded errors (`MV-0001`, `MV-0002`, `MV-0009`, `IV-0001`),
 * and with `MV-0003` when web personalization has no point of sale (after the browser id
 * exists). Then gets the browser id (cookie or `create.json`), sets `window.Engage`, and
 * loads web personalization when asked. Call it only after the visitor consents.
 */
export async function init(settings: EngageSettings, options: InitOptions = {}): Promise<EngageSdk> {
  const config = typeof window === 'undefined' ? 'IE-0001' : createSettings(settings, options.signal);
  if (typeof config === 'string') throw (await import('./initError.ts')).initError(lazyKit, config);
  config.browserId = await ensureBrowserId(config);
  const engage: NonNullable<Window['Engage']> = { getBrowserId: () => readCookie(config.cookieName), version: VERSION };
  window.Engage = engage;
  // Loaded on demand, as the reference's own build splits it off: most pages never need it.
  if (config.webPersonalization) (await import('./loadWebPersonalization.ts')).loadWebPersonalization(lazyKit, config, engage);
  return createSdk(config);
}
