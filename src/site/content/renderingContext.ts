import { createContext, useContext, type ComponentType } from 'react';
import type { FieldMap, LayoutContext, PageMode, RouteData } from '../../content/index.ts';

// What every placeholder, rendering and field of a route reads while it renders: the registry, the
// route, the page's URL, and who is looking (visitors, or which of the platform's editors). Its own
// module, so the field components, the placeholders and the editor's markers (markers.tsx) share it
// without importing each other.

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

/** The context {@link RouteRenderer} (rendering.tsx) provides. */
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

/** The editor looking in edit mode (`chromes` or `metadata`), or `undefined` outside edit mode. */
export function useEditMode(): EditMode | undefined {
  const value = useContext(RenderingContext);
  return value?.mode === 'edit' ? (value.editMode ?? 'chromes') : undefined;
}

/** The page's URL, for components that read the query string or a path segment (search, product, sign-in). */
export function usePageUrl(): URL {
  return useRenderingContext().url;
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
