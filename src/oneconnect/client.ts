import createClient, { type Client } from 'openapi-fetch';
import { createTransport, type Transport } from '../core/transport.ts';
import type { paths } from '../../generated/oneconnect/schema.d.ts';

/** Options of {@link createOneconnectClient}. */
export interface OneconnectOptions {
  /** Where `/api/oneconnect/…` is served. Defaults to `''` (the page's own origin). */
  baseUrl?: string;
  /** Abort a call after this many ms. Defaults to 10000. */
  timeoutMs?: number;
  /** The fetch to send with. Defaults to the global `fetch`. */
  fetch?: typeof fetch;
}

/** The banners API: its transport (for the generated hooks) and a typed openapi-fetch client. */
export interface OneconnectClient {
  /** Sends every call: base URL, credentials (the segment cookie), timeout, `ApiError`. */
  transport: Transport;
  /** Typed raw client over the same transport. */
  api: Client<paths>;
}

/** Creates the banners API client. Sends cookies, since segments live in a cookie. */
export function createOneconnectClient(options: OneconnectOptions = {}): OneconnectClient {
  const transport = createTransport({
    baseUrl: options.baseUrl ?? '',
    credentials: 'include',
    timeoutMs: options.timeoutMs ?? 10_000,
    fetch: options.fetch,
    describeError: (body) => ({ message: (body as { message?: string } | null)?.message }),
  });
  const api = createClient<paths>({
    baseUrl: transport.baseUrl || (typeof location === 'undefined' ? '' : location.origin),
    fetch: (request) => transport(request),
  });
  return { transport, api };
}
