import type { RouteData } from '../../content/index.ts';
import { type LoadsOnDemand, onDemand, type OnDemandComponent } from '../onDemand.tsx';
import { searchWidgets, SiteRecommendationWidget } from '../searchParts.ts';
import { preloadCommerce } from '../siteClients.tsx';
import { ContentLink } from './fields.tsx';
import type { ProductFields } from '../pages/commerce.tsx';
import { productIdOf } from './productId.ts';
import {
  forEachRendering,
  MAX_RENDERINGS,
  usePageUrl,
  type ComponentRegistry,
  type ContentComponentProps,
  type Fields,
} from './renderingContext.ts';
import { SanitizedRichText } from './sanitizerParts.ts';

// The component registry, the one module that knows every rendering. Every rendering loads on
// demand (onDemand.tsx), with the module of its kind: a page fetches the code of the renderings its
// layout has, and no other; the heavy parts (the search layer, the commerce client, the session
// pages) reach only the pages that show them. A registry component carries its part's `preload` (a
// prerendered page loads its renderings before hydrating, a client-side navigation before it replaces
// the page: preloadPage) and `modules` (the build preloads their chunks in the page: pageModules).
// No rendering imports this module: the renderings' modules sit below it, and load nothing of their own kind.

// The renderings' modules, each loaded by the first page that shows one of its renderings.
const sections = onDemand(() => import('./sections.tsx'), ['src/site/content/sections.tsx']);
const articles = onDemand(() => import('./articles.tsx'), ['src/site/content/articles.tsx']);
const careers = onDemand(() => import('./careers.tsx'), ['src/site/content/careers.tsx']);
const personalized = onDemand(() => import('./personalized.tsx'), ['src/site/content/personalized.tsx']);
const richText = onDemand(() => import('./richText.tsx'), ['src/site/content/richText.tsx']);
// The commerce pages load the commerce client's code with them.
const commerce = onDemand(
  () => Promise.all([import('../pages/commerce.tsx'), preloadCommerce()]).then(([m]) => m),
  ['src/site/pages/commerce.tsx', 'src/commerce/index.ts'],
);
const session = onDemand(() => import('../pages/session.tsx'), ['src/site/pages/session.tsx']);

/** The product page, with the commerce client's code. */
export const ProductPage = commerce((m) => m.ProductPage);
/** The cart, with the commerce client's code. */
export const CartPage = commerce((m) => m.CartPage);

/** Marks a component that renders editors' rich text: a page of it from the layout service needs the sanitizer. */
const sanitizes = <C extends object>(component: C) => Object.assign(component, { sanitizes: true });

/** The product page of a URL whose last segment is no product id: what a missing product shows, with no request. */
function ProductNotFound({ fields }: { fields: Fields<'backLink'> }) {
  return (
    <div className="container">
      <p>
        <ContentLink field={fields.backLink} />
      </p>
      <h1>Product unavailable</h1>
      <p role="alert">There is no product at this address.</p>
    </div>
  );
}

const onDemandOf = ({ preload, requested, modules }: LoadsOnDemand) => ({ preload, requested, modules });

/** `component` loading `part` with it: a rendering that renders another on-demand part (the recommendations' widget). */
function withPart<C extends OnDemandComponent<ContentComponentProps>>(component: C, part: LoadsOnDemand): C {
  const { preload } = component;
  return Object.assign(component, {
    preload: () => Promise.all([preload(), part.preload()]).then(() => {}),
    modules: [...component.modules, ...part.modules],
  });
}

const ProductDetail = Object.assign(function ProductDetail({ fields }: ContentComponentProps<ProductFields>) {
  const id = productIdOf(usePageUrl().pathname);
  // An id no product can have (`..%2Fme`) never reaches the commerce API, nor loads its client.
  return id === undefined ? <ProductNotFound fields={fields} /> : <ProductPage id={id} fields={fields} />;
}, onDemandOf(ProductPage));

const SignInPage = session((m) => m.SignInPage);
const AuthErrorPage = session((m) => m.AuthErrorPage);

// The session client's own pages (`/api/auth/signin`, `/api/auth/error`): they read its query string.
const SignInRendering = Object.assign(function SignInRendering() {
  return <SignInPage search={usePageUrl().searchParams} />;
}, onDemandOf(SignInPage));

const AuthErrorRendering = Object.assign(function AuthErrorRendering() {
  return <AuthErrorPage search={usePageUrl().searchParams} />;
}, onDemandOf(AuthErrorPage));

/**
 * The site's component registry: every `componentName` the content platform may place, and the
 * component that renders it (names as in the content contract's `Layout` tag). A name missing here
 * renders nothing for visitors and a labelled box for editors.
 */
export const components: ComponentRegistry = {
  Hero: sections((m) => m.Hero),
  PromoCta: sections((m) => m.PromoCta),
  CapabilityCards: sections((m) => m.CapabilityCards),
  Columns: sections((m) => m.Columns),
  LinkGroup: sections((m) => m.LinkGroup),
  RichText: sanitizes(richText((m) => m.RichText)),
  ArticleList: articles((m) => m.ArticleList),
  ArticleBody: sanitizes(articles((m) => m.ArticleBody)),
  CareersList: careers((m) => m.CareersList),
  JobPosting: careers((m) => m.JobPosting),
  PersonalizedOffer: personalized((m) => m.PersonalizedOffer),
  RecommendationWidget: withPart(
    personalized((m) => m.Recommendations),
    SiteRecommendationWidget,
  ),
  SearchResults: searchWidgets((m) => m.SearchResults),
  ProductDetail,
  Cart: CartPage,
  Account: session((m) => m.AccountPage),
  SignIn: SignInRendering,
  AuthError: AuthErrorRendering,
};

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
