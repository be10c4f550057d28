import { useCartGet, useCartListLineItems } from '../../commerce/react.tsx';
import { CommerceBoundary } from '../CommerceBoundary.tsx';
import { ContentLink, textOf, type ContentComponentProps } from '../content/fields.tsx';
import { Link } from '../router/Link.tsx';

const money = (value: number | null | undefined, currency = 'USD') =>
  typeof value === 'number' ? new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(value) : '—';

/** The buyer's cart: the active order and its line items, through the generated hooks. */
function Cart({ fields }: Pick<ContentComponentProps, 'fields'>) {
  const cart = useCartGet();
  const items = useCartListLineItems();
  const currency = cart.data?.Currency ?? 'USD';
  return (
    <div className="container">
      <h1>{textOf(fields.heading)}</h1>
      {cart.isError || items.isError ? <p role="alert">We could not load your cart. Please try again.</p> : null}
      {items.isPending ? <p role="status">Loading cart…</p> : null}
      {items.data ? (
        items.data.Items.length === 0 ? (
          <p>{textOf(fields.emptyText)} <ContentLink field={fields.findProductsLink} />.</p>
        ) : (
          <table>
            <caption className="visually-hidden">Items in your cart</caption>
            <thead>
              <tr><th scope="col">Product</th><th scope="col">Quantity</th><th scope="col">Line total</th></tr>
            </thead>
            <tbody>
              {items.data.Items.map((item) => (
                <tr key={item.ID ?? item.ProductID}>
                  <td><Link href={`/products/${encodeURIComponent(item.ProductID ?? '')}`}>{item.Product?.Name ?? item.ProductID}</Link></td>
                  <td>{item.Quantity}</td>
                  <td>{money(item.LineTotal, currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )
      ) : null}
      {cart.data ? <p><strong>Total: {money(cart.data.Total, currency)}</strong></p> : null}
    </div>
  );
}

/** `Cart`: the buyer's cart; the commerce client loads on first use. */
export default function CartPage({ fields }: ContentComponentProps) {
  return (
    <CommerceBoundary>
      <Cart fields={fields} />
    </CommerceBoundary>
  );
}
