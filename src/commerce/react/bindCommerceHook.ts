import { useMutation, type QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { bindHook } from '../../core/bindHook.ts';
import type { RequestOptions } from '../../core/orvalRequest.ts';
import type { Transport } from '../../core/transport.ts';
import { useCommerceClient } from './useCommerceClient.ts';

const useCommerceTransport = (): Transport => useCommerceClient().transport;

// biome-ignore lint/suspicious/noExplicitAny: generic over every generated hook signature.
type AnyHook = (...args: any[]) => any;

/**
 * Binds an orval query hook to the provider's client. With `queryIndex` (the position of the
 * hook's params argument) the params object also travels as `request.query`, so the commerce
 * transport rewrites orval's query string with the facade's serializer (orval would send
 * `filters=[object Object]` and repeat `searchOn`). `request.impersonate: true` per call
 * sends it with the impersonation token.
 */
export function bindCommerceQuery<H extends AnyHook>(hook: H, queryIndex?: number): H {
  if (queryIndex === undefined) return bindHook(hook, useCommerceTransport);
  const optionsIndex = Math.max(0, hook.length - 2);
  const withQuery = (...args: unknown[]) => {
    const next = [...args];
    const options = (next[optionsIndex] ?? {}) as { request?: RequestOptions };
    next[optionsIndex] = { ...options, request: { ...options.request, query: next[queryIndex] ?? {} } };
    return hook(...next);
  };
  // bindHook finds the options argument from the declared parameter count.
  Object.defineProperty(withQuery, 'length', { value: hook.length });
  return bindHook(withQuery as H, useCommerceTransport);
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
