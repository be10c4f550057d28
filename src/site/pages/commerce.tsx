import { type ReactNode, use, useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  CommerceProvider,
  commerceQueryKey,
  useCartCreateLineItem,
  useCartGet,
  useCartListLineItems,
  useCommerceClient,
  useProductsGet,
} from '../../commerce/react.tsx';
import type { ContentComponentProps, Fields } from '../content/renderingContext.ts';
import { ContentLink } from '../content/fields.tsx';
import { textOf } from '../content/fieldValues.ts';
import { Link } from '../router.tsx';
import { useSiteClients } from '../siteClients.tsx';
import { useAuthClient, useSession } from '../../auth/react.tsx';
import { siteConfig } from '../siteConfig.ts';
import { usePageLanguage, useText } from '../dictionary.tsx';
import { localeOf, pathIn } from '../language.ts';
import { retrySession, ServiceProblem } from '../serviceFailure.tsx';
import { isApiError } from '../../core/errors.ts';

// The commerce pages, loaded on demand with the commerce client's code: the product page and the
// cart, through the generated hooks bound to the buyer's client.

/**
 * Provides the commerce client to a commerce page, loading it on first use
 * (the page suspends meanwhile). Imported only by lazily loaded pages.
 */
function CommerceBoundary({ children }: { children: ReactNode }) {
  // The token this render has: the client of the buyer signed in now, never the one before.
  const accessToken = (useSession().data as { accessToken?: string } | null)?.accessToken;
  const client = use(useSiteClients().loadCommerce(accessToken));
  return <CommerceProvider client={client}>{children}</CommerceProvider>;
}

// The commerce API said the object does not exist (404 `NotFound`): a fact, not a failure that
// passes, so the page says so and offers no retry.
const notFound = (error: unknown): boolean => isApiError(error) && error.status === 404;

/** The product page's fields (`ProductDetail`'s rendering). */
export type ProductFields = Fields<'backLink' | 'addToCartLabel' | 'addedText' | 'viewCartLink'>;

/** A product from the commerce API, with "add to cart" (both through the generated hooks). */
function Product({ id, fields }: { id: string; fields: ProductFields }) {
  const product = useProductsGet(id);
  const queryClient = useQueryClient();
  const client = useCommerceClient();
  // The cart's total and line items both change: refresh this client's whole cart.
  const add = useCartCreateLineItem({
    mutation: {
      mutationKey: ['commerce', 'Cart', 'CreateLineItem'],
      onSuccess: () => queryClient.invalidateQueries({ queryKey: commerceQueryKey(client, 'Cart') }),
    },
  });
  const t = useText();
  const name = product.data ? (product.data.Name ?? product.data.ID) : undefined;
  // The page is the product's: its name is the title once known (the route's title is the catalogue's).
  useEffect(() => {
    if (name) document.title = `${name} | ${siteConfig.siteName}`;
  }, [name]);
  if (product.isPending)
    return (
      <div className="container">
        <p role="status">{t('Product.Loading')}</p>
      </div>
    );
  if (product.isError && notFound(product.error))
    return (
      <div className="container">
        <p>
          <ContentLink field={fields.backLink} />
        </p>
        <h1>{t('Product.Unavailable')}</h1>
        <p role="alert">{t('Product.NotFound')}</p>
      </div>
    );
  if (product.isError) {
    // The commerce client's deadline (siteConfig.deadlines.commerce) ends a wait that gets no answer.
    return (
      <div className="container">
        <ServiceProblem
          heading={t('Product.Unavailable')}
          message={t('Product.LoadFailed')}
          onRetry={() => product.refetch()}
        />
      </div>
    );
  }
  const p = product.data;
  return (
    <div className="container">
      <p>
        <ContentLink field={fields.backLink} />
      </p>
      <h1>{p.Name ?? p.ID}</h1>
      {p.Description ? <p>{p.Description}</p> : null}
      <dl>
        <dt>{t('Product.Id')}</dt>
        <dd>{p.ID}</dd>
        {p.QuantityMultiplier ? (
          <>
            <dt>{t('Product.Multiple')}</dt>
            <dd>{p.QuantityMultiplier}</dd>
          </>
        ) : null}
      </dl>
      <button
        type="button"
        className="primary"
        disabled={add.isPending}
        onClick={() => add.mutate({ data: { ProductID: p.ID ?? id, Quantity: p.QuantityMultiplier || 1 } })}
      >
        {textOf(fields.addToCartLabel)}
      </button>{' '}
      {add.isSuccess ? (
        <span role="status">
          {textOf(fields.addedText)} <ContentLink field={fields.viewCartLink} />
        </span>
      ) : null}
      {add.isError ? <span role="alert">{t('Product.AddFailed', { message: add.error.message })}</span> : null}
    </div>
  );
}

/** `ProductDetail` (the wildcard route `/products/*`): product `id` from the page's URL; the commerce client loads on first use. */
export function ProductPage({ id, fields }: { id: string; fields: ProductFields }) {
  return (
    <CommerceBoundary>
      <Product id={id} fields={fields} />
    </CommerceBoundary>
  );
}

const money = (value: number | null | undefined, currency = 'USD', locale = 'en-GB') =>
  typeof value === 'number' ? new Intl.NumberFormat(locale, { style: 'currency', currency }).format(value) : '—';

