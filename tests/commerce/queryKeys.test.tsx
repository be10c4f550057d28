import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { withPrism } from '../support/prism.ts';
import {
  commerceQueryKey,
  createCommerceClient,
  type CommerceClient,
  type CommerceClientOptions,
} from '../../src/commerce/index.ts';
import { CommerceProvider, useMeGet, useMePatch, useOrdersGet, useOrdersList } from '../../src/commerce/react.tsx';
import { recordingFetch } from './recordingFetch.ts';

const prism = withPrism('commerce');
afterEach(cleanup);

// Two users of the contract: Prism answers GET /me with its `otherBuyer` example for token-b.
const JANE = 'jane.okafor';
const RASMUS = 'rasmus.lindqvist';
const asUser = ({ url, headers }: { url: string; headers: Headers }) =>
  new URL(url).pathname === '/me' && headers.get('Authorization') === 'Bearer token-b'
    ? 'example=otherBuyer'
    : undefined;

function userClient(accessToken: string, options: Partial<CommerceClientOptions> = {}) {
  const fetch = recordingFetch({ prefer: asUser });
  return { fetch, client: createCommerceClient({ baseUrl: prism.url, accessToken, fetch, ...options }) };
}

const newQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

function withClient(queryClient: QueryClient, client: CommerceClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <CommerceProvider client={client}>{children}</CommerceProvider>
    </QueryClientProvider>
  );
}

function MeName({ label }: { label: string }) {
  const me = useMeGet();
  return <p data-testid={label}>{me.data?.Username ?? '…'}</p>;
}

const pathsOf = (requests: { url: string }[]) => requests.map((r) => new URL(r.url).pathname).sort();

