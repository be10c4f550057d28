import { describe, expect, it } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { withPrism } from '../support/prism.ts';
import {
  ApiError,
  commerceOperations,
  createCommerceClient,
  type CommerceClientOptions,
} from '../../src/commerce/index.ts';
import {
  CommerceProvider,
  useCategoriesCreate,
  useCommerceClient,
  useMeGet,
  useOrdersGet,
  useOrdersList,
  useOrdersSubmit,
} from '../../src/commerce/react.tsx';
import * as hooks from '../../src/commerce/react.tsx';
import { answerOf } from './contract.ts';
import { queryOf, recordingFetch } from './recordingFetch.ts';

const prism = withPrism('commerce');

function setup(options: Partial<CommerceClientOptions> & { prefer?: string } = {}) {
  const fetch = recordingFetch({ prefer: options.prefer });
  const client = createCommerceClient({
    baseUrl: prism.url,
    accessToken: 'main-token',
    impersonationToken: 'buyer-token',
    fetch,
    ...options,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <CommerceProvider client={client}>{children}</CommerceProvider>
    </QueryClientProvider>
  );
  return { fetch, client, wrapper };
}

describe('commerce React hooks against Prism', () => {
  it('exports a bound hook for every operation of the table', () => {
    const names = Object.entries(commerceOperations).flatMap(([resource, ops]) =>
      Object.keys(ops).map((op) => `use${resource}${op}`),
    );
    expect(names).toHaveLength(421);
    expect(names.filter((name) => typeof (hooks as Record<string, unknown>)[name] !== 'function')).toEqual([]);
  });

  it('lists orders with the facade’s exact query string and the contract’s answer', async () => {
    const { fetch, wrapper } = setup();
    const options = {
      page: 2,
      pageSize: 5,
      searchOn: ['ID', 'Name'],
      sortBy: ['!DateCreated'],
      filters: { ID: ['a*', '!b'], xp: { Color: 'red' } },
    };
    const { result } = renderHook(() => useOrdersList('Incoming', options), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toEqual(answerOf(commerceOperations.Orders!.List!).body);
    const sent = fetch.requests[0]!;
    expect(sent.url.split('?')[0]).toBe(`${prism.url}/orders/Incoming`);
    expect(queryOf(sent.url)).toBe('ID=a*&ID=!b&xp.Color=red&page=2&pageSize=5&searchOn=ID%2CName&sortBy=!DateCreated');
    expect(sent.headers.get('Authorization')).toBe('Bearer main-token');
    expect(sent.headers.get('Content-Type')).toBe('application/json');
  });

  it('impersonates a hook call with request: { impersonate: true }, and only that hook', async () => {
    const { fetch, wrapper } = setup();
    const { result } = renderHook(
      () => ({ as: useMeGet({ request: { impersonate: true } }), plain: useOrdersGet('Outgoing', 'o1') }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.as.isSuccess && result.current.plain.isSuccess).toBe(true));
    const byPath = Object.fromEntries(
      fetch.requests.map((r) => [new URL(r.url).pathname, r.headers.get('Authorization')]),
    );
    expect(byPath).toEqual({ '/me': 'Bearer buyer-token', '/orders/Outgoing/o1': 'Bearer main-token' });
  });

  it('surfaces an error answer as ApiError in `error`', async () => {
    const { wrapper } = setup({ prefer: 'code=404' });
    const { result } = renderHook(() => useOrdersGet('Incoming', 'abc'), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toBeInstanceOf(ApiError);
    expect(result.current.error).toMatchObject({ status: 404, errorCode: 'NotFound', message: 'Order abc not found' });
  });

  it('fails an impersonated hook call without an impersonation token instead of sending it as the main user', async () => {
    const { fetch, wrapper } = setup({ impersonationToken: undefined });
    const { result } = renderHook(() => useMeGet({ request: { impersonate: true } }), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toContain('Impersonated call GET');
    expect(fetch.requests).toEqual([]);
  });

  it("serializes each mutation's own params like the facade (falsy dropped), impersonated per hook", async () => {
    const { fetch, wrapper } = setup();
    const { result } = renderHook(
      () => ({ create: useCategoriesCreate(), submit: useOrdersSubmit({ request: { impersonate: true } }) }),
      { wrapper },
    );
    const category = { ID: 'avionics', Name: 'Avionics' };
    let submitted: unknown;
    await act(async () => {
      [, , submitted] = await Promise.all([
        result.current.create.mutateAsync({ catalogID: 'aero', data: category, params: { adjustListOrders: false } }),
        result.current.create.mutateAsync({ catalogID: 'aero', data: category, params: { adjustListOrders: true } }),
        result.current.submit.mutateAsync({ direction: 'Outgoing', orderID: 'o1' }),
      ]);
    });
    expect(
      fetch.requests
        .map((r) => `${r.method} ${r.url.slice(prism.url.length)} ${r.headers.get('Authorization')}`)
        .sort(),
    ).toEqual([
      'POST /catalogs/aero/categories Bearer main-token',
      'POST /catalogs/aero/categories?adjustListOrders=true Bearer main-token',
      'POST /orders/Outgoing/o1/submit Bearer buyer-token',
    ]);
    expect(submitted).toEqual(answerOf(commerceOperations.Orders!.Submit!).body);
    await waitFor(() => expect(result.current.submit.data).toEqual(submitted));
  });

  it('gives the provider’s client to useCommerceClient, and says what to wrap without one', () => {
    const { client, wrapper } = setup();
    expect(renderHook(() => useCommerceClient(), { wrapper }).result.current).toBe(client);
    expect(() => renderHook(() => useCommerceClient())).toThrow(
      'No CommerceProvider found: wrap your app in <CommerceProvider>',
    );
    expect(() => renderHook(() => useOrdersList('Incoming'))).toThrow('No CommerceProvider found');
  });
});
