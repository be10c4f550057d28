import createClient, { type Client } from 'openapi-fetch';
import type { Transport } from '../core/transport.ts';
import type { paths } from '../../generated/commerce/schema.d.ts';
import { serializeQuery } from './serializeQuery.ts';

/** Sends `/oauth/…` paths without the version segment, as the API serves them. */
function withoutVersionForOauth(request: Request, baseUrl: string): Request {
  const versioned = /\/v\d+$/.test(baseUrl) ? `${baseUrl}/oauth/` : '';
  if (!versioned || !request.url.startsWith(versioned)) return request;
  return new Request(baseUrl.replace(/\/v\d+$/, '/oauth/') + request.url.slice(versioned.length), request);
}

/**
 * A typed openapi-fetch client for raw calls (`api.GET('/orders/{direction}', { params: … })`),
 * sending through the commerce client's transport (tokens, errors, timeout) and writing query
 * strings with the same serializer as the facade. Kept out of `createCommerceClient` so apps
 * that only use the facade do not bundle openapi-fetch.
 */
export function createCommerceApi(client: { transport: Transport }): Client<paths> {
  const { transport } = client;
  return createClient<paths>({
    baseUrl: transport.baseUrl,
    querySerializer: (query) => serializeQuery(query),
    fetch: (request) => transport(withoutVersionForOauth(request, transport.baseUrl)),
  });
}
