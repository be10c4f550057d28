import type { Field, FieldMap } from '../../content/index.ts';
import { safeLinkTarget } from '../../core/urlGuard.ts';
import { uniqueKeys } from './renderingContext.ts';

// Reading fields: what a rendering's field holds, as the type a component uses (text, number,
// checkbox, image, link, item list), whatever the answer sent: a field of another kind or shape
// reads as empty, never as an error. The field components (fields.tsx) render with these, and so do
// the head tags (head.ts).

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An image field's value. */
export interface ImageValue {
  src: string;
  alt?: string;
  width?: number;
  height?: number;
}

/** A link field's value. */
export interface LinkValue {
  href: string;
  text?: string;
  target?: string;
  linktype?: string;
}

/** An item of an item-list field (an article list's entries, cards, jobs). */
interface FieldItem {
  id: string;
  name?: string;
  url?: string;
  fields: FieldMap;
}

/** The value of any field the answer holds, whatever its type: a field's own `value`, or `undefined`. */
export const valueOf = (field: Field | undefined): unknown =>
  isRecord(field) && Object.hasOwn(field, 'value') ? (field as { value: unknown }).value : undefined;

/** A text, number or date field as text; `''` when missing or of another kind. */
export function textOf(field: Field | undefined): string {
  const value = valueOf(field);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** A number field's value; `fallback` when missing or not a number. Defaults to 0. */
export function numberOf(field: Field | undefined, fallback = 0): number {
  const value = valueOf(field);
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** A checkbox field's value; false when missing. */
export function booleanOf(field: Field | undefined): boolean {
  return valueOf(field) === true;
}

/** The largest image width or height the site writes, in pixels: a larger one is left out, as one that is no size. */
const MAX_IMAGE_DIMENSION = 16_384;

/**
 * An image's width or height in whole pixels (a number, or the same as text: `1280`, `"1280"`), from 1
 * to {@link MAX_IMAGE_DIMENSION}; `undefined` for anything else (NaN, negative, fractional, huge, `"12px"`).
 */
export function dimensionOf(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : value;
  return typeof number === 'number' && Number.isInteger(number) && number > 0 && number <= MAX_IMAGE_DIMENSION
    ? number
    : undefined;
}

const textValue = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * An image field's value, or null when the field has no image: its `src` (text), its `alt` where it
 * is text, and its `width` and `height` where they are sizes ({@link dimensionOf}).
 */
export function imageOf(field: Field | undefined): ImageValue | null {
  const value = valueOf(field);
  if (!isRecord(value) || typeof value.src !== 'string' || value.src === '') return null;
  const [alt, width, height] = [textValue(value.alt), dimensionOf(value.width), dimensionOf(value.height)];
  return {
    src: value.src,
    ...(alt !== undefined ? { alt } : {}),
    ...(width !== undefined ? { width } : {}),
    ...(height !== undefined ? { height } : {}),
  };
}

/** A link field's value, or null when the field has no link: its `href`, and its `text`, `target` and `linktype` where they are text. */
export function linkOf(field: Field | undefined): LinkValue | null {
  const value = valueOf(field);
  if (!isRecord(value) || typeof value.href !== 'string' || value.href === '') return null;
  const [text, target, linktype] = [textValue(value.text), textValue(value.target), textValue(value.linktype)];
  return {
    href: value.href,
    ...(text !== undefined ? { text } : {}),
    ...(target !== undefined ? { target } : {}),
    ...(linktype !== undefined ? { linktype } : {}),
  };
}

/**
 * The items of an item-list field; `[]` when the field is not a list. Entries that are no item are
 * left out; an item's `id` is text (`''` when it had none) and its `fields` an object.
 */
export function fieldItemsOf(field: Field | undefined): FieldItem[] {
  if (!Array.isArray(field)) return [];
  const items = field as unknown[];
  if (items.every((item) => isRecord(item) && typeof item.id === 'string' && isRecord(item.fields)))
    return items as FieldItem[];
  return items.filter(isRecord).map((item) => ({
    ...item,
    id: typeof item.id === 'string' ? item.id : '',
    fields: isRecord(item.fields) ? (item.fields as FieldMap) : {},
  }));
}

/** The longest URL a field may hold: a longer one is no URL the site uses (and costs the guard time). */
const MAX_URL_LENGTH = 2048;

/**
 * `value` as a URL the site may use in a link, an image or a head tag: what the URL guard
 * (`safeLinkTarget`) returns for it against `base`, or `undefined` for a value that does not parse,
 * that the guard refuses, or longer than {@link MAX_URL_LENGTH}. `base` defaults to the page's URL.
 */
export function contentUrl(value: unknown, base?: string): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH) return undefined;
  return base === undefined ? safeLinkTarget(value) : safeLinkTarget(value, base);
}

/** React keys for the items of an item list ({@link fieldItemsOf}): each item's id, unique in the list ({@link uniqueKeys}). */
export const itemKeys = (items: FieldItem[]): string[] => uniqueKeys(items, (item) => item.id);