/** `Cart`'s fields. */
type CartFields = Fields<'heading' | 'emptyText' | 'findProductsLink'>;

/**
 * The buyer's cart. A cart belongs to a signed-in buyer: nothing is asked of the commerce service
 * until the session is known, and a visitor without one is offered to sign in. When the session
 * route fails or passes its deadline, the cart says it cannot tell, with a retry.
 */
function Cart({ fields }: { fields: CartFields }) {
  const { status, unavailable } = useSession();
  const auth = useAuthClient();
  const t = useText();
  const language = usePageLanguage();
  const signIn = `${siteConfig.authBasePath}/signin?${new URLSearchParams({ callbackUrl: pathIn('/cart', language) })}`;
  // One frame and heading whatever the state, so the prerendered heading stays when the session arrives.
  return (
    <div className="container">
      <h1>{textOf(fields.heading)}</h1>
      {status === 'authenticated' ? (
        <BuyerCart fields={fields} />
      ) : status === 'loading' ? (
        <p role="status">{t('Cart.Loading')}</p>
      ) : unavailable ? (
        <ServiceProblem
          message={`${t('Session.Unknown')} ${t('Cart.SessionUnknown')}`}
          onRetry={() => retrySession(auth)}
        />
      ) : (
        <p>
          {t('Cart.SignInPrompt')} <Link href={signIn}>{t('Session.SignIn')}</Link>
        </p>
      )}
    </div>
  );
}

/** The signed-in buyer's cart: the active order and its line items, through the generated hooks. */
function BuyerCart({ fields }: { fields: CartFields }) {
  const cart = useCartGet();
  const items = useCartListLineItems();
  const currency = cart.data?.Currency ?? 'USD';
  const t = useText();
  const locale = localeOf(usePageLanguage());
  return (
    <>
      {notFound(cart.error) || notFound(items.error) ? (
        <p role="alert">{t('Cart.NotFound')}</p>
      ) : cart.isError || items.isError ? (
        <ServiceProblem
          message={t('Cart.LoadFailed')}
          onRetry={() => Promise.all([cart.isError && cart.refetch(), items.isError && items.refetch()])}
        />
      ) : null}
      {items.isPending ? <p role="status">{t('Cart.Loading')}</p> : null}
      {items.data ? (
        items.data.Items.length === 0 ? (
          <p>
            {textOf(fields.emptyText)} <ContentLink field={fields.findProductsLink} />.
          </p>
        ) : (
          <table>
            <caption className="visually-hidden">{t('Cart.Caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('Cart.Product')}</th>
                <th scope="col">{t('Cart.Quantity')}</th>
                <th scope="col">{t('Cart.LineTotal')}</th>
              </tr>
            </thead>
            <tbody>
              {items.data.Items.map((item) => (
                <tr key={item.ID ?? item.ProductID}>
                  <td>
                    <Link href={`/products/${encodeURIComponent(item.ProductID ?? '')}`}>
                      {item.Product?.Name ?? item.ProductID}
                    </Link>
                  </td>
                  <td>{item.Quantity}</td>
                  <td>{money(item.LineTotal, currency, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      ) : null}
      {cart.data ? <CartTotals order={cart.data} currency={currency} locale={locale} /> : null}
    </>
  );
}

/** The amounts of a commerce order that make its total (what {@link CartTotals} reads). */
interface OrderAmounts {
  Subtotal?: number | null;
  PromotionDiscount?: number | null;
  ShippingCost?: number | null;
  TaxCost?: number | null;
  Total?: number | null;
}

/**
 * What makes the cart's total, from the commerce order: its subtotal, a discount when it has one,
 * shipping and tax (each "calculated at checkout" while the order has none yet), then the total.
 */
function CartTotals({ order, currency, locale }: { order: OrderAmounts; currency: string; locale: string }) {
  const t = useText();
  // Shipping and tax are worked out at checkout: until then the order has none, which is not zero.
  const orAtCheckout = (value: number | null | undefined) =>
    typeof value === 'number' ? money(value, currency, locale) : t('Cart.AtCheckout');
  const discount = order.PromotionDiscount ?? 0;
  return (
    <>
      <dl className="cart-totals">
        <div>
          <dt>{t('Cart.Subtotal')}</dt>
          <dd>{money(order.Subtotal, currency, locale)}</dd>
        </div>
        {discount > 0 ? (
          <div>
            <dt>{t('Cart.Discount')}</dt>
            <dd>{money(-discount, currency, locale)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{t('Cart.Shipping')}</dt>
          <dd>{orAtCheckout(order.ShippingCost)}</dd>
        </div>
        <div>
          <dt>{t('Cart.Tax')}</dt>
          <dd>{orAtCheckout(order.TaxCost)}</dd>
        </div>
      </dl>
      <p>
        <strong>{t('Cart.Total', { amount: money(order.Total, currency, locale) })}</strong>
      </p>
    </>
  );
}

/** `Cart`: the buyer's cart; the commerce client loads on first use. */
export function CartPage({ fields }: ContentComponentProps<CartFields>) {
  return (
    <CommerceBoundary>
      <Cart fields={fields} />
    </CommerceBoundary>
  );
}
