import {
  createElement,
  type AnchorHTMLAttributes,
  type HTMLAttributes,
  type ImgHTMLAttributes,
  type ReactNode,
  type TimeHTMLAttributes,
} from 'react';
import type { Field } from '../../content/index.ts';
import { shellMediaProps } from '../editMode.ts';
import { Link } from '../router.tsx';
import { contentUrl, dimensionOf, imageOf, linkOf, numberOf, textOf, valueOf, type LinkValue } from './fieldValues.ts';
import { metadataOf, withFieldMetadata } from './markers.tsx';
import {
  useEditing,
  useEditMode,
  useEditorView,
  usePagePath,
  useRenderingScope,
  warnNotAUrl,
} from './renderingContext.ts';
import { EditableMarkup } from './sanitizerParts.ts';

// The field components: each renders its field's value for visitors and, in edit mode where the
// field carries it, the platform's editable markup instead (an empty field too, so an editor can fill
// it), as the platform's React SDK's Text, RichText, DateField, Image and Link do. The chromes
// editor's markup goes through the editor's sanitizer profile (sanitizedHtml.tsx, loaded on demand);
// for the hosted editor (metadata) each field sits between its markers (markers.tsx).

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// The name of `field` in its rendering, for a message: `image`, or `cards[2].image` in an item list.
function fieldName(fields: unknown, field: unknown): string | undefined {
  if (!isRecord(fields)) return undefined;
  for (const [name, value] of Object.entries(fields)) {
    if (value === field) return name;
    if (!Array.isArray(value)) continue;
    for (const [index, item] of value.entries()) {
      const inner = isRecord(item) && isRecord(item.fields) ? Object.entries(item.fields) : [];
      const found = inner.find(([, f]) => f === field);
      if (found) return `${name}[${index}].${found[0]}`;
    }
  }
  return undefined;
}

/**
 * {@link contentUrl} of `value`, a URL of `field`: one that is not a URL is said once per page and
 * field, naming both (`[site] /about: Hero.image: "http://[bad" is not a URL; the image is left out`).
 */
function useContentUrl(value: string | undefined, field: Field | undefined, outcome: string): string | undefined {
  const page = usePagePath();
  const { rendering } = useRenderingScope();
  if (value === undefined) return undefined;
  const url = contentUrl(value);
  if (url === undefined) {
    const name = fieldName(rendering?.fields, field) ?? 'a field';
    warnNotAUrl(page, rendering ? `${rendering.componentName}.${name}` : name, value, outcome);
  }
  return url;
}

/** The HTML elements a field component may wrap its field in. */
type FieldTag = 'span' | 'p' | 'div' | 'h1' | 'h2' | 'h3' | 'strong' | 'em' | 'time';

/** Props of the text, date and number field components: the field, its element and that element's attributes. */
export type FieldProps = { field: Field | undefined; tag?: FieldTag } & HTMLAttributes<HTMLElement> &
  Pick<TimeHTMLAttributes<HTMLElement>, 'dateTime'>;

const stringOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : undefined;

/**
 * The platform's editable markup of `field`: its `editable`, or a link's `editableFirstPart` and
 * `editableLastPart` joined (the platform sends a link's markup in two parts). `undefined` when the
 * field has none (every field outside edit mode).
 */
function editableOf(field: Field | undefined): string | undefined {
  if (!isRecord(field)) return undefined;
  const { editable, editableFirstPart, editableLastPart } = field as {
    editable?: unknown;
    editableFirstPart?: unknown;
    editableLastPart?: unknown;
  };
  const first = stringOf(editableFirstPart);
  return first !== undefined ? first + (stringOf(editableLastPart) ?? '') : stringOf(editable);
}

/** The editable markup of `field` to render: in edit mode where the field carries it, else `undefined`. */
export function useEditable(field: Field | undefined): string | undefined {
  return useEditing() ? editableOf(field) : undefined;
}

/**
 * Whether a field component shows anything for `field`: the field has a value, or (edit mode) its
 * editable markup. For the separators and wrappers around a field that may be empty.
 */
export function useShowsField(field: Field | undefined): boolean {
  const editable = useEditable(field);
  // The hosted editor's empty field shows its empty-field text (markers.tsx).
  const marked = useEditMode() === 'metadata' && metadataOf(field) !== undefined;
  const value = valueOf(field);
  return editable !== undefined || marked || (value !== undefined && value !== '' && value !== null);
}

