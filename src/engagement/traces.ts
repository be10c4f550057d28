import { cookieNames, deleteCookieEverywhere } from '../core/cookies.ts';
import type { EngageSettings, WebPersonalizationSettings } from './types.ts';

// Everything the SDK leaves in a browser, named in one place so that forgetting the visitor
// removes each of them. Small and framework-free on purpose: a site runs `forgetVisitor` on
// pages where the visitor has not consented, and the SDK itself loads only after consent.

/** The sessionStorage key of the event queue (one JSON array for every event). */
export const QUEUE_KEY = 'EngageEventQueue';

/** The browser-id cookie's name: `bid_{clientKey}`. */
export function browserIdCookieName(clientKey: string): string {
  return `bid_${clientKey}`;
}

/** Where the web experiences script is served when `baseURLOverride` is not set. */
export const DEFAULT_WEB_FLOW_TARGET = 'https://d35vb5cccm4xzp.cloudfront.net';

/** The web experiences script: `{target}/web-flow-libs/{clientKey}/web-version.min.js`. */
export function webFlowScriptUrl(target: string, clientKey: string): string {
  return `${target}/web-flow-libs/${clientKey}/web-version.min.js`;
}

// Cookies the vendor's web experiences script writes on the site's own domain.
const WEB_EXPERIENCE_COOKIES = ['bx_bucket_number', 'bx_guest_ref'];
// Every cookie whose name starts so is a trace of the visitor: a browser id (`bid_`, any client key),
// a legacy one that older SDKs wrote (`BID_`), a web experience's (`bx_`).
const TRACE_PREFIXES = ['bid_', 'BID_', 'bx_'];

/** What {@link forgetVisitor} needs of the SDK settings (the site's `init` settings fit). */
export type ForgetSettings = Pick<EngageSettings, 'clientKey' | 'cookieDomain' | 'cookiePath' | 'webPersonalization'>;

/**
 * Forgets this browser's visitor, as a consent withdrawal requires; framework-free, and
 * safe to call on a page where the SDK never started (it then removes what an earlier
 * page left). It deletes the `bid_{clientKey}` cookie, the web experiences' `bx_bucket_number`
 * and `bx_guest_ref` cookies and every other cookie whose name starts with `bid_`, `BID_` or
 * `bx_`, whatever path and domain each was written with (at the settings' `cookiePath` and
 * `cookieDomain`, at every path above the page and at its domains: see `deleteCookieEverywhere`),
 * removes every queued event (`sessionStorage` `EngageEventQueue`),
 * removes the web personalization script element and `window.Engage` (the browser-id getter
 * and the settings that script reads), so nothing on the page hands it the visitor any more.
 * A script that already ran cannot be unloaded; it finds neither id nor settings.
 * Stop the SDK first (abort `init`'s `signal`): a running SDK still holds its id in memory.
 * The next `init`, after consent is given again, starts a new visitor (`create.json`).
 * A no-op without a `document` (server rendering).
 */
export function forgetVisitor(settings: ForgetSettings): void {
  if (typeof document === 'undefined') return;
  const { clientKey, cookieDomain: domain, cookiePath, webPersonalization: web } = settings;
  const where = { paths: [cookiePath || '/'], domains: domain ? [domain] : [] };
  const traces = cookieNames().filter((name) => TRACE_PREFIXES.some((prefix) => name.startsWith(prefix)));
  for (const name of new Set([browserIdCookieName(clientKey), ...WEB_EXPERIENCE_COOKIES, ...traces]))
    deleteCookieEverywhere(name, where);
  try {
    sessionStorage.removeItem(QUEUE_KEY);
  } catch {
    // Storage is switched off (its access throws): nothing can have been queued.
  }
  const options: WebPersonalizationSettings = typeof web === 'object' && web !== null ? web : {};
  const src = webFlowScriptUrl(options.baseURLOverride ?? DEFAULT_WEB_FLOW_TARGET, clientKey);
  for (const script of [...document.scripts]) if (script.src === src) script.remove();
  delete window.Engage;
}
