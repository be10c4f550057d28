import { useMutation, type QueryClient, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';
import type { RequestOptions } from '../../core/orvalRequest.ts';
import type { Transport } from '../../core/transport.ts';
import { commerceCallerKey, commerceQueryKey } from '../commerceQueryKey.ts';
import { useCommerceClient } from './useCommerceClient.ts';

const useCommerceTransport = (): Transport => useCommerceClient().transport;

// biome-ignore lint/suspicious/noExplicitAny: generic over every generated hook signature.
type AnyHook = (...args: any[]) => any;

/** The options argument of a generated query hook, as far as the binding reads it. */
interface QueryHookOptions {
  query?: { queryKey?: QueryKey };
  request?: RequestOptions;
}

/**
 * Binds an orval query hook of operation `id` (`'Orders.List'`) to the provider's client. Its
 * query key is {@link commerceQueryKey}'s `['commerce', client.cacheKey, 'Orders', 'List',
 * ...args]` plus the caller part of `commerceCallerKey` (impersonation, per-call token), so two
 * clients, or a plain and an impersonated call, never share a cache entry; a `query.queryKey`
 * given by the caller wins. With `queryIndex` (the position of the hook's params argument) the
 * params object also travels as `request.query`, so the commerce transport rewrites orval's
 * query string with the facade's serializer (orval would send `filters=[object Object]` and
 * repeat `searchOn`). `request.impersonate: true` sends the call with the impersonation token.
 */
export function bindCommerceQuery<H extends AnyHook>(hook: H, id: string, queryIndex?: number): H {
  const [resource, operation] = id.split('.') as [string, string];
  // Generated hooks take `(…params, options?, queryClient?)`.
  const optionsIndex = Math.max(0, hook.length - 2);
  const bound = (...args: unknown[]) => {
    const client = useCommerceClient();
    const next = [...args];
    const keyArgs = next.slice(0, optionsIndex);
    // No options and `{}` send the same request, so they share one entry.
    if (queryIndex !== undefined) keyArgs[queryIndex] = next[queryIndex] ?? {};
    const { query, request, ...rest } = (next[optionsIndex] ?? {}) as QueryHookOptions;
    const queryKey = query?.queryKey ?? [
      ...commerceQueryKey(client, resource as never, operation as never, ...keyArgs),
      ...commerceCallerKey(client, request),
    ];
    const perCall: RequestOptions = { ...request, client: client.transport };
    if (queryIndex !== undefined) perCall.query = keyArgs[queryIndex];
    next[optionsIndex] = { ...rest, query: { ...query, queryKey }, request: perCall };
    return hook(...next);
  };
  return bound as H;
}

/** What orval's `get<Operation>MutationOptions` takes and returns. */
type MutationOptionsGetter = (options?: {
  // biome-ignore lint/suspicious/noExplicitAny: generic over every generated mutation.
  mutation?: UseMutationOptions<any, any, any, any>;
  request?: RequestOptions;
  // biome-ignore lint/suspicious/noExplicitAny: generic over every generated mutation.
}) => UseMutationOptions<any, any, any, any>;

/**
 * Builds an orval mutation hook bound to the provider's client from its
 * `get<Operation>MutationOptions`. Each `mutate` call's `params` travel as that call's own
 * `request.query` (a fresh options object per call, so concurrent mutations never mix them),
 * and the transport serializes them like the facade (falsy options dropped).
 */
export function bindCommerceMutation(getOptions: MutationOptionsGetter): AnyHook {
  return function useCommerceMutation(options?: Parameters<MutationOptionsGetter>[0], queryClient?: QueryClient) {
    const request: RequestOptions = { ...options?.request, client: useCommerceTransport() };
    const mutationOptions = getOptions({ ...options, request });
    const mutationFn: typeof mutationOptions.mutationFn = (variables, context) => {
      const query = (variables as { params?: object } | undefined)?.params ?? {};
      const perCall = getOptions({ ...options, request: { ...request, query } });
      return perCall.mutationFn?.(variables, context) as Promise<unknown>;
    };
    return useMutation({ ...mutationOptions, mutationFn }, queryClient);
  };
}