/**
 * Renders `content` in `tag` with `attributes`, or bare without a tag; in edit mode, where the field
 * carries it, the editable markup in `tag` (a `<span>` without one) instead.
 */
function FieldElement({
  editable,
  tag,
  attributes,
  content,
}: {
  editable: string | undefined;
  tag: FieldTag | undefined;
  attributes: HTMLAttributes<HTMLElement>;
  content: ReactNode;
}) {
  if (editable !== undefined) return <EditableMarkup tag={tag ?? 'span'} html={editable} {...attributes} />;
  return tag ? createElement(tag, attributes, content) : <>{content}</>;
}

/**
 * A text field (or a number shown as it is): its value as text in `tag` (bare without one); nothing
 * when empty. In edit mode its editable markup.
 */
function ContentTextField({ field, tag, ...attributes }: FieldProps) {
  const editable = useEditable(field);
  const text = textOf(field);
  if (editable === undefined && text === '') return null;
  return <FieldElement editable={editable} tag={tag} attributes={attributes} content={text} />;
}

/** {@link ContentTextField}, between the hosted editor's field markers in metadata edit mode (markers.tsx). */
export const ContentText = withFieldMetadata(ContentTextField);

/**
 * A date field (ISO 8601): `format(value)` in `tag` (bare without one); nothing when empty. In edit
 * mode its editable markup. `format` defaults to the value as sent.
 */
function ContentDateField({
  field,
  tag,
  format = (iso) => iso,
  ...attributes
}: FieldProps & { format?: (iso: string) => string }) {
  const editable = useEditable(field);
  const iso = textOf(field);
  if (editable === undefined && iso === '') return null;
  return <FieldElement editable={editable} tag={tag} attributes={attributes} content={iso && format(iso)} />;
}

/** {@link ContentDateField}, between the hosted editor's field markers in metadata edit mode (markers.tsx). */
export const ContentDate = withFieldMetadata(ContentDateField);

/**
 * A number field: `format(value)` in `tag` (bare without one); nothing when it holds no number. In
 * edit mode its editable markup. `format` defaults to the number as written by `String`.
 */
function ContentNumberField({
  field,
  tag,
  format = String,
  ...attributes
}: FieldProps & { format?: (value: number) => string }) {
  const editable = useEditable(field);
  const value = numberOf(field, Number.NaN);
  if (editable === undefined && Number.isNaN(value)) return null;
  return <FieldElement editable={editable} tag={tag} attributes={attributes} content={format(value)} />;
}

/** {@link ContentNumberField}, between the hosted editor's field markers in metadata edit mode (markers.tsx). */
export const ContentNumber = withFieldMetadata(ContentNumberField);

/**
 * An image field as `<img>` with the field's `width` and `height` (the browser reserves the space
 * before the file arrives). `widths` adds a `srcset` of the platform's resized renditions (its
 * media handler's `mw` max-width parameter) below the field's own width. Nothing without an image.
 * In edit mode its editable markup (the platform's `<img>` between its field chrome) in a
 * `<span class="sc-image-wrapper">`, the given attributes and the `srcset` set on that `<img>`.
 */
function ContentImageField({
  field,
  widths = [],
  ...rest
}: { field: Field | undefined; widths?: number[] } & ImgHTMLAttributes<HTMLImageElement>) {
  const editable = useEditable(field);
  const forEditors = useEditorView();
  const image = imageOf(field);
  const src = useContentUrl(image?.src, field, 'the image is left out');
  if (editable !== undefined)
    return (
      <EditableMarkup
        tag="span"
        className="sc-image-wrapper"
        html={editable}
        ref={(wrapper: HTMLElement | null) => {
          const img = wrapper?.querySelector('img');
          if (!img) return;
          decorate(img, rest);
          // The srcset of its renditions, from the platform's own src and width.
          const src = contentUrl(img.getAttribute('src'));
          const srcSet = src && srcSetOf(src, dimensionOf(img.getAttribute('width')), widths);
          if (srcSet) img.setAttribute('srcset', srcSet);
        }}
      />
    );
  if (!image || !src) return null;
  const srcSet = srcSetOf(src, image.width, widths);
  const media = forEditors ? shellMediaProps(src, srcSet) : { src, srcSet };
  return <img {...media} alt={image.alt ?? ''} width={image.width} height={image.height} {...rest} />;
}

