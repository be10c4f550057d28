import { lazy, type ComponentType } from 'react';
import type { RouteData } from '../content/index.ts';
import type { ComponentRegistry, ContentComponentProps } from './content/rendering.tsx';
import { preloadCommerce } from './siteClients.tsx';

// The parts of the site that load on demand, and loading them ahead. A prerendered page must hydrate
// in one pass: a part still loading when the session or consent answers would make React drop the
// server's HTML for that part and show its fallback (a blank, then the content again: a layout shift).
// So the browser loads the parts a prerendered page shows before it hydrates (see preloadPage).

/**
 * A component whose code loads on demand; `preload()` loads it ahead; `requested()` tells whether
 * anything has asked for its module yet (a part rendered, or a preload).
 */
export type OnDemandComponent<P> = ComponentType<P> & { preload(): Promise<void>; requested(): boolean };

/**
 * A module loaded on demand, and its components as `React.lazy` components that can be loaded
 * ahead: `onDemand(load)` returns `part(pick)`, which makes a component of the module's export
 * `pick(module)`. Once the module has loaded (through any of its parts or `preload()`), every part
 * renders at once (React reads a thenable that calls back synchronously): it hydrates without
 * suspending, and a part mounting later (the header's search after the page's results) joins the
 * same render instead of waiting for a Suspense reveal. A failed load is tried again on the next render.
 */
function onDemand<M>(load: () => Promise<M>) {
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
    });
  };
}

// The search layer (client, batcher, visitor, views) is the largest part of the site after React:
// only the pages and header that show a search widget load it.
const searchWidgets = onDemand(() => import('./searchWidgets.tsx'));
const richText = onDemand(() => import('./content/richText.tsx'));
// The commerce pages load the commerce client's code with them.
const withCommerce = <M,>(load: () => Promise<M>) =>
  onDemand(() => Promise.all([load(), preloadCommerce()]).then(([m]) => m));

/** The header's preview search widget. */
export const HeaderSearchWidget = searchWidgets((m) => m.HeaderSearchWidget);
/** The search layer's recommendations widget, on the page's search client. */
export const SiteRecommendationWidget = searchWidgets((m) => m.SiteRecommendationWidget);
/** `SearchResults`: the search page's results for its `?q=`. */
export const SearchResults = searchWidgets((m) => m.SearchResults);
/** Rich text: editors' HTML needs the sanitizer. */
export const RichText = richText((m) => m.RichText);
/** `ArticleBody`: the article page, its body editors' HTML. */
export const ArticleBody = richText((m) => m.ArticleBody);
/** A field's editing markup in edit mode (the platform's HTML needs the sanitizer too). */
export const EditableMarkup = richText((m) => m.EditableMarkup);
/** An editor-only HTML element entry of a placeholder in edit mode (its contents need the sanitizer). */
export const ChromeElement = richText((m) => m.ChromeElement);
const commercePages = withCommerce(() => import('./pages/commerce.tsx'));
const sessionPages = onDemand(() => import('./pages/session.tsx'));

/** The product page, with the commerce client's code. */
export const ProductPage = commercePages((m) => m.ProductPage);
/** The cart, with the commerce client's code. */
export const CartPage = commercePages((m) => m.CartPage);
/** The account page. */
export const AccountPage = sessionPages((m) => m.AccountPage);
/** The session client's sign-in page. */
export const SignInPage = sessionPages((m) => m.SignInPage);
/** The session client's error page. */
export const AuthErrorPage = sessionPages((m) => m.AuthErrorPage);

/** The componentNames of every rendering of `route`, at any depth. */
function componentNames(placeholders: Record<string, unknown> | undefined, names = new Set<string>()): Set<string> {
  for (const entries of Object.values(placeholders ?? {})) {
    if (!Array.isArray(entries)) continue;
    for (const entry of entries as Array<{ componentName?: unknown; placeholders?: Record<string, unknown> }>) {
      if (typeof entry?.componentName === 'string') names.add(entry.componentName);
      componentNames(entry?.placeholders, names);
    }
  }
  return names;
}

/**
 * Loads every on-demand part the page of `route` renders (`null`, the not-found page, has none), so a
 * prerendered page hydrates in one pass. A registry component that holds an on-demand part carries
 * that part's `preload`. Resolves once all have loaded; a part that fails to load is left to render
 * (and fail) as usual.
 */
export function preloadPage(route: RouteData | null, components: ComponentRegistry): Promise<unknown> {
  if (route === null) return Promise.resolve();
  const jobs = [...componentNames(route.placeholders)].map((name) => {
    const component = Object.hasOwn(components, name)
      ? (components[name] as Partial<OnDemandComponent<ContentComponentProps>>)
      : undefined;
    return component?.preload?.().catch(() => {});
  });
  return Promise.all(jobs);
}
