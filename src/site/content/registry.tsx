import {
  AccountPage,
  ArticleBody,
  AuthErrorPage,
  CartPage,
  ProductPage,
  RichText,
  SearchResults,
  SignInPage,
  SiteRecommendationWidget,
} from '../onDemand.tsx';
import { ContentLink, usePageUrl, type ComponentRegistry, type ContentComponentProps } from './rendering.tsx';
import { productIdOf } from './productId.ts';
import {
  ArticleList,
  CapabilityCards,
  CareersList,
  Columns,
  Hero,
  JobPosting,
  LinkGroup,
  PersonalizedOffer,
  PromoCta,
  Recommendations,
} from './sections.tsx';

// What the home and landing pages show loads with the first page; the rest loads on demand
// (onDemand.tsx), keeping the first load small: rich text (the sanitizer), the commerce pages (the
// commerce client), the session pages, and the search widgets (the search layer; they share one
// client, so the results widget and the header's still go out in one batch). A component that
// holds an on-demand part carries its `preload`, so a prerendered page loads it before hydrating.

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

const ProductDetail = Object.assign(
  function ProductDetail({ fields }: ContentComponentProps) {
    const id = productIdOf(usePageUrl().pathname);
    // An id no product can have (`..%2Fme`) never reaches the commerce API, nor loads its client.
    return id === undefined ? <ProductNotFound fields={fields} /> : <ProductPage id={id} fields={fields} />;
  },
  { preload: ProductPage.preload },
);

// The session client's own pages (`/api/auth/signin`, `/api/auth/error`): they read its query string.
const SignIn = Object.assign(
  function SignIn() {
    return <SignInPage search={usePageUrl().searchParams} />;
  },
  { preload: SignInPage.preload },
);

const AuthError = Object.assign(
  function AuthError() {
    return <AuthErrorPage search={usePageUrl().searchParams} />;
  },
  { preload: AuthErrorPage.preload },
);

/**
 * The site's component registry: every `componentName` the content platform may place, and the
 * component that renders it (names as in the content contract's `Layout` tag). A name missing here
 * renders nothing for visitors and a labelled box for editors.
 */
export const components: ComponentRegistry = {
  Hero,
  RichText,
  PromoCta,
  ArticleList,
  ArticleBody,
  CapabilityCards,
  CareersList,
  SearchResults,
  RecommendationWidget: Object.assign(Recommendations, { preload: SiteRecommendationWidget.preload }),
  PersonalizedOffer,
  ProductDetail,
  Cart: CartPage,
  Account: AccountPage,
  SignIn,
  AuthError,
  Columns,
  JobPosting,
  LinkGroup,
};
