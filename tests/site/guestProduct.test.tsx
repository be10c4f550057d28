import { Suspense } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RouteData } from '../../src/content/index.ts';
import { RouteRenderer } from '../../src/site/content/placeholder.tsx';
import { components } from '../../src/site/content/registry.tsx';
import { ProductPage } from '../../src/site/content/registry.tsx';
import { createSiteClients, SiteClientsContext } from '../../src/site/siteClients.tsx';
import { siteConfig } from '../../src/site/siteConfig.ts';
import { createAuthClient } from '../../src/auth/index.ts';
import { SessionProvider } from '../../src/auth/react.tsx';
import { readContract } from '../../scripts/contract/contracts.mjs';
import { CONTENT_SPEC } from '../../scripts/lib/contentMock.mjs';

// A product page is for every visitor: without a session (signed out, or the session routes
// failing) the site's own commerce client browses with a guest token from the buyer app's client id.

const contract = readContract(CONTENT_SPEC);
const productRoute = contract.components.examples['products-wildcard'].value.sitecore.route as RouteData;

const GUEST_TOKEN = 'guest-token-of-the-buyer-app';
const PRODUCT = { ID: 'TFK-6AL4V-100', Name: 'Ti-6Al-4V plate, 100 mm' };

beforeAll(() => ProductPage.preload(), 30_000);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/**
 * The commerce service as the real one behaves: a token for the buyer app's client id at
 * `/oauth/token`, and the product only for a request that carries a token (401 otherwise).
 */
function commerceService() {
  const requests: { method: string; url: string; authorization: string | null; body: string }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const body = await request.text();
    requests.push({
      method: request.method,
      url: request.url,
      authorization: request.headers.get('Authorization'),
      body,
    });
    const { pathname } = new URL(request.url);
    if (pathname.endsWith('/oauth/token')) {
      const form = new URLSearchParams(body);
      return form.get('client_id') === siteConfig.commerceClientId && form.get('grant_type') === 'client_credentials'
        ? Response.json({ access_token: GUEST_TOKEN, token_type: 'bearer', expires_in: 36_000 })
        : Response.json({ error: 'invalid_client' }, { status: 400 });
    }
    if (request.headers.get('Authorization') !== `Bearer ${GUEST_TOKEN}`)
      return Response.json(
        { Errors: [{ ErrorCode: 'InvalidToken', Message: 'Access token is invalid or expired.' }] },
        { status: 401 },
      );
    return Response.json(PRODUCT);
  });
  return requests;
}

/** Renders the product route with the site's own clients, under a session client answering with `session`. */
function renderProductPage(sessionAnswer: () => Promise<Response>) {
  const auth = createAuthClient({ fetch: sessionAnswer });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider client={auth}>
        <SiteClientsContext.Provider value={createSiteClients()}>
          <Suspense fallback={<p>Loading…</p>}>
            <RouteRenderer
              components={components}
              route={productRoute}
              mode="normal"
              url={new URL(`/products/${PRODUCT.ID}`, 'https://www.aero.example')}
            />
          </Suspense>
        </SiteClientsContext.Provider>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('a product page for a visitor without a session', () => {
  it.each([
    ['signed out (the session route answers no session)', () => Promise.resolve(Response.json({}))],
    ['the session routes failing', () => Promise.resolve(new Response('upstream error', { status: 502 }))],
    ['the session routes unreachable', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('shows the product, fetched with the guest token, with its name as the title: %s', async (_case, answer) => {
    const requests = commerceService();
    renderProductPage(answer);

    expect((await screen.findByRole('heading', { level: 1 }, { timeout: 5_000 })).textContent).toBe(PRODUCT.Name);
    expect(document.title).toBe(`${PRODUCT.Name} | ${siteConfig.siteName}`);

    const token = requests.find((r) => r.url.endsWith('/oauth/token'));
    expect(token?.method).toBe('POST');
    expect(token?.url).not.toMatch(/\/v\d+\/oauth\//);
    expect(token?.authorization).toBeNull();
    expect(new URLSearchParams(token?.body).get('client_id')).toBe(siteConfig.commerceClientId);
    const product = requests.find((r) => r.url.endsWith(`/products/${PRODUCT.ID}`));
    expect(product?.authorization).toBe(`Bearer ${GUEST_TOKEN}`);
    expect(requests.filter((r) => r.url.endsWith('/oauth/token'))).toHaveLength(1);
  });
});
