import { useMemo, type ReactNode } from 'react';
import { useMutation, type QueryClient, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';
import type { OrvalRequestOptions } from '../core/orvalRequest.ts';
import {
  CommerceHookContext,
  useCommerceHookBinding,
  type AnyHook,
  type CommerceHookBinding,
} from '../../generated/commerce/hookBinding.ts';
import type { CommerceClient } from './client.ts';
import { commerceCallerKey, commerceQueryKey } from './queryKey.ts';

export { commerceQueryKey } from './queryKey.ts';
export * from '../../generated/commerce/hooks.ts';

/** The options argument of a generated query hook, as far as the binding reads it. */
interface QueryHookOptions {
  query?: { queryKey?: QueryKey };
  request?: OrvalRequestOptions;
}

/** What orval's `get<Operation>MutationOptions` takes and returns. */
/* eslint-disable @typescript-eslint/no-explicit-any -- generic over every generated mutation's types. */
type MutationOptionsGetter = (options?: {
  mutation?: UseMutationOptions<any, any, any, any>;
  request?: OrvalRequestOptions;
}) => UseMutationOptions<any, any, any, any>;
/* eslint-enable @typescript-eslint/no-explicit-any */

/** The hook binding of one client, which also carries the client for `useCommerceClient`. */
interface CommerceBinding extends CommerceHookBinding {
  readonly client: CommerceClient;
}

/**
 * Binds the generated hooks to `client`. A query of operation `id` (`'Orders.List'`) gets the
 * key {@link commerceQueryKey}`(client, 'Orders', 'List', ...args)` plus the caller part of
 * `commerceCallerKey` (impersonation, per-call token), so two clients, or a plain and an
 * impersonated call, never share a cache entry; a `query.queryKey` given by the caller wins.
 * With `queryIndex` (the position of the hook's params argument) the params object also travels
 * as `request.query`, so the commerce transport rewrites orval's query string with the facade's
 * serializer (orval would send `filters=[object Object]` and repeat `searchOn`). Each `mutate`
 * call's `params` travel as that call's own `request.query` (a fresh options object per call, so
 * concurrent mutations never mix them). `request.impersonate: true` sends with the
 * impersonation token.
 */
function bindCommerceHooks(client: CommerceClient): CommerceBinding {
  return {
    client,
    query(hook: AnyHook, id: string, queryIndex: number | undefined, args: unknown[]) {
      const [resource, operation] = id.split('.') as [string, string];
      // Generated hooks take `(…params, options?, queryClient?)`.
      const optionsIndex = Math.max(0, hook.length - 2);
      const next = [...args];
      const keyArgs = next.slice(0, optionsIndex);
      // No options and `{}` send the same request, so they share one entry.
      if (queryIndex !== undefined) keyArgs[queryIndex] = next[queryIndex] ?? {};
      const { query, request, ...rest } = (next[optionsIndex] ?? {}) as QueryHookOptions;
      const queryKey = query?.queryKey ?? [
        ...commerceQueryKey(client, resource as never, operation as never, ...keyArgs),
        ...commerceCallerKey(client, request),
      ];
      const perCall: OrvalRequestOptions = { ...request, client: client.transport };
      if (queryIndex !== undefined) perCall.query = keyArgs[queryIndex];
      next[optionsIndex] = { ...rest, query: { ...query, queryKey }, request: perCall };
      return hook(...next);
    },
    mutation(getOptions: MutationOptionsGetter, [options, queryClient]: unknown[]) {
      const given = options as Parameters<MutationOptionsGetter>[0];
      const request: OrvalRequestOptions = { ...given?.request, client: client.transport };
      const mutationOptions = getOptions({ ...given, request });
      const mutationFn: typeof mutationOptions.mutationFn = (variables, context) => {
        const query = (variables as { params?: object } | undefined)?.params ?? {};
        const perCall = getOptions({ ...given, request: { ...request, query } });
        return perCall.mutationFn?.(variables, context) as Promise<unknown>;
      };
      // A hook by its caller: the generated `use…Mutation` hooks call this at their top level.
      // eslint-disable-next-line react-hooks/rules-of-hooks
      return useMutation({ ...mutationOptions, mutationFn }, queryClient as QueryClient | undefined);
    },
  };
}

/** Props of {@link CommerceProvider}. */
export interface CommerceProviderProps {
  /** The client the hooks below send through (from `createCommerceClient`). */
  client: CommerceClient;
  children?: ReactNode;
}

/**
 * Makes a commerce client available to `useCommerceClient()` and to every generated hook
 * below it (`useOrdersList`, `useOrdersSubmit`, …). Pass `{ request: { impersonate: true } }`
 * to a hook to send its calls with the client's impersonation token. Query keys hold the
 * client's `cacheKey` and the impersonation flag (see `commerceQueryKey`), so providers of
 * different clients under one `QueryClient` never show each other's data.
 */
export function CommerceProvider({ client, children }: CommerceProviderProps) {
  const binding = useMemo(() => bindCommerceHooks(client), [client]);
  return <CommerceHookContext.Provider value={binding}>{children}</CommerceHookContext.Provider>;
}

/** The client of the nearest `<CommerceProvider>`; throws with the fix when there is none. */
export function useCommerceClient(): CommerceClient {
  return (useCommerceHookBinding() as CommerceBinding).client;
}
