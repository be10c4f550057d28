import { searchConstants } from './searchConstants.ts';
import type { Device, SearchContext } from './types.ts';

/**
 * Viewport widths where the device changes, the site's breakpoints (seed §9: tablet
 * 768px, large 992px): below 768 px `mobile`, from 768 px `tablet`, from 992 px `pc`.
 */
export const deviceBreakpoints = Object.freeze({ TABLET_MIN_PX: 768, PC_MIN_PX: 992 });

/** `browser.app_type` of a page in a web browser (the reference leaves the value open). */
export const WEB_APP_TYPE = 'web';

const UTM_FIELDS = ['utm_campaign', 'utm_source', 'utm_medium', 'utm_content', 'utm_term'] as const;

/** The device type for a viewport `width` in CSS pixels (see {@link deviceBreakpoints}). */
export function deviceForWidth(width: number): Device {
  if (width >= deviceBreakpoints.PC_MIN_PX) return 'pc';
  return width >= deviceBreakpoints.TABLET_MIN_PX ? 'tablet' : 'mobile';
}

/** The `utm_*` parameters of a page URL as the `campaign` context, or `undefined` when it has none. */
export function campaignFromUrl(url: string | URL): SearchContext['campaign'] {
  // Only the query is read: the base just makes a bare path parseable.
  const params = new URL(url, 'https://page.invalid').searchParams;
  const campaign: Record<string, string> = {};
  for (const field of UTM_FIELDS) {
    const value = params.get(field);
    if (value) campaign[field] = value;
  }
  return Object.keys(campaign).length ? campaign : undefined;
}

/** A BCP 47 language tag as the `locale` context (`en-GB` → `{ country: 'gb', language: 'en' }`), or `undefined`. */
export function localeFromTag(tag: string | null | undefined): SearchContext['locale'] {
  const [language, ...rest] = (tag ?? '').trim().toLowerCase().split(/[-_]/);
  if (!language || !/^[a-z]{2,3}$/.test(language)) return undefined;
  const country = rest.find((part) => /^[a-z]{2}$/.test(part));
  return { ...(country ? { country } : {}), language };
}

/**
 * What the layer knows of the page it runs in: `browser` (user agent, device from
 * the viewport width, app type `web`), `page.uri` (the path), `campaign` (the URL's
 * `utm_*`) and `locale` (the document's `lang`). Only `browser.device` (`pc`) without
 * a window (server rendering).
 */
export function readPageContext(win: Window | undefined = typeof window === 'undefined' ? undefined : window): SearchContext {
  if (!win) return { browser: { device: searchConstants.DEFAULT_DEVICE as Device } };
  const campaign = campaignFromUrl(win.location.href);
  const locale = localeFromTag(win.document.documentElement.lang);
  return {
    browser: { user_agent: win.navigator.userAgent, device: deviceForWidth(win.innerWidth), app_type: WEB_APP_TYPE },
    page: { uri: win.location.pathname },
    ...(campaign ? { campaign } : {}),
    ...(locale ? { locale } : {}),
  };
}