describe('commerce query keys keep users apart', () => {
  it('shows each of two providers under one QueryClient its own user', async () => {
    const queryClient = newQueryClient();
    const a = userClient('token-a');
    const b = userClient('token-b');
    render(
      <QueryClientProvider client={queryClient}>
        <CommerceProvider client={a.client}>
          <MeName label="a" />
        </CommerceProvider>
        <CommerceProvider client={b.client}>
          <MeName label="b" />
        </CommerceProvider>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByTestId('a').textContent).toBe(JANE));
    await waitFor(() => expect(screen.getByTestId('b').textContent).toBe(RASMUS));
    expect(a.fetch.requests.map((r) => r.headers.get('Authorization'))).toEqual(['Bearer token-a']);
    expect(b.fetch.requests.map((r) => r.headers.get('Authorization'))).toEqual(['Bearer token-b']);
  });

  it("never renders one user's data under the other's provider when providers take turns", async () => {
    const queryClient = newQueryClient();
    const a = userClient('token-a');
    const b = userClient('token-b');
    const renders: string[] = [];
    function Recorder({ user }: { user: string }) {
      const me = useMeGet();
      renders.push(`${user}:${me.data?.Username ?? '-'}`);
      return null;
    }
    const tree = (client: CommerceClient, user: string) => (
      <QueryClientProvider client={queryClient}>
        <CommerceProvider client={client}>
          <Recorder user={user} />
        </CommerceProvider>
      </QueryClientProvider>
    );
    const view = render(tree(a.client, 'A'));
    await waitFor(() => expect(renders.at(-1)).toBe(`A:${JANE}`));
    view.rerender(tree(b.client, 'B'));
    await waitFor(() => expect(renders.at(-1)).toBe(`B:${RASMUS}`));
    view.rerender(tree(a.client, 'A'));
    await waitFor(() => expect(renders.at(-1)).toBe(`A:${JANE}`));
    expect(renders.filter((r) => r === `B:${JANE}` || r === `A:${RASMUS}`)).toEqual([]);
    expect(renders).toContain('B:-');
  });

  it('keeps plain, impersonated and own-token calls of one hook in separate entries', async () => {
    const queryClient = newQueryClient();
    const { client, fetch } = userClient('token-a', { impersonationToken: 'token-b' });
    const { result } = renderHook(
      () => ({
        plain: useMeGet(),
        impersonated: useMeGet({ request: { impersonate: true } }),
        ownToken: useMeGet({ request: { accessToken: 'token-b' } }),
      }),
      { wrapper: withClient(queryClient, client) },
    );
    await waitFor(() => expect(Object.values(result.current).every((q) => q.isSuccess)).toBe(true));
    expect(result.current.plain.data?.Username).toBe(JANE);
    expect(result.current.impersonated.data?.Username).toBe(RASMUS);
    expect(result.current.ownToken.data?.Username).toBe(RASMUS);
    expect(fetch.requests.map((r) => r.headers.get('Authorization')).sort()).toEqual([
      'Bearer token-a',
      'Bearer token-b',
      'Bearer token-b',
    ]);
    expect(result.current.plain.queryKey).toEqual(commerceQueryKey(client, 'Me', 'Get'));
    expect(result.current.impersonated.queryKey).toEqual([
      ...commerceQueryKey(client, 'Me', 'Get'),
      { impersonate: true },
    ]);
    expect(queryClient.getQueryCache().getAll()).toHaveLength(3);
  });

  it('puts no token in any query key or hash', async () => {
    const queryClient = newQueryClient();
    const { client } = userClient('token-a-secret', { impersonationToken: 'token-imp-secret' });
    const { result } = renderHook(
      () => [
        useMeGet(),
        useMeGet({ request: { impersonate: true } }),
        useOrdersList('Incoming', {}, { request: { accessToken: 'token-own-secret' } }),
      ],
      { wrapper: withClient(queryClient, client) },
    );
    await waitFor(() => expect(result.current.every((q) => q.isSuccess)).toBe(true));
    const shown = JSON.stringify(
      queryClient
        .getQueryCache()
        .getAll()
        .map((q) => [q.queryKey, q.queryHash]),
    );
    expect(shown).toContain(client.cacheKey);
    expect(shown).not.toMatch(/secret/);
  });

  it('refreshes one resource of one client when its key prefix is invalidated', async () => {
    const queryClient = newQueryClient();
    const a = userClient('token-a');
    const b = userClient('token-b');
    const first = renderHook(
      () => ({ list: useOrdersList('Incoming', { page: 1 }), order: useOrdersGet('Outgoing', 'o1'), me: useMeGet() }),
      { wrapper: withClient(queryClient, a.client) },
    );
    const second = renderHook(() => useOrdersGet('Outgoing', 'o1'), { wrapper: withClient(queryClient, b.client) });
    await waitFor(() =>
      expect(Object.values(first.result.current).every((q) => q.isSuccess) && second.result.current.isSuccess).toBe(
        true,
      ),
    );
    expect(first.result.current.list.queryKey).toEqual([
      'commerce',
      a.client.cacheKey,
      'Orders',
      'List',
      'Incoming',
      { page: 1 },
    ]);
    expect(commerceQueryKey(a.client, 'Orders')).toEqual(['commerce', a.client.cacheKey, 'Orders']);
    const sentBefore = a.fetch.requests.length;
    await act(() => queryClient.invalidateQueries({ queryKey: ['commerce', a.client.cacheKey, 'Orders'] }));
    expect(pathsOf(a.fetch.requests.slice(sentBefore))).toEqual(['/orders/Incoming', '/orders/Outgoing/o1']);
    expect(b.fetch.requests).toHaveLength(1);
  });

  it('invalidates nothing on its own after a mutation', async () => {
    const queryClient = newQueryClient();
    const { client, fetch } = userClient('token-a');
    const { result } = renderHook(() => ({ me: useMeGet(), patch: useMePatch() }), {
      wrapper: withClient(queryClient, client),
    });
    await waitFor(() => expect(result.current.me.isSuccess).toBe(true));
    await act(() => result.current.patch.mutateAsync({ data: { Phone: '425-555-0100' } }));
    expect(fetch.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(['GET /me', 'PATCH /me']);
  });

  it('takes an explicit cacheKey, and gives every other client its own', () => {
    const named = createCommerceClient({ baseUrl: prism.url, cacheKey: 'ssr-user-42' });
    expect(named.cacheKey).toBe('ssr-user-42');
    expect(commerceQueryKey(named, 'Me', 'Get')).toEqual(['commerce', 'ssr-user-42', 'Me', 'Get']);
    const one = createCommerceClient({ baseUrl: prism.url, accessToken: 'same' });
    const two = createCommerceClient({ baseUrl: prism.url, accessToken: 'same' });
    expect(one.cacheKey).not.toBe(two.cacheKey);
    expect(one.cacheKey).not.toContain('same');
    expect(() => createCommerceClient({ cacheKey: '' })).toThrow(
      new TypeError("cacheKey must be a non-empty string, got ''"),
    );
  });
});
