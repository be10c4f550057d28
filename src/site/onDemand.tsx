import { lazy, type ComponentType } from 'react';

// Loading code on demand: a module's components as `React.lazy` components that can also be loaded
// ahead. The parts themselves are declared where they are used: every rendering's module in the
// registry (content/registry.tsx, which also loads a page's parts before it shows: preloadPage), the
// sanitizer in content/sanitizerParts.ts, the search layer in searchParts.ts. A prerendered page must
// hydrate in one pass: a part still loading when the session or consent answers would make React drop
// the server's HTML for that part and show its fallback (a blank, then the content again: a layout
// shift). So the browser loads the parts a prerendered page shows before it hydrates, and the build
// lists their chunks in the page (`modulepreload`, from each part's `modules`: registry.tsx's pageModules).

/**
 * A component whose code loads on demand; `preload()` loads it ahead; `requested()` tells whether
 * anything has asked for its module yet (a part rendered, or a preload); `modules` are the source
 * modules it loads, by their path from the project's root (the build's manifest names chunks so).
 */
export type OnDemandComponent<P> = ComponentType<P> & LoadsOnDemand;

/** What an on-demand part (or a component holding one) can say of its code: see {@link OnDemandComponent}. */
export interface LoadsOnDemand {
  preload(): Promise<void>;
  requested(): boolean;
  readonly modules: readonly string[];
}

/**
 * A module loaded on demand, and its components as `React.lazy` components that can be loaded
 * ahead: `onDemand(load, modules)` returns `part(pick)`, which makes a component of the module's
 * export `pick(module)`. `modules` names what `load` loads (for the build's preload lists). Once the
 * module has loaded (through any of its parts or `preload()`), every part renders at once (React
 * reads a thenable that calls back synchronously): it hydrates without suspending, and a part
 * mounting later (the header's search after the page's results) joins the same render instead of
 * waiting for a Suspense reveal. A failed load is tried again on the next render.
 */
export function onDemand<M>(load: () => Promise<M>, modules: readonly string[]) {
  let module: M | undefined;
  let loading: Promise<M> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (m) => (module = m),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    ));
  return function part<P extends object>(pick: (m: M) => ComponentType<P>): OnDemandComponent<P> {
    type Loaded = { default: ComponentType<P> };
    const Component = lazy(() =>
      module !== undefined
        ? ({ then: (resolve: (m: Loaded) => void) => resolve({ default: pick(module!) }) } as Promise<Loaded>)
        : preload().then((m) => ({ default: pick(m) })),
    );
    return Object.assign(Component as unknown as ComponentType<P>, {
      preload: () => preload().then(() => {}),
      requested: () => loading !== undefined || module !== undefined,
      modules,
    });
  };
}
