import { vi } from 'vitest';

/** One request the SDK made, as it left the SDK (before it reached the server). */
export interface RecordedRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  /** The raw body text, exactly as sent. */
  body: string | undefined;
  /** Whether the request asked to outlive the page (fetch's `keepalive`). */
  keepalive: boolean;
  /** The answer's status, once it arrived. */
  status?: number;
}

/** Options of {@link recordFetch}. */
export interface RecordOptions {
  /** A `Prefer` header for Prism per request URL (e.g. `code=400`), or undefined for none. */
  prefer?: (url: string) => string | undefined;
}

/**
 * Replaces the global fetch (which the SDK uses, as the reference does) with one that
 * records each request and then sends it on, unchanged except for an optional `Prefer`
 * header, to wherever it was addressed (Prism in the contract tests). Restore with
 * `vi.unstubAllGlobals()`.
 */
export function recordFetch(options: RecordOptions = {}): RecordedRequest[] {
  const calls: RecordedRequest[] = [];
  const real = globalThis.fetch;
  vi.stubGlobal('fetch', async (input: string | URL | Request, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const entry: RecordedRequest = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: Object.fromEntries(headers),
      body: typeof init.body === 'string' ? init.body : undefined,
      keepalive: init.keepalive === true,
    };
    calls.push(entry);
    const prefer = options.prefer?.(entry.url);
    if (prefer) headers.set('Prefer', prefer);
    const response = await real(input, { ...init, headers });
    entry.status = response.status;
    return response;
  });
  return calls;
}

/** Every cookie path a test may have written a cookie under. */
const PATHS = ['/', '/shop', '/careers', '/careers/jobs', '/careers/jobs/42', '/news', '/news/', '/news/x'];

/** Clears cookies, the queue, `window.Engage`, injected scripts, `<html lang>` and the URL. */
export function resetBrowser(): void {
  for (const page of PATHS) {
    history.replaceState(null, '', page);
    for (const pair of document.cookie.split('; ')) {
      const name = pair.split('=')[0];
      if (!name) continue;
      for (const path of PATHS) {
        document.cookie = `${name}=; Max-Age=0; Path=${path}`;
        document.cookie = `${name}=; Max-Age=0; Path=${path}; Domain=${location.hostname}`;
      }
    }
  }
  sessionStorage.clear();
  delete window.Engage;
  for (const script of [...document.scripts]) script.remove();
  document.documentElement.lang = '';
  history.replaceState(null, '', '/');
}

/** Sets the page URL (same origin as jsdom's) and `<html lang>`. */
export function setPage(path: string, lang = ''): void {
  history.replaceState(null, '', path);
  document.documentElement.lang = lang;
}

/** Parses a recorded JSON body. */
export function json(request: RecordedRequest | undefined): unknown {
  if (!request?.body) throw new Error(`no body recorded for ${request?.url}`);
  return JSON.parse(request.body);
}
