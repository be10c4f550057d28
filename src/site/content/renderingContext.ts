import { createContext, useContext, type ComponentType } from 'react';
import type { Field, FieldMap, LayoutContext, PageMode, RouteData } from '../../content/index.ts';

// What every placeholder, rendering and field of a route reads while it renders: the registry, the
// route, the page's URL, and who is looking (visitors, or which of the platform's editors). Its own
// module, so the field components (fields.tsx), the placeholders (placeholder.tsx) and the editor's
// markers (markers.tsx) share it without importing each other.

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

/**
 * A rendering's fields as its component declares them: each by name, any of them possibly missing
 * (editors may leave a field out, and the answer is not trusted to hold it): `Fields<'heading' | 'image'>`.
 */
export type Fields<Name extends string> = Partial<Record<Name, Field>>;

/**
 * What every registered component receives: its rendering's fields (typed by the component:
 * `ContentComponentProps<Fields<'heading' | 'text'>>`; any field by name without), its params, the
 * rendering and the route.
 */
export interface ContentComponentProps<F extends Fields<string> = FieldMap> {
  fields: F;
  params: Record<string, string>;
  rendering: Rendering;
  route: RouteData;
}

/** componentName → the React component that renders it. */
export type ComponentRegistry = Readonly<Record<string, ComponentType<ContentComponentProps>>>;

/**
 * Which of the platform's editors is looking, in edit mode: `chromes`, the older in-page editor (the
 * answer carries the editing markup and the site renders it as sent), or `metadata`, the hosted page
 * editor (the answer carries each field's `metadata` and the site writes the markers itself).
 */
export type EditMode = 'chromes' | 'metadata';

/** What every placeholder of a route needs: the registry, the route, who is looking, and the page's URL. */
export interface RenderingContextValue {
  components: ComponentRegistry;
  route: RouteData;
  /** `edit` or `preview` when an editor is looking (unknown components then show as labelled boxes). */
  mode: PageMode;
  /** In edit mode, which editor is looking. Defaults to `chromes`. */
  editMode?: EditMode;
  /** The page's URL (components read it from here, never from `window`, so they render on a server too). */
  url: URL;
}

/** The context {@link RouteRenderer} (placeholder.tsx) provides. */
export const RenderingContext = createContext<RenderingContextValue | null>(null);

/** The route's rendering context; throws outside a `RouteRenderer`. */
export function useRenderingContext(): RenderingContextValue {
  const value = useContext(RenderingContext);
  if (!value)
    throw new Error('No RouteRenderer found: render placeholders inside <RouteRenderer route={…} components={…}>');
  return value;
}

/**
 * Whether the page shows the platform's editing markup: edit mode only (never preview, never
 * visitors). Outside a `RouteRenderer` it is false.
 */
export function useEditing(): boolean {
  return useContext(RenderingContext)?.mode === 'edit';
}

/**
 * Whether an editor is looking (edit or preview mode), who sees content media through the platform's
 * shell media route. Outside a `RouteRenderer` it is false.
 */
export function useEditorView(): boolean {
  const mode = useContext(RenderingContext)?.mode;
  return mode === 'edit' || mode === 'preview';
}

/** The editor looking in edit mode (`chromes` or `metadata`), or `undefined` outside edit mode. */
export function useEditMode(): EditMode | undefined {
  const value = useContext(RenderingContext);
  return value?.mode === 'edit' ? (value.editMode ?? 'chromes') : undefined;
}

/** The page's URL, for components that read the query string or a path segment (search, product, sign-in). */
export function usePageUrl(): URL {
  return useRenderingContext().url;
}

/** The page's path for messages about its content; `'(no route)'` outside a `RouteRenderer`. */
export function usePagePath(): string {
  return useContext(RenderingContext)?.url.pathname ?? '(no route)';
}

/** What a page renders for who is looking: {@link pageViewOf}. */
export interface PageView {
  mode: PageMode;
  editMode: EditMode;
}

/**
 * Who the layout answer says is looking, which decides what the page renders (the URL's `sc_mode`
 * only decides what is asked for): `edit` when its context says the page is being edited
 * (`pageState: edit` or `pageEditing`), `preview` for `pageState: preview`, else `normal`, so an
 * answer for visitors never renders editing markup, whatever the URL says. Without an answer yet,
 * `requested`. In edit mode, `editMode` names the editor (`chromes` unless the answer says `metadata`).
 */
export function pageViewOf(context: LayoutContext | undefined, requested: PageMode): PageView {
  if (!context) return { mode: requested, editMode: 'chromes' };
  const mode: PageMode =
    context.pageState === 'edit' || context.pageEditing === true
      ? 'edit'
      : context.pageState === 'preview'
        ? 'preview'
        : 'normal';
  const editMode: EditMode = mode === 'edit' && context.editMode === 'metadata' ? 'metadata' : 'chromes';
  return { mode, editMode };
}

