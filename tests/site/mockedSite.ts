import { vi } from 'vitest';
import { preferForRequest } from '../../scripts/lib/contentMock.mjs';
import { preferForBannerRequest } from '../../scripts/lib/oneconnectMock.mjs';

/**
 * Sends the site's same-origin API calls (its `fetch`, stubbed until `vi.unstubAllGlobals()`) to the
 * Prism mocks at `mocks` as the dev and preview servers do: the content mock (`/content-api`) and
 * the banner mock (`/api/oneconnect`) with the `Prefer` of the mock layer (the example each request
 * asks for: its item and language); the session routes answer "signed out"; anything else fails at once.
 */
export function sendToMocks(mocks: { content: string; oneconnect: string }): void {
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    let target: string;
    let prefer: string | undefined;
    if (url.pathname.startsWith('/content-api/')) {
      target = `${mocks.content}${url.pathname.slice('/content-api'.length)}${url.search}`;
      prefer = preferForRequest(url.href);
    } else if (url.pathname.startsWith('/api/oneconnect/')) {
      target = `${mocks.oneconnect}${url.pathname}${url.search}`;
      prefer = preferForBannerRequest(url.href);
    } else if (url.pathname.startsWith('/api/auth/')) return Response.json({});
    else return Response.json({}, { status: 503 });
    const headers = new Headers(input instanceof Request ? input.headers : init?.headers);
    if (prefer) headers.set('Prefer', prefer);
    return realFetch(target, { method: 'GET', headers, signal: init?.signal ?? null });
  });
}
