import { isApiError } from '../core/errors.ts';
import { readBody } from '../core/transport.ts';
import type { Transport } from '../core/transport.ts';
import { readIdentityToken, type IdentityTokenGetter } from './readIdentityToken.ts';
import type { SearchEndpoints } from './resolveSearchEndpoints.ts';
import { searchMessages } from './searchMessages.ts';
import type { EventRequest, SearchLogger, SearchRequest } from './types.ts';

/** The two calls of the service. */
export interface ServiceCalls {
  /**
   * POSTs a search body. Resolves to the answer; on a service failure logs the raw
   * error and `There was a problem on the service call`, then resolves to the error
   * body or `null` (it does not throw). An abort rejects, since nobody waits. With the
   * commerce connector, a missing identity token rejects before anything is sent.
   */
  search(body: SearchRequest, init?: { signal?: AbortSignal }): Promise<unknown>;
  /**
   * POSTs one tracking event. Resolves to `true` when accepted; on failure logs as
   * `search` does and resolves to the error body or `null`.
   */
  publishEvent(event: EventRequest): Promise<unknown>;
}

/** Creates the service calls over one transport. */
export function createServiceCalls(
  endpoints: SearchEndpoints,
  transport: Transport,
  logger: SearchLogger,
  getIdentityToken?: IdentityTokenGetter,
): ServiceCalls {
  const apiKeyHeader: Record<string, string> = endpoints.apiKey ? { Authorization: endpoints.apiKey } : {};
  const post = async (url: string, body: unknown, headers: Record<string, string>, init: RequestInit = {}) => {
    const signal = init.signal ?? undefined;
    try {
      const response = await transport(url, { ...init, method: 'POST', body: JSON.stringify(body), headers });
      return { ok: true as const, body: await readBody(response) };
    } catch (error) {
      if (signal?.aborted) throw error;
      logger.error(error, searchMessages.serviceCallProblem);
      return { ok: false as const, body: isApiError(error) ? (error.body ?? null) : null };
    }
  };
  return {
    async search(body, init = {}) {
      const headers =
        endpoints.mode === 'commerce'
          ? { Authorization: `Bearer ${await readIdentityToken(getIdentityToken)}` }
          : apiKeyHeader;
      return (await post(endpoints.searchUrl, body, headers, { signal: init.signal })).body;
    },
    async publishEvent(event) {
      if (!endpoints.eventUrl) return null;
      // keepalive lets a click event finish when the click navigates away.
      const result = await post(endpoints.eventUrl, event, apiKeyHeader, { keepalive: true });
      return result.ok ? true : result.body;
    },
  };
}
