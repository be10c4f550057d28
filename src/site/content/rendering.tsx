import {
  Component as ReactComponent,
  createContext,
  createElement,
  Suspense,
  useContext,
  type AnchorHTMLAttributes,
  type ComponentType,
  type ErrorInfo,
  type HTMLAttributes,
  type ImgHTMLAttributes,
  type ReactNode,
  type TimeHTMLAttributes,
} from 'react';
import type { Field, FieldMap, HtmlElementRendering, PageMode, RouteData } from '../../content/index.ts';
import { safeLinkTarget } from '../../core/urlGuard.ts';
import { ChromeElement, EditableMarkup } from '../onDemand.tsx';
import { Link } from '../router.tsx';

// Renderings, the content platform's components placed on a route: what a registered component
// receives, the placeholders that render a route's renderings through the registry (each in its own
// error boundary), and the fields components read and render. Everything a component needs comes from here.
//
// Edit mode (`sc_mode=edit`) is the platform's in-place editing: its layout answer carries each
// field's `editable` markup and, in placeholders, the editor's chrome entries. The field components
// and placeholders here render them as the platform's React SDK does, in edit mode only; that markup
// reaches the DOM through the editor's sanitizer profile (richText.tsx, loaded on demand).

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

/** componentName → the React component that renders it. */
export type ComponentRegistry = Readonly<Record<string, ComponentType<ContentComponentProps>>>;

/** What every placeholder of a route needs: the registry, the route, who is looking, and the page's URL. */
export interface RenderingContextValue {
  components: ComponentRegistry;
  route: RouteData;
  /** `edit` or `preview` when an editor is looking (unknown components then show as labelled boxes). */
  mode: PageMode;
  /** The page's URL (components read it from here, never from `window`, so they render on a server too). */
  url: URL;
}

const Context = createContext<RenderingContextValue | null>(null);

function useRenderingContext(): RenderingContextValue {
  const value = useContext(Context);
  if (!value)
    throw new Error('No RouteRenderer found: render placeholders inside <RouteRenderer route={…} components={…}>');
  return value;
}

/**
 * Whether the page shows the platform's editing markup: edit mode only (never preview, never
 * visitors). Outside a {@link RouteRenderer} it is false.
 */
export function useEditing(): boolean {
  return useContext(Context)?.mode === 'edit';
}

/** The page's URL, for components that read the query string or a path segment (search, product, sign-in). */
export function usePageUrl(): URL {
  return useRenderingContext().url;
}

/**
 * Renders a route's `main` placeholder through `components`. Every component receives its
 * rendering's `fields`, `params`, the `rendering` and the `route`; the registry comes from here, so
 * container components render their own placeholders with {@link Placeholder} at any depth.
 */
export function RouteRenderer({
  children = <Placeholder name="main" />,
  ...value
}: RenderingContextValue & { children?: ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
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
 * The renderings of placeholder `name`, in order: the route's own placeholder, or the one of
 * `rendering` (a container's nested placeholder). In edit mode the editor's HTML element entries
 * (placeholder and rendering chrome) render too, where they were sent, between the renderings; other
 * modes ignore them. A missing placeholder renders nothing.
 */
export function Placeholder({ name, rendering }: { name: string; rendering?: Rendering }) {
  const { route, mode } = useRenderingContext();
  const entries: unknown[] = (rendering ? rendering.placeholders?.[name] : route.placeholders[name]) ?? [];
  return (
    <>
      {entries.map((entry, index) => {
        if (isRendering(entry)) return <RenderingView key={entry.uid || index} rendering={entry} />;
        return mode === 'edit' && isChrome(entry) ? <ChromeElement key={`chrome-${index}`} entry={entry} /> : null;
      })}
    </>
  );
}

function RenderingView({ rendering }: { rendering: Rendering }) {
  const { components, route, mode } = useRenderingContext();
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
  const value = valueOf(field);
  return editable !== undefined || (value !== undefined && value !== '' && value !== null);
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
export function ContentText({ field, tag, ...attributes }: FieldProps) {
  const editable = useEditable(field);
  const text = textOf(field);
  if (editable === undefined && text === '') return null;
  return <FieldElement editable={editable} tag={tag} attributes={attributes} content={text} />;
}

/**
 * A date field (ISO 8601): `format(value)` in `tag` (bare without one); nothing when empty. In edit
 * mode its editable markup. `format` defaults to the value as sent.
 */
export function ContentDate({
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

/**
 * A number field: `format(value)` in `tag` (bare without one); nothing when it holds no number. In
 * edit mode its editable markup. `format` defaults to the number as written by `String`.
 */
export function ContentNumber({
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

/**
 * An image field as `<img>` with the field's `width` and `height` (the browser reserves the space
 * before the file arrives). `widths` adds a `srcset` of the platform's resized renditions (its
 * media handler's `mw` max-width parameter) below the field's own width. Nothing without an image.
 * In edit mode its editable markup (the platform's `<img>` between its field chrome) in a
 * `<span class="sc-image-wrapper">`, the given attributes and the `srcset` set on that `<img>`.
 */
export function ContentImage({
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
export function ContentLink({
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
