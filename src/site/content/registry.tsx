import { lazy } from 'react';
import { Hero } from '../Hero.tsx';
import type { ContentComponentProps } from './fields.tsx';
import { usePageUrl, type ComponentRegistry } from './Placeholder.tsx';
import { ArticleList, CapabilityCards, Columns, PersonalizedOffer, PromoCta, Recommendations } from './sections.tsx';
import SearchPage from '../pages/SearchPage.tsx';

// What the home and landing pages show loads with the first page; the rest loads on demand, keeping
// the first load small: rich text (the sanitizer), the commerce pages (the commerce client), the
// session pages. The search results stay eager so their widget joins the header's batch: one POST.
const RichText = lazy(() => import('./richText.tsx').then((m) => ({ default: m.RichText })));
const ArticleBody = lazy(() => import('./richText.tsx').then((m) => ({ default: m.ArticleBody })));
const CareersPage = lazy(() => import('../pages/CareersPage.tsx'));
const ProductPage = lazy(() => import('../pages/ProductPage.tsx'));
const CartPage = lazy(() => import('../pages/CartPage.tsx'));
const AccountPage = lazy(() => import('../pages/AccountPage.tsx'));
const SignInPage = lazy(() => import('../pages/SignInPage.tsx'));
const AuthErrorPage = lazy(() => import('../pages/AuthErrorPage.tsx'));

/** The product id of a `/products/<id>` URL (the wildcard route's page reads it from its own URL). */
export function productIdOf(pathname: string): string {
  const segment = pathname.replace(/\/+$/, '').split('/').pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function ProductDetail({ fields }: ContentComponentProps) {
  return <ProductPage id={productIdOf(usePageUrl().pathname)} fields={fields} />;
}

// The session client's own pages (`/api/auth/signin`, `/api/auth/error`): they read its query string.
function SignIn() {
  return <SignInPage search={usePageUrl().searchParams} />;
}

function AuthError() {
  return <AuthErrorPage search={usePageUrl().searchParams} />;
}

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
  SearchResults: SearchPage,
  RecommendationWidget: Recommendations,
  PersonalizedOffer,
  ProductDetail,
  Cart: CartPage,
  Account: AccountPage,
  SignIn,
  AuthError,
  Columns,
};
