import { Component as ReactComponent, Suspense, useMemo, type ErrorInfo, type ReactNode } from 'react';
import type { HtmlElementRendering, PageMode } from '../../content/index.ts';
import { FailedComponent, UnknownComponent } from './editorBoxes.tsx';
import {
  EmptyPlaceholder,
  HIDDEN_RENDERING_NAME,
  HiddenRendering,
  placeholderMarkerId,
  PlaceholderMarkers,
  RenderingMarkers,
} from './markers.tsx';
import {
  forEachRendering,
  MAX_RENDERING_DEPTH,
  MAX_RENDERINGS,
  RenderingContext,
  RenderingScopeContext,
  uniqueKeys,
  useRenderingContext,
  useRenderingScope,
  warnOnce,
  type Rendering,
  type RenderingContextValue,
} from './renderingContext.ts';
import { ChromeElement } from './sanitizerParts.ts';

// Placeholders: how a route's renderings reach the page. `RouteRenderer` provides the rendering
// context; `Placeholder` renders a placeholder's renderings (dynamic ones too) through the registry,
// each in its own error boundary, within the page's limits (renderingContext.ts). Editors get more:
// the chromes editor's HTML element entries where it sent them (the sanitizer's `ChromeElement`,
// loaded on demand), the hosted editor's markers (markers.tsx), and a labelled box where a rendering
// is unknown or failed (editorBoxes.tsx). Fields are another module's (fields.tsx, fieldValues.ts).

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
function placeholderOf(
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

/** React keys for a placeholder's entries: each rendering's uid ({@link uniqueKeys}). */
const entryKeys = (entries: unknown[]) => uniqueKeys(entries, (entry) => (isRendering(entry) ? entry.uid : undefined));

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
