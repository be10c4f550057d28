import {
  Component as ReactComponent,
  createElement,
  Suspense,
  useMemo,
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
  forEachRendering,
  MAX_RENDERING_DEPTH,
  MAX_RENDERINGS,
  RenderingContext,
  RenderingScopeContext,
  useEditing,
  useEditMode,
  usePagePath,
  useRenderingContext,
  useRenderingScope,
  warnNotAUrl,
  warnOnce,
  type Rendering,
  type RenderingContextValue,
} from './renderingContext.ts';

export {
  MAX_RENDERING_DEPTH,
  MAX_RENDERINGS,
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
  return (
    <RenderingContext.Provider value={value}>
      <RenderingScopeContext.Provider value={ROUTE_SCOPE}>{children}</RenderingScopeContext.Provider>
    </RenderingContext.Provider>
  );
}

const ROUTE_SCOPE = { depth: 0 };

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
 * React keys for a list of things with ids: the id, or the id and its count where the list repeats
 * one (the platform can place one rendering twice; an item list can hold one item twice); the
 * position for an entry without an id (`undefined` from `idOf`, or `''`).
 */
function uniqueKeys<T>(entries: T[], idOf: (entry: T) => unknown): string[] {
  const seen = new Map<string, number>();
  return entries.map((entry, index) => {
    const id = idOf(entry);
    if (typeof id !== 'string' || !id) return `entry-${index}`;
    const count = seen.get(id) ?? 0;
    seen.set(id, count + 1);
    return count === 0 ? id : `${id}#${count}`;
  });
}

/** React keys for a placeholder's entries: each rendering's uid ({@link uniqueKeys}). */
const entryKeys = (entries: unknown[]) => uniqueKeys(entries, (entry) => (isRendering(entry) ? entry.uid : undefined));

/** React keys for the items of an item list ({@link itemsOf}): each item's id, unique in the list ({@link uniqueKeys}). */
export const itemKeys = (items: ContentItem[]): string[] => uniqueKeys(items, (item) => item.id);

/**
 * The renderings of placeholder `name`, in order: the route's own placeholder, or the one of
 * `rendering` (a container's nested placeholder), found by name or dynamic pattern
 * ({@link placeholderOf}). In edit mode the chromes editor's HTML element entries render too, where
 * they were sent; the metadata editor's markers wrap the placeholder and each rendering; a placeholder
 * with no rendering is an editor's drop target. Other modes render the renderings only. A missing
 * placeholder renders nothing.
 */
