import { useQueryClient } from '@tanstack/react-query';
import { commerceQueryKey, useCartCreateLineItem, useCommerceClient, useProductsGet } from '../../commerce/react.tsx';
import { CommerceBoundary } from '../CommerceBoundary.tsx';
import { Link } from '../router/Link.tsx';

/** A product from the commerce API, with "add to cart" (both through the generated hooks). */
function Product({ id }: { id: string }) {
  const product = useProductsGet(id);
  const queryClient = useQueryClient();
  const client = useCommerceClient();
  // The cart's total and line items both change: refresh this client's whole cart.
  const add = useCartCreateLineItem({
    mutation: { onSuccess: () => queryClient.invalidateQueries({ queryKey: commerceQueryKey(client, 'Cart') }) },
  });
  if (product.isPending) return <div className="container"><p role="status">Loading product…</p></div>;
  if (product.isError) {
    return (
      <div className="container">
        <h1>Product unavailable</h1>
        <p role="alert">We could not load this product ({product.error.message}).</p>
      </div>
    );
  }
  const p = product.data;
  return (
    <div className="container">
      <p><Link href="/search">← Back to search</Link></p>
      <h1>{p.Name ?? p.ID}</h1>
      {p.Description ? <p>{p.Description}</p> : null}
      <dl>
        <dt>Product ID</dt>
        <dd>{p.ID}</dd>
        {p.QuantityMultiplier ? (<><dt>Sold in multiples of</dt><dd>{p.QuantityMultiplier}</dd></>) : null}
      </dl>
      <button
        type="button"
        className="primary"
        disabled={add.isPending}
        onClick={() => add.mutate({ data: { ProductID: p.ID ?? id, Quantity: p.QuantityMultiplier || 1 } })}
      >
        Add to cart
      </button>{' '}
      {add.isSuccess ? <span role="status">Added. <Link href="/cart">View cart</Link></span> : null}
      {add.isError ? <span role="alert">Could not add to cart: {add.error.message}</span> : null}
    </div>
  );
}

/** The product page: the commerce client loads on first use. */
export default function ProductPage({ id }: { id: string }) {
  return (
    <CommerceBoundary>
      <Product id={id} />
    </CommerceBoundary>
  );
}
