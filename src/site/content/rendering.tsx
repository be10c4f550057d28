import {
  Component as ReactComponent,
  createElement,
  Suspense,
  type AnchorHTMLAttributes,
  type ErrorInfo,
  type HTMLAttributes,
  type ImgHTMLAttributes,
  type ReactNode,
  type TimeHTMLAttributes,
} from 'react';
import type { Field, FieldMap, HtmlElementRendering, PageMode } from '../../content/index.ts';
import { safeLinkTarget } from '../../core/urlGuard.ts';
import { ChromeElement, EditableMarkup } from '../onDemand.tsx';
import { Link } from '../router.tsx';
import {
  EmptyPlaceholder,
  HIDDEN_RENDERING_NAME,
  HiddenRendering,
  metadataOf,
  placeholderMarkerId,
  PlaceholderMarkers,
  RenderingMarkers,
  withFieldMetadata,
} from './markers.tsx';
import {
  RenderingContext,
  useEditing,
  useEditMode,
  useRenderingContext,
  type Rendering,
  type RenderingContextValue,
} from './renderingContext.ts';

export {
  useEditing,
  useEditMode,
  usePageUrl,
  type ComponentRegistry,
  type ContentComponentProps,
  type EditMode,
  type Rendering,
  type RenderingContextValue,
} from './renderingContext.ts';

// Renderings, the content platform's components placed on a route: what a registered component
// receives, the placeholders that render a route's renderings through the registry (each in its own
// error boundary), and the fields components read and render. Everything a component needs comes from here.
//
// Edit mode is the platform's in-place editing, by one of two editors (the layout answer says which:
// renderingContext.ts). The older one's (chromes) answer carries each field's `editable` markup and,
// in placeholders, the editor's chrome entries: the field components and placeholders here render
// them as the platform's React SDK does, through the editor's sanitizer profile (sanitizedHtml.tsx,
// loaded on demand). For the hosted page editor (metadata) they write its markers (markers.tsx).

/**
 * Renders a route's `main` placeholder through `components`. Every component receives its
 * rendering's `fields`, `params`, the `rendering` and the `route`; the registry comes from here, so
 * container components render their own placeholders with {@link Placeholder} at any depth.
 */
export function RouteRenderer({
  children = <Placeholder name="main" />,
  ...value
}: RenderingContextValue & { children?: ReactNode }) {
  return <RenderingContext.Provider value={value}>{children}</RenderingContext.Provider>;
}

const isRendering = (entry: unknown): entry is Rendering =>
  typeof entry === 'object' && entry !== null && typeof (entry as Rendering).componentName === 'string';

// An editor-only HTML element entry has a name and no componentName (the platform's SDK tells them apart so).
const isChrome = (entry: unknown): entry is HtmlElementRendering =>
  typeof entry === 'object' &&
  entry !== null &&
  !isRendering(entry) &&
  typeof (entry as HtmlElementRendering).name === 'string' &&
  (entry as HtmlElementRendering).name !== '';

/**
 * The entries of placeholder `name` in `placeholders` and the key they are under: `name` itself, or a
 * dynamic placeholder whose pattern matches it (`columns-left-{*}` for `columns-left-1`: the
 * platform's hosted editor sends the pattern). `undefined` when there is no such placeholder.
 */
export function placeholderOf(
  placeholders: Record<string, unknown> | undefined,
  name: string,
): { key: string; entries: unknown[] } | undefined {
  if (!placeholders) return undefined;
  const own = Object.hasOwn(placeholders, name) ? placeholders[name] : undefined;
  if (Array.isArray(own)) return { key: name, entries: own as unknown[] };
  for (const [key, entries] of Object.entries(placeholders))
    if (Array.isArray(entries) && matchesDynamic(key, name)) return { key, entries: entries as unknown[] };
  return undefined;
}

// `name-{*}` matches `name-<digits>`: compared piece by piece, as no pattern from content becomes a regular expression.
function matchesDynamic(pattern: string, name: string): boolean {
  const at = pattern.indexOf('{*}');
  if (at < 0) return false;
  const [prefix, suffix] = [pattern.slice(0, at), pattern.slice(at + 3)];
  if (name.length <= prefix.length + suffix.length || !name.startsWith(prefix) || !name.endsWith(suffix)) return false;
  const digits = name.slice(prefix.length, name.length - suffix.length);
  return [...digits].every((c) => c >= '0' && c <= '9');
}

/**
 * React keys for a placeholder's entries: a rendering's uid, or the uid and its count where the
 * answer repeats one (the platform can place one rendering twice); the position for other entries.
 */
function entryKeys(entries: unknown[]): string[] {
  const seen = new Map<string, number>();
  return entries.map((entry, index) => {
    if (!isRendering(entry) || !entry.uid) return `entry-${index}`;
    const count = seen.get(entry.uid) ?? 0;
    seen.set(entry.uid, count + 1);
    return count === 0 ? entry.uid : `${entry.uid}#${count}`;
  });
}

/**
 * The renderings of placeholder `name`, in order: the route's own placeholder, or the one of
 * `rendering` (a container's nested placeholder), found by name or dynamic pattern
 * ({@link placeholderOf}). In edit mode the chromes editor's HTML element entries render too, where
 * they were sent; the metadata editor's markers wrap the placeholder and each rendering; a placeholder
 * with no rendering is an editor's drop target. Other modes render the renderings only. A missing
 * placeholder renders nothing.
 */
