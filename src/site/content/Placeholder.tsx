import {
  Component as ReactComponent,
  createContext,
  Suspense,
  useContext,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import type { PageMode, RouteData } from '../../content/index.ts';
import type { ContentComponentProps, Rendering } from './fields.tsx';

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
