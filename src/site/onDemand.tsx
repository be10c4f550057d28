import { lazy, type ComponentType } from 'react';
import type { RouteData } from '../content/index.ts';
import type { ComponentRegistry, ContentComponentProps } from './content/rendering.tsx';
import { forEachRendering, MAX_RENDERINGS } from './content/renderingContext.ts';
import { preloadCommerce } from './siteClients.tsx';

// What the site loads on demand, and loading it ahead. Every rendering of the content registry
// loads on demand (registry.tsx), so a page fetches the code of its own renderings only, and the
// heavy parts (the search layer, the sanitizer, the commerce client, the session pages) reach only
// the pages that show them. A prerendered page must hydrate in one pass: a part still loading when
// the session or consent answers would make React drop the server's HTML for that part and show its
// fallback (a blank, then the content again: a layout shift). So the browser loads the parts a
// prerendered page shows before it hydrates (preloadPage), and the build lists their chunks in the
// page (`modulepreload`, from each part's `modules`: see pageModules), so they arrive with the entry.

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
function onDemand<M>(load: () => Promise<M>, modules: readonly string[]) {
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

// The search layer (client, batcher, visitor, views) is the largest part of the site after React:
// only the pages and header that show a search widget load it.
const searchWidgets = onDemand(() => import('./searchWidgets.tsx'), ['src/site/searchWidgets.tsx']);
// The sanitizer: for rich text the browser received itself, and for edit mode (sanitizedHtml.tsx).
const sanitizedHtml = onDemand(() => import('./content/sanitizedHtml.tsx'), ['src/site/content/sanitizedHtml.tsx']);

/** The header's preview search widget. */
export const HeaderSearchWidget = searchWidgets((m) => m.HeaderSearchWidget);
/** The search layer's recommendations widget, on the page's search client. */
export const SiteRecommendationWidget = searchWidgets((m) => m.SiteRecommendationWidget);
/** A rich text field's HTML, sanitized in the browser (HTML the build did not sanitize). */
export const SanitizedRichText = sanitizedHtml((m) => m.SanitizedRichText);
/** A field's editing markup in edit mode (the platform's HTML needs the sanitizer too). */
export const EditableMarkup = sanitizedHtml((m) => m.EditableMarkup);
/** An editor-only HTML element entry of a placeholder in edit mode (its contents need the sanitizer). */
export const ChromeElement = sanitizedHtml((m) => m.ChromeElement);

/** The renderings' modules, each loaded by the first page that shows one of its renderings. */
export const renderings = {
  sections: onDemand(() => import('./content/sections.tsx'), ['src/site/content/sections.tsx']),
  articles: onDemand(() => import('./content/articles.tsx'), ['src/site/content/articles.tsx']),
  careers: onDemand(() => import('./content/careers.tsx'), ['src/site/content/careers.tsx']),
  personalized: onDemand(() => import('./content/personalized.tsx'), ['src/site/content/personalized.tsx']),
  richText: onDemand(() => import('./content/richText.tsx'), ['src/site/content/richText.tsx']),
  search: searchWidgets,
  // The commerce pages load the commerce client's code with them.
  commerce: onDemand(
    () => Promise.all([import('./pages/commerce.tsx'), preloadCommerce()]).then(([m]) => m),
    ['src/site/pages/commerce.tsx', 'src/commerce/index.ts'],
  ),
  session: onDemand(() => import('./pages/session.tsx'), ['src/site/pages/session.tsx']),
};

/** The product page, with the commerce client's code. */
export const ProductPage = renderings.commerce((m) => m.ProductPage);
/** The cart, with the commerce client's code. */
export const CartPage = renderings.commerce((m) => m.CartPage);

/**
 * The componentNames of the renderings a page of `placeholders` renders: its first `MAX_RENDERINGS`,
 * down to `MAX_RENDERING_DEPTH` (renderingContext.ts), walked without recursion at any depth of answer.
 */
function componentNames(placeholders: Record<string, unknown> | undefined): Set<string> {
  const names = new Set<string>();
  let count = 0;
  forEachRendering(placeholders, (rendering) => {
    names.add(rendering.componentName);
    count += 1;
    return count < MAX_RENDERINGS;
  });
  return names;
}

type Part = Partial<OnDemandComponent<ContentComponentProps>> & { sanitizes?: boolean };

/** The registry's components of every rendering of `route` (those it has). */
function partsOf(route: RouteData, components: ComponentRegistry): Part[] {
  return [...componentNames(route.placeholders)].flatMap((name) =>
    Object.hasOwn(components, name) ? [components[name] as Part] : [],
  );
}

/**
 * Loads every on-demand part the page of `route` renders (`null`, the not-found page, has none), so a
 * page hydrates, or replaces the one before, in one pass. `fresh`: the route came from the layout
 * service in this browser (not a prerendered page's data), so its rich text needs the sanitizer too
 * (components marked `sanitizes`). Resolves once all have loaded; a part that fails to load is left
 * to render (and fail) as usual.
 */
export function preloadPage(
  route: RouteData | null,
  components: ComponentRegistry,
  { fresh = false }: { fresh?: boolean } = {},
): Promise<unknown> {
  if (route === null) return Promise.resolve();
  const parts = partsOf(route, components);
  const jobs = parts.map((part) => part.preload?.());
  if (fresh && parts.some((part) => part.sanitizes)) jobs.push(SanitizedRichText.preload());
  return Promise.all(jobs.map((job) => job?.catch(() => {})));
}

/**
 * The source modules the page of `route` loads before it hydrates (its renderings' on-demand parts),
 * by their path from the project's root: the build preloads their chunks in the prerendered page.
 */
export function pageModules(route: RouteData | null, components: ComponentRegistry): string[] {
  if (route === null) return [];
  return [...new Set(partsOf(route, components).flatMap((part) => part.modules ?? []))];
}