export function Placeholder({ name, rendering }: { name: string; rendering?: Rendering }) {
  const { route, mode, editMode } = useRenderingContext();
  const found = placeholderOf(rendering ? rendering.placeholders : route.placeholders, name);
  if (!found) return null;
  const { entries } = found;
  const keys = entryKeys(entries);
  const metadata = mode === 'edit' && editMode === 'metadata';
  const items = entries.map((entry, index) => {
    const key = keys[index];
    if (isRendering(entry))
      return metadata ? (
        <RenderingMarkers key={key} uid={entry.uid}>
          <RenderingView rendering={entry} />
        </RenderingMarkers>
      ) : (
        <RenderingView key={key} rendering={entry} />
      );
    return mode === 'edit' && !metadata && isChrome(entry) ? <ChromeElement key={key} entry={entry} /> : null;
  });
  if (mode !== 'edit') return <>{items}</>;
  const content = metadata ? (
    <PlaceholderMarkers id={placeholderMarkerId(found.key, rendering?.uid)}>{items}</PlaceholderMarkers>
  ) : (
    items
  );
  // The chromes editor's empty placeholder is its markers alone: nothing to drop into without them.
  const empty = !entries.some(isRendering) && (metadata || entries.some(isChrome));
  return empty ? <EmptyPlaceholder>{content}</EmptyPlaceholder> : <>{content}</>;
}

function RenderingView({ rendering }: { rendering: Rendering }) {
  const { components, route, mode } = useRenderingContext();
  if (rendering.componentName === HIDDEN_RENDERING_NAME) return mode === 'edit' ? <HiddenRendering /> : null;
  // Own keys only: a componentName such as "constructor" must not find Object.prototype's.
  const Component = Object.hasOwn(components, rendering.componentName)
    ? components[rendering.componentName]
    : undefined;
  if (!Component) return mode === 'normal' ? null : <UnknownComponent name={rendering.componentName} />;
  // Each rendering fails alone. The Suspense boundary is what a server render needs: there an error
  // becomes this boundary's (empty) fallback and the browser renders the rendering again; where it
  // fails again (or fails only in the browser) the error boundary takes it.
  return (
    <RenderingBoundary name={rendering.componentName} mode={mode}>
      <Suspense fallback={null}>
        <Component
          fields={rendering.fields ?? {}}
          params={rendering.params ?? {}}
          rendering={rendering}
          route={route}
        />
      </Suspense>
    </RenderingBoundary>
  );
}

interface BoundaryProps {
  name: string;
  mode: PageMode;
  children: ReactNode;
}

// A class, as React's error boundaries must be. Visitors see the rest of the page without the failed
// rendering; editors see where it was.
class RenderingBoundary extends ReactComponent<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(
      `[site] The ${this.props.name} rendering failed and is left out of the page:`,
      error,
      info.componentStack ?? '',
    );
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return this.props.mode === 'normal' ? null : <FailedComponent name={this.props.name} />;
  }
}

/** What an editor sees (edit and preview only) where a rendering threw: a labelled box naming it. */
export function FailedComponent({ name }: { name: string }) {
  const label = `Failed component: ${name}`;
  return (
    <div className="container">
      <div role="group" aria-label={label} className="unknown-component" data-component-name={name} data-failed="">
        <p>
          <strong>{label}</strong>
        </p>
        <p className="muted">
          This rendering failed; visitors see the page without it. The browser console has the error.
        </p>
      </div>
    </div>
  );
}

/**
 * What an editor sees for a rendering the site has no component for (edit and preview only): a
 * labelled, dashed box, so the rendering can be found and removed or built.
 */
export function UnknownComponent({ name }: { name: string }) {
  const label = `Unknown component: ${name}`;
  return (
    <div className="container">
      <div role="group" aria-label={label} className="unknown-component" data-component-name={name}>
        <p>
          <strong>{label}</strong>
        </p>
        <p className="muted">The site has no component with this name; visitors see nothing here.</p>
      </div>
    </div>
  );
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

// The field components: each renders its field's value for visitors and, in edit mode where the
// field carries it, the platform's editable markup instead (an empty field too, so an editor can fill
// it), as the platform's React SDK's Text, RichText, DateField, Image and Link do.

/** The HTML elements a field component may wrap its field in. */
export type FieldTag = 'span' | 'p' | 'div' | 'h1' | 'h2' | 'h3' | 'strong' | 'em' | 'time';

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
export function editableOf(field: Field | undefined): string | undefined {
  if (!field || Array.isArray(field)) return undefined;
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
  const image = imageOf(field);
  const src = image && safeLinkTarget(image.src);
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
          const src = safeLinkTarget(img.getAttribute('src'));
          const srcSet = src && srcSetOf(src, Number(img.getAttribute('width')) || undefined, widths);
          if (srcSet) img.setAttribute('srcset', srcSet);
        }}
      />
    );
  if (!image || !src) return null;
  const srcSet = srcSetOf(src, image.width, widths);
  return <img src={src} srcSet={srcSet} alt={image.alt ?? ''} width={image.width} height={image.height} {...rest} />;
}

/** {@link ContentImageField}, between the hosted editor's field markers in metadata edit mode (markers.tsx). */
export const ContentImage = withFieldMetadata(ContentImageField);

function srcSetOf(src: string, width: number | undefined, widths: number[]): string | undefined {
  const smaller = width ? widths.filter((w) => w < width) : [];
  if (smaller.length === 0) return undefined;
  return [...smaller.map((w) => `${withParam(src, 'mw', w)} ${w}w`), `${src} ${width}w`].join(', ');
}

function withParam(src: string, name: string, value: number): string {
  return `${src}${src.includes('?') ? '&' : '?'}${name}=${value}`;
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
  const anchor = link ? (
    <FieldAnchor link={link} {...rest}>
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
  children,
  ...rest
}: { link: LinkValue; children: ReactNode } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'>) {
  const href = safeLinkTarget(link.href) ?? '#';
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
