import {
  AccountPage, ArticleBody, AuthErrorPage, CartPage, ProductPage, RecommendationWidget, RichText, SearchResults, SignInPage,
} from '../onDemand.tsx';
import type { ContentComponentProps } from './fields.tsx';
import { usePageUrl, type ComponentRegistry } from './Placeholder.tsx';
import { ArticleList, CapabilityCards, CareersPage, Columns, Hero, PersonalizedOffer, PromoCta, Recommendations } from './sections.tsx';

// What the home and landing pages show loads with the first page; the rest loads on demand
// (onDemand.tsx), keeping the first load small: rich text (the sanitizer), the commerce pages (the
// commerce client), the session pages, and the search widgets (the search layer; they share one
// client, so the results widget and the header's still go out in one batch). A component that
// holds an on-demand part carries its `preload`, so a prerendered page loads it before hydrating.

/** The product id of a `/products/<id>` URL (the wildcard route's page reads it from its own URL). */
export function productIdOf(pathname: string): string {
  const segment = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

const ProductDetail = Object.assign(
  function ProductDetail({ fields }: ContentComponentProps) {
    return <ProductPage id={productIdOf(usePageUrl().pathname)} fields={fields} />;
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
  CareersList: CareersPage,
  SearchResults,
  RecommendationWidget: Object.assign(Recommendations, { preload: RecommendationWidget.preload }),
  PersonalizedOffer,
  ProductDetail,
  Cart: CartPage,
  Account: AccountPage,
  SignIn,
  AuthError,
  Columns,
};
