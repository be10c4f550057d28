import type { components } from '../../generated/engagement/schema.d.ts';
import { EngageError } from './messages.ts';
import { isObject, resolvePointOfSale } from './settings.ts';
import type { EngageConfig, EventContext, PageViewData } from './types.ts';

/** The fields added to every event, last, so they win on a name clash. */
export interface BaseFields {
  browser_id: string;
  channel?: string;
  client_key: string;
  currency?: string;
  language?: string;
  page?: string;
  pos: string;
}

/** The body of a custom event: `type`, the other event-data fields as given, `ext`, then the base fields. */
export type CustomEventBody = { type: string; ext?: Record<string, unknown>; [key: string]: unknown } & BaseFields;

/** The body of a VIEW event. */
export type PageViewBody = components['schemas']['ViewEvent'];

/**
 * The page's language for events: the language subtag of `<html lang>`, upper-cased
 * (`en-US` → `EN`, `english` → `ENGLISH`), when the attribute is longer than one
 * character; else `undefined` (the field is omitted). Never throws (fixes E5): a tag
 * `Intl.Locale` rejects, such as `en_US`, falls back to its leading letters (`EN`), and
 * to `undefined` when it has none.
 */
export function inferLanguage(): string | undefined {
  const lang = document.documentElement.lang;
  if (lang.length < 2) return undefined;
  try {
    return new Intl.Locale(lang).language.toUpperCase();
  } catch {
    return /^[a-z]{2,8}(?=[-_])/i.exec(lang)?.[0].toUpperCase();
  }
}

/** The page name for events: `Home Page` for `/`, else the last path segment (`''` after a trailing slash). */
function inferPage(): string {
  const path = location.pathname;
  return path === '/' ? 'Home Page' : (path.split('/').pop() ?? '');
}

/**
 * Flattens nested objects into one level, joining keys with `_` (`{a:{b:1}}` → `{a_b:1}`).
 * Arrays are kept as values; `undefined`, `null` and empty objects are dropped. The
 * result has no prototype, so a `__proto__` key is kept as data rather than swallowed.
 */
export function flattenObject(
  object: Record<string, unknown>,
  prefix = '',
  out: Record<string, unknown> = Object.create(null),
) {
  for (const [key, value] of Object.entries(object)) {
    const name = prefix ? `${prefix}_${key}` : key;
    if (isObject(value)) flattenObject(value, name, out);
    else if (value != null) out[name] = value;
  }
  return out;
}

/**
 * Flattens extension data (see {@link flattenObject}) and checks its size: more than
 * 50 attributes throws `IV-0005`. Anything but an object counts as no extension data;
 * `undefined` when there is none, since an event then carries no `ext`.
 */
export function flattenExtension(extensionData: unknown): Record<string, unknown> | undefined {
  const flat = isObject(extensionData) ? flattenObject(extensionData) : {};
  const count = Object.keys(flat).length;
  // The reference's limit: 50 attributes, counted after flattening.
  if (count > 50) throw new EngageError('IV-0005');
  return count ? flat : undefined;
}

/**
 * Resolves the point of sale first (`MV-0003`), then the base fields. `infer` fills a
 * missing language and page from the document; FORM events and queued events (whose
 * page and language were fixed when queued) pass false.
 */
export function baseFields(data: Record<string, unknown>, context: EventContext, infer: boolean): BaseFields {
  const pos = resolvePointOfSale(data.pointOfSale, context.pointOfSale);
  return {
    browser_id: context.browserId,
    channel: data.channel as string | undefined,
    client_key: context.clientKey,
    currency: data.currency as string | undefined,
    language: (data.language ?? (infer ? inferLanguage() : undefined)) as string | undefined,
    page: (data.page ?? (infer ? inferPage() : undefined)) as string | undefined,
    pos,
  };
}

/**
 * Builds (and so validates: `MV-0003`, then `IV-0005`) a custom event body. Event-data
 * fields are copied unflattened; base fields are applied last and win on a clash. FORM
 * events and queued events pass `infer` false.
 */
export function buildCustomEvent(
  type: string,
  eventData: unknown,
  extensionData: unknown,
  context: EventContext,
  infer: boolean,
): CustomEventBody {
  const data = isObject(eventData) ? eventData : {};
  const base = baseFields(data, context, infer);
  const { channel: _c, currency: _u, pointOfSale: _p, language: _l, page: _g, ...rest } = data;
  const ext = flattenExtension(extensionData);
  const body: Record<string, unknown> = { type, ...rest };
  if (ext) body.ext = ext;
  return Object.assign(body, base) as CustomEventBody;
}

/** A FORM body: `{ type, ext: { formId, interactionType upper-cased }, browser_id, client_key, pos }`, nothing inferred. */
export function buildFormEvent(
  formId: string,
  interactionType: string,
  pointOfSale: string | undefined,
  context: EventContext,
): CustomEventBody {
  return buildCustomEvent(
    'FORM',
    { pointOfSale },
    { formId, interactionType: String(interactionType).toUpperCase() },
    context,
    false,
  );
}

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
