import type { AnchorHTMLAttributes, ImgHTMLAttributes, ReactNode } from 'react';
import type { Field, FieldMap, RouteData } from '../../content/index.ts';
import { safeLinkTarget } from '../../core/urlGuard.ts';
import { Link } from '../router.tsx';

/**
 * A rendering as the site reads it from a placeholder, at any depth: the contract types two levels
 * of nesting and leaves deeper ones free, so the site reads every level with this one shape.
 */
export interface Rendering {
  componentName: string;
  uid: string;
  dataSource?: string;
  params?: Record<string, string>;
  fields?: FieldMap;
  placeholders?: Record<string, unknown[]>;
}

/** What every registered component receives: its rendering's fields and params, the rendering and the route. */
export interface ContentComponentProps {
  fields: FieldMap;
  params: Record<string, string>;
  rendering: Rendering;
  route: RouteData;
}

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
export interface ContentItem {
  id: string;
  name?: string;
  url?: string;
  fields: FieldMap;
}

const valueOf = (field: Field | undefined): unknown =>
  field && !Array.isArray(field) && 'value' in field ? field.value : undefined;

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

/** An image field's value, or null when the field has no image. */
export function imageOf(field: Field | undefined): ImageValue | null {
  const value = valueOf(field) as Partial<ImageValue> | undefined;
  return value && typeof value === 'object' && typeof value.src === 'string' && value.src !== ''
    ? (value as ImageValue)
    : null;
}

/** A link field's value, or null when the field has no link. */
export function linkOf(field: Field | undefined): LinkValue | null {
  const value = valueOf(field) as Partial<LinkValue> | undefined;
  return value && typeof value === 'object' && typeof value.href === 'string' && value.href !== ''
    ? (value as LinkValue)
    : null;
}

/** The items of an item-list field; `[]` when the field is not a list. */
export function itemsOf(field: Field | undefined): ContentItem[] {
  return Array.isArray(field) ? (field as ContentItem[]) : [];
}

/**
 * An image field as `<img>` with the field's `width` and `height` (the browser reserves the space
 * before the file arrives). `widths` adds a `srcset` of the platform's resized renditions (its
 * media handler's `mw` max-width parameter) below the field's own width. Nothing without an image.
 */
export function ContentImage({
  field,
  widths = [],
  ...rest
}: { field: Field | undefined; widths?: number[] } & ImgHTMLAttributes<HTMLImageElement>) {
  const image = imageOf(field);
  const src = image && safeLinkTarget(image.src);
  if (!image || !src) return null;
  const smaller = image.width ? widths.filter((w) => w < image.width!) : [];
  const srcSet =
    smaller.length > 0
      ? [...smaller.map((w) => `${withParam(src, 'mw', w)} ${w}w`), `${src} ${image.width}w`].join(', ')
      : undefined;
  return <img src={src} srcSet={srcSet} alt={image.alt ?? ''} width={image.width} height={image.height} {...rest} />;
}

function withParam(src: string, name: string, value: number): string {
  return `${src}${src.includes('?') ? '&' : '?'}${name}=${value}`;
}

// Media files and other hosts are real page loads; content paths navigate inside the app.
const isAppPath = (href: string, linktype: string | undefined) =>
  href.startsWith('/') && linktype !== 'media' && !/^\/[-~]\/(jss)?media\//i.test(href);

/**
 * A link field as an anchor: its `href` passes the site's link guard (`javascript:` and other
 * schemes become `#`); site paths navigate in the app, media and other hosts load normally, and a
 * `_blank` target opens without giving the new page a handle on this one. The field's text is the
 * label unless `children` is given. Nothing without a link.
 */
export function ContentLink({
  field,
  children,
  ...rest
}: { field: Field | undefined; children?: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  const link = linkOf(field);
  if (!link) return null;
  const href = safeLinkTarget(link.href) ?? '#';
  const label = children ?? link.text ?? link.href;
  if (link.target === '_blank')
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
        {label}
      </a>
    );
  if (isAppPath(href, link.linktype))
    return (
      <Link href={href} {...rest}>
        {label}
      </Link>
    );
  return (
    <a href={href} {...rest}>
      {label}
    </a>
  );
}
