import {
  CartPage,
  type LoadsOnDemand,
  type OnDemandComponent,
  ProductPage,
  renderings,
  SiteRecommendationWidget,
} from '../onDemand.tsx';
import { ContentLink, usePageUrl, type ComponentRegistry, type ContentComponentProps } from './rendering.tsx';
import { productIdOf } from './productId.ts';

// Every rendering loads on demand, with the module of its kind (onDemand.tsx): a page fetches the
// code of the renderings its layout has, and no other. A registry component carries its part's
// `preload` (a prerendered page loads its renderings before hydrating, a client-side navigation
// before it replaces the page) and `modules` (the build preloads their chunks in the page).

const { sections, articles, careers, personalized, richText, search, session } = renderings;

/** Marks a component that renders editors' rich text: a page of it from the layout service needs the sanitizer. */
const sanitizes = <C extends object>(component: C) => Object.assign(component, { sanitizes: true });

/** The product page of a URL whose last segment is no product id: what a missing product shows, with no request. */
function ProductNotFound({ fields }: Pick<ContentComponentProps, 'fields'>) {
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

const ProductDetail = Object.assign(function ProductDetail({ fields }: ContentComponentProps) {
  const id = productIdOf(usePageUrl().pathname);
  // An id no product can have (`..%2Fme`) never reaches the commerce API, nor loads its client.
  return id === undefined ? <ProductNotFound fields={fields} /> : <ProductPage id={id} fields={fields} />;
}, onDemandOf(ProductPage));

const SignInPage = session((m) => m.SignInPage);
const AuthErrorPage = session((m) => m.AuthErrorPage);

// The session client's own pages (`/api/auth/signin`, `/api/auth/error`): they read its query string.
const SignIn = Object.assign(function SignIn() {
  return <SignInPage search={usePageUrl().searchParams} />;
}, onDemandOf(SignInPage));

const AuthError = Object.assign(function AuthError() {
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
  SearchResults: search((m) => m.SearchResults),
  ProductDetail,
  Cart: CartPage,
  Account: session((m) => m.AccountPage),
  SignIn,
  AuthError,
};