export function Placeholder({ name, rendering }: { name: string; rendering?: Rendering }) {
  const { route, mode, editMode, url } = useRenderingContext();
  const { depth } = useRenderingScope();
  const found = placeholderOf(rendering ? rendering.placeholders : route.placeholders, name);
  if (!found) return null;
  const { entries } = found;
  if (depth >= MAX_RENDERING_DEPTH) return <TooDeep entries={entries} owner={rendering} />;
  const order = renderingOrder(route, url.pathname);
  const keys = entryKeys(entries);
  const metadata = mode === 'edit' && editMode === 'metadata';
  const items = entries.map((entry, index) => {
    const key = keys[index];
    // Past the page's limit: left out, and shown to editors as one failed rendering where the rest begin.
    const position = isRendering(entry) ? order.get(entry) : undefined;
    if (position !== undefined && position >= MAX_RENDERINGS)
      return position === MAX_RENDERINGS && mode !== 'normal' ? (
        <FailedComponent key={key} name={(entry as Rendering).componentName} />
      ) : null;
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

// The position of each rendering of a route in the layout's order, down to the depth limit (computed
// once per route answer): a page renders its first MAX_RENDERINGS renderings, and says once that it left out the rest.
const renderingOrders = new WeakMap<object, Map<object, number>>();

function renderingOrder(route: { placeholders?: unknown }, path: string): Map<object, number> {
  const known = renderingOrders.get(route);
  if (known) return known;
  const order = new Map<object, number>();
  forEachRendering(route.placeholders, (rendering) => {
    if (!order.has(rendering)) order.set(rendering, order.size);
  });
  renderingOrders.set(route, order);
  if (order.size > MAX_RENDERINGS)
    warnOnce(`count\u0000${path}`, () => {
      return `[site] ${path}: ${order.size} renderings; those after the first ${MAX_RENDERINGS} are left out`;
    });
  return order;
}

/**
 * A placeholder nested past {@link MAX_RENDERING_DEPTH}: nothing for visitors, a failed rendering
 * (naming its first rendering) for editors; said once per page.
 */
function TooDeep({ entries, owner }: { entries: unknown[]; owner: Rendering | undefined }) {
  const { mode, url } = useRenderingContext();
  const first = entries.find(isRendering);
  if (!first) return null;
  const path = url.pathname;
  warnOnce(`depth\u0000${path}`, () => {
    const where = owner ? `${owner.componentName}, ${String(owner.uid)}` : 'the route';
    return `[site] ${path}: renderings nested more than ${MAX_RENDERING_DEPTH} deep are left out (the first in ${where})`;
  });
  return mode === 'normal' ? null : <FailedComponent name={first.componentName} />;
}

const EMPTY: Readonly<Record<string, never>> = Object.freeze({});
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// A rendering's params as components read them: text values only (the contract's), whatever was sent.
function paramsOf(params: unknown): Record<string, string> {
  if (!isRecord(params)) return EMPTY;
  const entries = Object.entries(params);
  if (entries.every(([, value]) => typeof value === 'string')) return params as Record<string, string>;
  return Object.fromEntries(entries.filter(([, value]) => typeof value === 'string')) as Record<string, string>;
}

function RenderingView({ rendering }: { rendering: Rendering }) {
  const { components, route, mode } = useRenderingContext();
  const { depth } = useRenderingScope();
  const scope = useMemo(() => ({ depth: depth + 1, rendering }), [depth, rendering]);
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
    <RenderingScopeContext.Provider value={scope}>
      <RenderingBoundary name={rendering.componentName} mode={mode}>
        <Suspense fallback={null}>
          <Component
            fields={isRecord(rendering.fields) ? rendering.fields : EMPTY}
            params={paramsOf(rendering.params)}
            rendering={rendering}
            route={route}
          />
        </Suspense>
      </RenderingBoundary>
    </RenderingScopeContext.Provider>
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

// Any field the answer holds, whatever its type: a field with a `value` of its own, or none.
const valueOf = (field: Field | undefined): unknown =>
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
export const MAX_IMAGE_DIMENSION = 16_384;

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
export function itemsOf(field: Field | undefined): ContentItem[] {
  if (!Array.isArray(field)) return [];
  const items = field as unknown[];
  if (items.every((item) => isRecord(item) && typeof item.id === 'string' && isRecord(item.fields)))
    return items as ContentItem[];
  return items.filter(isRecord).map((item) => ({
    ...item,
    id: typeof item.id === 'string' ? item.id : '',
    fields: isRecord(item.fields) ? (item.fields as FieldMap) : {},
  }));
}

/** The longest URL a field may hold: a longer one is no URL the site uses (and costs the guard time). */
export const MAX_URL_LENGTH = 2048;

/**
 * `value` as a URL the site may use in a link, an image or a head tag: what the URL guard
 * (`safeLinkTarget`) returns for it against `base`, or `undefined` for a value that does not parse,
 * that the guard refuses, or longer than {@link MAX_URL_LENGTH}. `base` defaults to the page's URL.
 */
export function contentUrl(value: unknown, base?: string): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_URL_LENGTH) return undefined;
  return base === undefined ? safeLinkTarget(value) : safeLinkTarget(value, base);
}

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
  return <img src={src} srcSet={srcSet} alt={image.alt ?? ''} width={image.width} height={image.height} {...rest} />;
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
