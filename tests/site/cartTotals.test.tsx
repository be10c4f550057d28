import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createAuthClient } from '../../src/auth/index.ts';
import { SessionProvider } from '../../src/auth/react.tsx';
import type { RouteData } from '../../src/content/index.ts';
import { ContentProvider } from '../../src/content/react.tsx';
import { RouteRenderer } from '../../src/site/content/placeholder.tsx';
import { components } from '../../src/site/content/registry.tsx';
import { DictionaryProvider } from '../../src/site/dictionary.tsx';
import { CartPage } from '../../src/site/content/registry.tsx';
import { createSiteClients, SiteClientsContext } from '../../src/site/siteClients.tsx';
import { readContract } from '../../scripts/contract/contracts.mjs';
import { CONTENT_SPEC } from '../../scripts/lib/contentMock.mjs';

// The cart's total is explained: the commerce order's subtotal, shipping and tax (and a discount when
// there is one) above it, each in the page's language and currency.

const contract = readContract(CONTENT_SPEC);
const cartRoute = contract.components.examples.cart.value.sitecore.route as RouteData;
const dictionaries = contract.paths['/sitecore/api/jss/dictionary/{appName}/{language}'].get.responses['200'].content[
  'application/json'
].examples as Record<string, { value: unknown }>;

const ORDER = {
  ID: 'cart-1',
  Currency: 'USD',
  Subtotal: 8990,
  ShippingCost: 250,
  TaxCost: 1798,
  PromotionDiscount: 0,
  Total: 11038,
};
const ITEMS = {
  Meta: {},
  Items: [{ ID: 'li-1', ProductID: 'TFK-6AL4V-100', Quantity: 20, LineTotal: 8990, Product: { Name: 'Titanium kit' } }],
};

beforeAll(() => CartPage.preload(), 30_000);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Renders `/cart` for a signed-in buyer whose cart is `order` with one line, in `language`. */
function renderCart(order: Record<string, unknown>, language = 'en') {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(new Request(input, init).url);
    if (url.pathname.includes('/sitecore/api/jss/dictionary/')) return Response.json(dictionaries[language]!.value);
    return Response.json(/\/lineitems$/i.test(url.pathname) ? ITEMS : order);
  });
  const session = { user: { name: 'Ada' }, expires: '2099-01-01T00:00:00.000Z', accessToken: 'buyer-token' };
  const auth = createAuthClient({ storage: null, logger: { error() {}, warn() {}, debug() {} } });
  const clients = createSiteClients();
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider client={auth} session={session}>
        <SiteClientsContext.Provider value={clients}>
          <ContentProvider client={clients.content}>
            <DictionaryProvider language={language}>
              <Suspense fallback={<p>Loading…</p>}>
                <RouteRenderer
                  components={components}
                  route={cartRoute}
                  mode="normal"
                  url={new URL(`https://www.aero.example${language === 'en' ? '' : `/${language}`}/cart`)}
                />
              </Suspense>
            </DictionaryProvider>
          </ContentProvider>
        </SiteClientsContext.Provider>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

/** The cart's totals: the rows explaining the total as `label: amount`, then the total's own line. */
async function totals() {
  const list = (await screen.findAllByRole('term', {}, { timeout: 10_000 }))[0]!.closest('dl')!;
  const rows = within(list)
    .getAllByRole('term')
    .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
  return [...rows, list.nextElementSibling?.textContent];
}

describe("the cart's totals", () => {
  it('shows the subtotal, shipping and tax that make the total, from the commerce order', async () => {
    renderCart(ORDER);
    expect(await totals()).toEqual([
      'Subtotal: US$8,990.00',
      'Shipping: US$250.00',
      'Tax: US$1,798.00',
      'Total: US$11,038.00',
    ]);
  });

  it('shows a discount when the order has one, and says what the checkout has yet to work out', async () => {
    renderCart({ ...ORDER, ShippingCost: null, TaxCost: null, PromotionDiscount: 500, Total: 8490 });
    expect(await totals()).toEqual([
      'Subtotal: US$8,990.00',
      'Discount: -US$500.00',
      'Shipping: Calculated at checkout',
      'Tax: Calculated at checkout',
      'Total: US$8,490.00',
    ]);
  });

  it("in the page's language", async () => {
    renderCart(ORDER, 'de');
    await screen.findByText('Zwischensumme', {}, { timeout: 10_000 });
    // German amounts put the currency after a no-break space.
    expect(await totals()).toEqual([
      'Zwischensumme: 8.990,00\u00a0$',
      'Versand: 250,00\u00a0$',
      'Steuern: 1.798,00\u00a0$',
      'Gesamt: 11.038,00\u00a0$',
    ]);
  });
});