// The limits a layout renders within (src/site/README.md, "Limits"): React and the browser's stack
// have a depth, and a tab its memory, that an answer nested thousands deep or holding thousands of
// renderings would exceed. What is past them is left out as a failed rendering is.

/** How deep renderings nest at most: the route's own are at depth 1, those in their placeholders at 2, … */
export const MAX_RENDERING_DEPTH = 20;

/** How many renderings a page renders at most, in the layout's order ({@link forEachRendering}). */
export const MAX_RENDERINGS = 500;

/** Where a placeholder or field is rendered: the depth of the rendering it belongs to (0: the route's), and that rendering. */
interface RenderingScope {
  depth: number;
  rendering?: Rendering;
}

/** The rendering being rendered and its depth; the route's own scope (depth 0) outside any. */
export const RenderingScopeContext = createContext<RenderingScope>({ depth: 0 });

/** The scope of the rendering being rendered ({@link RenderingScope}). */
export function useRenderingScope(): RenderingScope {
  return useContext(RenderingScopeContext);
}

const isEntryRendering = (entry: unknown): entry is Rendering =>
  typeof entry === 'object' && entry !== null && typeof (entry as Rendering).componentName === 'string';

/**
 * Calls `visit` with every rendering of `placeholders` (a route's or a rendering's) down to
 * {@link MAX_RENDERING_DEPTH}, in document order (each rendering before those it contains; its
 * placeholders in the order the answer lists them), with its depth (1 for the entries of
 * `placeholders`). Without recursion, and never below the depth limit, whatever the answer's depth
 * (a 100,000-deep answer costs what a 20-deep one does). `visit` returning `false` ends the walk.
 */
export function forEachRendering(
  placeholders: unknown,
  visit: (rendering: Rendering, depth: number) => boolean | void,
): void {
  const stack: Array<{ lists: unknown[][]; list: number; index: number; depth: number }> = [];
  const open = (of: unknown, depth: number) => {
    if (depth > MAX_RENDERING_DEPTH || typeof of !== 'object' || of === null || Array.isArray(of)) return;
    const lists = Object.values(of).filter((entries): entries is unknown[] => Array.isArray(entries));
    if (lists.length > 0) stack.push({ lists, list: 0, index: 0, depth });
  };
  open(placeholders, 1);
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    const entries = top.lists[top.list];
    if (!entries) stack.pop();
    else if (top.index >= entries.length) [top.list, top.index] = [top.list + 1, 0];
    else {
      const entry = entries[top.index++];
      if (!isEntryRendering(entry)) continue;
      if (visit(entry, top.depth) === false) return;
      open(entry.placeholders, top.depth + 1);
    }
  }
}

// What has been said, so each problem of a page is said once, not on every render.
const warned = new Set<string>();

/**
 * Warns (`console.warn`) with `message()` the first time `key` is seen: for what content gets wrong,
 * once per page and field rather than on every render. Remembers the last 1,000 keys.
 */
export function warnOnce(key: string, message: () => string): void {
  if (warned.has(key)) return;
  if (warned.size >= 1000) warned.clear();
  warned.add(key);
  console.warn(message());
}

/** `value` quoted for a message, its first 120 characters only. */
const quoted = (value: string): string => JSON.stringify(value.length > 120 ? `${value.slice(0, 120)}…` : value);

/**
 * Says once per page and field that the URL `value` of field `where` on page `path` is not one the
 * site can use (it does not parse, or the URL guard refuses it), and what is done instead (`outcome`):
 * `[site] /about: ogImage: "http://[bad" is not a URL; the tag is left out`.
 */
export function warnNotAUrl(path: string, where: string, value: string, outcome: string): void {
  warnOnce(`url\u0000${path}\u0000${where}\u0000${value.slice(0, 200)}`, () => {
    return `[site] ${path}: ${where}: ${quoted(value)} is not a URL; ${outcome}`;
  });
}

/**
 * React keys for a list of things with ids: the id, or the id and its count where the list repeats
 * one (the platform can place one rendering twice; an item list can hold one item twice); the
 * position for an entry without an id (`undefined` from `idOf`, or `''`).
 */
export function uniqueKeys<T>(entries: T[], idOf: (entry: T) => unknown): string[] {
  const seen = new Map<string, number>();
  return entries.map((entry, index) => {
    const id = idOf(entry);
    if (typeof id !== 'string' || !id) return `entry-${index}`;
    const count = seen.get(id) ?? 0;
    seen.set(id, count + 1);
    return count === 0 ? id : `${id}#${count}`;
  });
}
