import type { components } from '../../generated/engagement/schema.d.ts';
import { baseFields } from './baseFields.ts';
import { flattenExtension } from './flattenExtension.ts';
import { isObject } from './isObject.ts';
import type { EngageConfig, PageViewData } from './types.ts';

/** The body of a VIEW event. */
export type PageViewBody = components['schemas']['ViewEvent'];

// The reference sends `document.referrer` only on the first page view of a page load.
let firstPageView = true;

/**
 * Builds (and validates: `MV-0003`, then `IV-0005`) a VIEW body: `type`, the URL's
 * `utm_*` parameters (lower-cased, when `includeUTMParameters`), `ext` with `pageVariantId` first,
 * `referrer`, then the base fields. Other event-data fields are dropped.
 */
export function buildPageViewEvent(eventData: unknown, extensionData: unknown, context: EngageConfig): PageViewBody {
  const data: PageViewData = isObject(eventData) ? eventData : {};
  const base = baseFields(data as Record<string, unknown>, context, true);
  const { pageVariantId, ...flat } = flattenExtension(extensionData) ?? {};
  const query = new URLSearchParams(safeDecodeURI(location.search));
  const body: Record<string, unknown> & { type: 'VIEW' } = { type: 'VIEW' };
  if (context.includeUTMParameters ?? true) {
    query.forEach((value, key) => {
      const name = key.toLowerCase();
      if (name.startsWith('utm_')) body[name] = value;
    });
  }
  const variant = data.pageVariantId || query.get('variantid') || pageVariantId;
  const ext = variant ? { pageVariantId: variant, ...flat } : flat;
  if (Object.keys(ext).length) body.ext = ext;
  const referrer = data.referrer || (firstPageView && externalReferrer());
  if (referrer) body.referrer = referrer;
  firstPageView = false;
  return Object.assign(body, base);
}

// The reference's decodeURI throws on a malformed escape such as `%E0%A4%A`; keep the raw query then.
function safeDecodeURI(search: string): string {
  try {
    return decodeURI(search);
  } catch {
    return search;
  }
}

function externalReferrer(): string | undefined {
  try {
    const url = new URL(document.referrer);
    return url.hostname === location.hostname ? undefined : url.href;
  } catch {
    return undefined;
  }
}
