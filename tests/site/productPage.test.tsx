import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createCommerceClient, type CommerceClient } from '../../src/commerce/index.ts';
import type { RouteData } from '../../src/content/index.ts';
import { RouteRenderer } from '../../src/site/content/placeholder.tsx';
import { components } from '../../src/site/content/registry.tsx';
import { ProductPage } from '../../src/site/content/registry.tsx';
import { isProductId, MAX_PRODUCT_ID_LENGTH, productIdOf } from '../../src/site/content/productId.ts';
import { type SiteClients, SiteClientsContext } from '../../src/site/siteClients.tsx';
import { createAuthClient } from '../../src/auth/index.ts';
import { SessionProvider } from '../../src/auth/react.tsx';
import { readContract } from '../../scripts/contract/contracts.mjs';
import { CONTENT_SPEC } from '../../scripts/lib/contentMock.mjs';

// The product page (`ProductDetail`, the wildcard route `/products/*`) takes its product id from
// its own URL: a URL whose id is no product id must show "Product unavailable" and send nothing.

const contract = readContract(CONTENT_SPEC);
const productRoute = contract.components.examples['products-wildcard'].value.sitecore.route as RouteData;

// The commerce page and client load on demand: loaded once here, so no test waits on a first import.
beforeAll(() => ProductPage.preload(), 30_000);
afterEach(cleanup);

/**
 * A commerce API that answers every request with the signed-in buyer (what `GET /me` answers):
 * a page that sent `/products/../me` would show the buyer's name as the product's. `answer` gives
 * another answer (an error). Defaults to the buyer.
 */
function commerceApi(
  answer: () => Response = () => Response.json({ ID: 'ada-okafor', Username: 'aokafor', Name: 'Ada Okafor (buyer)' }),
) {
  const urls: string[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    urls.push(new Request(input, init).url);
    return answer();
  };
  const client = createCommerceClient({
    baseUrl: 'https://commerce.aero.example/v1',
    accessToken: 'buyer-token',
    fetch,
  });
  return { urls, client };
}

/** Renders the product route's renderings at `path`, as the catch-all route does after the layout answer. */
function renderProductPage(path: string, client: CommerceClient) {
  // Settled, as the site's own loadCommerce gives it, so the page renders without suspending again.
  const loaded = Object.assign(Promise.resolve(client), { status: 'fulfilled', value: client });
  const clients = { loadCommerce: () => loaded } as Partial<SiteClients> as SiteClients;
  // A signed-out visitor (a product page needs no session), known at render: no session request.
  const auth = createAuthClient({ fetch: () => Promise.reject(new Error('no session request expected')) });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider client={auth} session={null}>
        <SiteClientsContext.Provider value={clients}>
          <Suspense fallback={<p>Loading…</p>}>
            <RouteRenderer
              components={components}
              route={productRoute}
              mode="normal"
              url={new URL(path, 'https://www.aero.example')}
            />
          </Suspense>
        </SiteClientsContext.Provider>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('the product page takes only a plausible product id from its URL', () => {
  it('shows the product of /products/TFK-6AL4V-100, asked for by that id', async () => {
    const commerce = commerceApi();
    renderProductPage('/products/TFK-6AL4V-100', commerce.client);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Ada Okafor (buyer)');
    expect(commerce.urls).toEqual(['https://commerce.aero.example/v1/products/TFK-6AL4V-100']);
  });

  it.each([
    ['/products/..%2Fme', 'the buyer (GET /me)'],
    ['/products/..%2F..%2Fapi%2Fauth%2Fsession%3F', "the site's session route"],
    ['/products/..', 'a dot segment'],
    ['/products/%2E%2E', 'an encoded dot segment'],
    ['/products/', 'no id'],
    ['/products/.', 'a single dot, which the URL resolves to /products/'],
    ['/products/a%2Fb', 'a slash'],
    ['/products/a%5Cb', 'a backslash'],
    ['/products/a%3Fb', 'a question mark'],
    ['/products/a%23b', 'a hash'],
    ['/products/a%25b', 'a percent sign (double encoding)'],
    ['/products/%E0%A4%A', 'a broken escape'],
    ['/products/a%00b', 'a NUL'],
    ['/products/a%0Ab', 'a newline'],
    ['/products/a%E2%80%AEb', 'a right-to-left override'],
    ['/products/%20', 'only a space'],
    ['/products/%20TFK-1', 'a leading space'],
    [`/products/${'A'.repeat(MAX_PRODUCT_ID_LENGTH + 1)}`, `more than ${MAX_PRODUCT_ID_LENGTH} characters`],
  ])('shows "Product unavailable" and sends no request for %s (%s)', async (path) => {
    const commerce = commerceApi();
    renderProductPage(path, commerce.client);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Product unavailable');
    expect(screen.getByRole('alert').textContent).toBe('There is no product at this address.');
    expect(screen.getByRole('link', { name: '← Back to search' }).getAttribute('href')).toBe('/search');
    expect(screen.queryByText('Ada Okafor (buyer)')).toBeNull();
    expect(commerce.urls).toEqual([]);
  });
});

describe('the product page when the commerce API cannot give the product', () => {
  it('says there is no such product, with no retry, when the commerce API answers 404', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const commerce = commerceApi(() =>
      Response.json(
        {
          Errors: [
            {
              ErrorCode: 'NotFound',
              Message: 'Product not found: NO-SUCH-PART',
              Data: { ObjectType: 'Product', ObjectID: 'NO-SUCH-PART' },
            },
          ],
        },
        { status: 404 },
      ),
    );
    renderProductPage('/products/NO-SUCH-PART', commerce.client);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Product unavailable');
    expect(screen.getByRole('alert').textContent).toBe('There is no product at this address.');
    // Not a failure that passes: asking again finds nothing either.
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.queryByText('We could not load this product just now.')).toBeNull();
    expect(screen.getByRole('link', { name: '← Back to search' }).getAttribute('href')).toBe('/search');
    error.mockRestore();
  });

  it('says it could not load the product just now, with a retry, for any other failure', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const commerce = commerceApi(() =>
      Response.json({ Errors: [{ ErrorCode: 'InternalServerError', Message: 'boom' }] }, { status: 500 }),
    );
    renderProductPage('/products/TFK-6AL4V-100', commerce.client);
    expect((await screen.findByRole('alert')).textContent).toBe('We could not load this product just now.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    error.mockRestore();
  });
});

describe('isProductId', () => {
  it.each([
    'TFK-6AL4V-100',
    'sku-act-seal-kit-35',
    'FASTENER KIT',
    'A.B_C~1',
    'Überwurfmutter-M8',
    'A'.repeat(MAX_PRODUCT_ID_LENGTH),
  ])('accepts %j', (id) => expect(isProductId(id)).toBe(true));

  it.each([
    '',
    '.',
    '..',
    'a..b',
    '../me',
    'a/b',
    'a\\b',
    'a?b',
    'a#b',
    'a%2Fb',
    'a\u0000b',
    'a\tb',
    'a\u007Fb',
    'a\u0085b',
    'a\u200Bb',
    ' a',
    'a ',
    'A'.repeat(MAX_PRODUCT_ID_LENGTH + 1),
  ])('refuses %j', (id) => expect(isProductId(id)).toBe(false));

  it('reads the id from the last segment of the URL, decoded', () => {
    expect(productIdOf('/products/FASTENER%20KIT/')).toBe('FASTENER KIT');
    expect(productIdOf('/products/..%2Fme')).toBeUndefined();
    expect(productIdOf('/products/')).toBeUndefined();
  });
});
