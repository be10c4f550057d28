import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createAuthClient } from '../../src/auth/index.ts';
import { SessionProvider } from '../../src/auth/react.tsx';
import type { RouteData } from '../../src/content/index.ts';
import { RouteRenderer } from '../../src/site/content/placeholder.tsx';
import { components } from '../../src/site/content/registry.tsx';
import { CartPage } from '../../src/site/content/registry.tsx';
import { createSiteClients, SiteClientsContext } from '../../src/site/siteClients.tsx';
import { readContract } from '../../scripts/contract/contracts.mjs';
import { CONTENT_SPEC } from '../../scripts/lib/contentMock.mjs';

// The cart belongs to a signed-in buyer: it asks the commerce service nothing before the session is
// known, nothing without one, and only with the buyer's token.

const contract = readContract(CONTENT_SPEC);
const cartRoute = contract.components.examples.cart.value.sitecore.route as RouteData;

beforeAll(() => CartPage.preload(), 30_000);
afterEach(cleanup);

/** Renders `/cart` with the site's own clients, recording every commerce request and its token. */
function renderCart(
  session: Parameters<typeof SessionProvider>[0]['session'] | 'never' | 'fetch',
  authFetch: typeof fetch = () => new Promise<Response>(() => {}),
  commerceAnswer: () => Response = () => Response.json({ Items: [], Meta: {}, ID: 'cart-1', Total: 0 }),
) {
  const sent: { url: string; authorization: string | null }[] = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    sent.push({ url: request.url, authorization: request.headers.get('authorization') });
    return commerceAnswer();
  };
  // 'never': the session routes do not answer (yet): the session stays unknown. 'fetch': asked of `authFetch`.
  const auth = createAuthClient({ fetch: authFetch, storage: null, logger: { error() {}, warn() {}, debug() {} } });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider client={auth} {...(session === 'never' || session === 'fetch' ? {} : { session })}>
        <SiteClientsContext.Provider value={createSiteClients()}>
          <Suspense fallback={<p>Loading…</p>}>
            <RouteRenderer
              components={components}
              route={cartRoute}
              mode="normal"
              url={new URL('https://www.aero.example/cart')}
            />
          </Suspense>
        </SiteClientsContext.Provider>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return { sent, restore: () => (globalThis.fetch = realFetch) };
}

describe('the cart page', () => {
  it('asks the commerce service nothing while the session is unknown', async () => {
    const { sent, restore } = renderCart('never');
    try {
      expect(await screen.findByText('Loading cart…')).toBeTruthy();
      expect(sent).toEqual([]);
    } finally {
      restore();
    }
  });

  it('offers a visitor without a session to sign in, and asks nothing', async () => {
    const { sent, restore } = renderCart(null);
    try {
      const link = await screen.findByRole('link', { name: 'Sign in' });
      expect(link.getAttribute('href')).toBe('/api/auth/signin?callbackUrl=%2Fcart');
      expect(sent).toEqual([]);
    } finally {
      restore();
    }
  });

  it('says it cannot check the session when the session route fails, asks commerce nothing, and shows the cart after a retry', async () => {
    let sessionAnswer = () => Response.json({ message: 'down' }, { status: 500 });
    const { sent, restore } = renderCart('fetch', async () => sessionAnswer());
    try {
      expect((await screen.findByRole('alert')).textContent).toBe(
        'We could not check whether you are signed in just now. Your cart will show once we can.',
      );
      expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
      expect(sent).toEqual([]);
      sessionAnswer = () =>
        Response.json({ user: { name: 'Ada' }, expires: '2099-01-01T00:00:00.000Z', accessToken: 'buyer-token' });
      screen.getByRole('button', { name: 'Try again' }).click();
      await screen.findByText(/Total:/);
      expect(sent.every((r) => r.authorization === 'Bearer buyer-token')).toBe(true);
    } finally {
      restore();
    }
  });

  it('says the cart was not found, with no retry, when the commerce API answers 404', async () => {
    const session = { user: { name: 'Ada' }, expires: '2099-01-01T00:00:00.000Z', accessToken: 'buyer-token' };
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { restore } = renderCart(session, undefined, () =>
      Response.json({ Errors: [{ ErrorCode: 'NotFound', Message: 'Order not found: abc' }] }, { status: 404 }),
    );
    try {
      expect((await screen.findByRole('alert')).textContent).toBe('We could not find your cart.');
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
      expect(screen.queryByText('We could not load your cart just now.')).toBeNull();
    } finally {
      restore();
      error.mockRestore();
    }
  });

  it('says it could not load the cart just now, with a retry, for any other failure', async () => {
    const session = { user: { name: 'Ada' }, expires: '2099-01-01T00:00:00.000Z', accessToken: 'buyer-token' };
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { restore } = renderCart(session, undefined, () =>
      Response.json(
        { Errors: [{ ErrorCode: 'InvalidToken', Message: 'Access token is invalid or expired.' }] },
        { status: 401 },
      ),
    );
    try {
      expect((await screen.findByRole('alert')).textContent).toBe('We could not load your cart just now.');
      expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    } finally {
      restore();
      error.mockRestore();
    }
  });

  it("sends the signed-in buyer's token with every cart call", async () => {
    const session = { user: { name: 'Ada' }, expires: '2099-01-01T00:00:00.000Z', accessToken: 'buyer-token' };
    const { sent, restore } = renderCart(session);
    try {
      await screen.findByText(/Total:/);
      expect(sent.length).toBeGreaterThan(0);
      expect(sent.every((r) => r.authorization === 'Bearer buyer-token')).toBe(true);
    } finally {
      restore();
    }
  });
});
