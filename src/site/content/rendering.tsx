import {
  Component as ReactComponent,
  createContext,
  Suspense,
  useContext,
  type AnchorHTMLAttributes,
  type ComponentType,
  type ErrorInfo,
  type ImgHTMLAttributes,
  type ReactNode,
} from 'react';
import type { Field, FieldMap, PageMode, RouteData } from '../../content/index.ts';
import { safeLinkTarget } from '../../core/urlGuard.ts';
import { Link } from '../router.tsx';

// Renderings, the content platform's components placed on a route: what a registered component
// receives, the placeholders that render a route's renderings through the registry (each in its own
// error boundary), and the fields components read and render. Everything a component needs comes from here.

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

// Editor-only HTML element entries (edit mode) have no componentName: the site renders renderings only.
const isRendering = (entry: unknown): entry is Rendering =>
  typeof entry === 'object' && entry !== null && typeof (entry as Rendering).componentName === 'string';

/**
 * The renderings of placeholder `name`, in order: the route's own placeholder, or the one of
 * `rendering` (a container's nested placeholder). A missing placeholder renders nothing.
 */
export function Placeholder({ name, rendering }: { name: string; rendering?: Rendering }) {
  const { route } = useRenderingContext();
  const entries = (rendering ? rendering.placeholders?.[name] : route.placeholders[name]) ?? [];
  return (
    <>
      {entries.filter(isRendering).map((entry, index) => (
        <RenderingView key={entry.uid || index} rendering={entry} />
      ))}
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