/** {@link ContentImageField}, between the hosted editor's field markers in metadata edit mode (markers.tsx). */
export const ContentImage = withFieldMetadata(ContentImageField);

// A srcset is a list the browser splits at whitespace and commas, so it is only written for a src
// the browser reads as one URL (the guard's result holds whitespace or commas where the field did):
// anything else would let the field add candidates of its own. Widths are whole pixels.
const SRCSET_SEPARATOR = /[\s,]/;

function srcSetOf(src: string, width: number | undefined, widths: number[]): string | undefined {
  if (width === undefined || SRCSET_SEPARATOR.test(src)) return undefined;
  const smaller = widths.filter((w) => Number.isInteger(w) && w > 0 && w < width);
  if (smaller.length === 0) return undefined;
  return [...smaller.map((w) => `${withParam(src, 'mw', w)} ${w}w`), `${src} ${width}w`].join(', ');
}

// The parameter goes in the query, before any fragment (where the media server would never see it).
function withParam(src: string, name: string, value: number): string {
  const hash = src.indexOf('#');
  const [path, fragment] = hash < 0 ? [src, ''] : [src.slice(0, hash), src.slice(hash)];
  return `${path}${path.includes('?') ? '&' : '?'}${name}=${value}${fragment}`;
}

// The element the platform's editing markup holds (an image's <img>, a link's <a>) gets the
// component's attributes (the site's own, never content's), as the platform's SDK merges them into
// that markup: the editor sees the field styled as a visitor does.
function decorate(element: Element, attributes: Record<string, unknown>): void {
  for (const [name, value] of Object.entries(attributes)) {
    if ((typeof value !== 'string' && typeof value !== 'number') || /^on/i.test(name)) continue;
    if (name === 'className') element.classList.add(...String(value).split(/\s+/).filter(Boolean));
    else element.setAttribute(name.toLowerCase(), String(value));
  }
}

// Media files and other hosts are real page loads; content paths navigate inside the app.
const isAppPath = (href: string, linktype: string | undefined) =>
  href.startsWith('/') && linktype !== 'media' && !/^\/[-~]\/(jss)?media\//i.test(href);

/**
 * A link field as an anchor: its `href` passes the site's link guard (`javascript:` and other
 * schemes become `#`); site paths navigate in the app, media and other hosts load normally, and a
 * `_blank` target opens without giving the new page a handle on this one. The field's text is the
 * label unless `children` is given. Nothing without a link. In edit mode its editable markup (the
 * platform's `editableFirstPart` and `editableLastPart`) in a `<span class="sc-link-wrapper">`, the
 * given attributes set on the platform's anchor in it; with `children`, the site's anchor follows
 * (the platform's SDK can put no children inside markup it did not build).
 */
function ContentLinkField({
  field,
  children,
  ...rest
}: { field: Field | undefined; children?: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  const editable = useEditable(field);
  const link = linkOf(field);
  const href = useContentUrl(link?.href, field, 'the link goes nowhere');
  const anchor = link ? (
    <FieldAnchor link={link} href={href ?? '#'} {...rest}>
      {children ?? link.text ?? link.href}
    </FieldAnchor>
  ) : null;
  if (editable === undefined) return anchor;
  const wrapper = (
    <EditableMarkup
      tag="span"
      className="sc-link-wrapper"
      html={editable}
      ref={(span: HTMLElement | null) => {
        const a = span?.querySelector('a');
        if (a) decorate(a, rest);
      }}
    />
  );
  return children && anchor ? (
    <>
      {wrapper}
      {anchor}
    </>
  ) : (
    wrapper
  );
}

/** {@link ContentLinkField}, between the hosted editor's field markers in metadata edit mode (markers.tsx). */
export const ContentLink = withFieldMetadata(ContentLinkField);

function FieldAnchor({
  link,
  href,
  children,
  ...rest
}: { link: LinkValue; href: string; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  if (link.target === '_blank')
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" {...rest}>
        {children}
      </a>
    );
  if (isAppPath(href, link.linktype))
    return (
      <Link href={href} {...rest}>
        {children}
      </Link>
    );
  return (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}
