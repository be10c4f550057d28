import type { Transport } from './transport.ts';

/**
 * Binds an orval-generated React Query hook to a transport read from a provider:
 * the returned hook takes the same arguments and puts the transport into the
 * `request` option (kept alongside any per-call request fields, such as
 * impersonation). Generated hooks take `(…params, options?, queryClient?)`,
 * so the options are always the second-to-last declared parameter.
 */
// biome-ignore lint/suspicious/noExplicitAny: generic over every generated hook signature.
export function bindHook<H extends (...args: any[]) => any>(hook: H, useTransport: () => Transport): H {
  const optionsIndex = Math.max(0, hook.length - 2);
  const bound = (...args: unknown[]) => {
    const client = useTransport();
    const next = [...args];
    const options = (next[optionsIndex] ?? {}) as { request?: Record<string, unknown> };
    next[optionsIndex] = { ...options, request: { ...options.request, client } };
    return hook(...next);
  };
  return bound as H;
}
