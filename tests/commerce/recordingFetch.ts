/** One request as it left the client. */
export interface Recorded {
  method: string;
  url: string;
  headers: Headers;
  body: string | undefined;
}

/**
 * A fetch that records every request and hands it on: to the real fetch (Prism), or to
 * `answer` (an in-process stub). `prefer` adds Prism's `Prefer` header to every request;
 * as a function of the request it lets Prism answer per token (one contract example per user).
 */
export function recordingFetch(
  options: {
    answer?: (request: Recorded) => Response | Promise<Response>;
    prefer?: string | ((request: { url: string; headers: Headers }) => string | undefined);
  } = {},
): typeof fetch & { requests: Recorded[] } {
  const requests: Recorded[] = [];
  const record = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const headers = new Headers(init?.headers);
    const prefer =
      typeof options.prefer === 'function' ? options.prefer({ url: String(input), headers }) : options.prefer;
    if (prefer) headers.set('Prefer', prefer);
    const request: Recorded = {
      method: init?.method ?? 'GET',
      url: String(input),
      headers,
      body: typeof init?.body === 'string' ? init.body : undefined,
    };
    requests.push(request);
    if (options.answer) return options.answer(request);
    return fetch(input, { ...init, headers });
  };
  return Object.assign(record as typeof fetch, { requests });
}

/** The query string of a recorded URL, without the `?`. */
export const queryOf = (url: string): string => url.split('?')[1] ?? '';
