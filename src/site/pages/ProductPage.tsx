import { useQueryClient } from '@tanstack/react-query';
import { commerceQueryKey, useCartCreateLineItem, useCommerceClient, useProductsGet } from '../../commerce/react.tsx';
import type { FieldMap } from '../../content/index.ts';
import { CommerceBoundary } from '../CommerceBoundary.tsx';
import { ContentLink, textOf } from '../content/fields.tsx';

/** A product from the commerce API, with "add to cart" (both through the generated hooks). */
function Product({ id, fields }: { id: string; fields: FieldMap }) {
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
      <p><ContentLink field={fields.backLink} /></p>
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
        {textOf(fields.addToCartLabel)}
      </button>{' '}
      {add.isSuccess ? <span role="status">{textOf(fields.addedText)} <ContentLink field={fields.viewCartLink} /></span> : null}
      {add.isError ? <span role="alert">Could not add to cart: {add.error.message}</span> : null}
    </div>
  );
}

/** `ProductDetail` (the wildcard route `/products/*`): product `id` from the page's URL; the commerce client loads on first use. */
export default function ProductPage({ id, fields }: { id: string; fields: FieldMap }) {
  return (
    <CommerceBoundary>
      <Product id={id} fields={fields} />
    </CommerceBoundary>
  );
}
