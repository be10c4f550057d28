import { describe, expect, it } from 'vitest';
import { ApiError, createContentClient, type ContentOptions } from '../../src/content/index.ts';

const KEY = '2E7D5A8C-4B1F-4C9A-9D3E-6F0A1B2C3D4E';
const NOT_FOUND = { sitecore: { context: { pageEditing: false, pageState: 'normal' }, route: null } };

/** A fetch that records each request and answers with the given status and body. */
function recording(
  status = 200,
  body: unknown = { sitecore: { context: { pageEditing: false, pageState: 'normal' }, route: { name: 'home' } } },
) {
  const requests: Request[] = [];
  const fetch: typeof globalThis.fetch = async (input, init) => {
    requests.push(new Request(input, init));
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return { requests, fetch };
}

const make = (fetch: typeof globalThis.fetch, extra: Partial<ContentOptions> = {}) =>
  createContentClient({ baseUrl: 'https://cd.aero.example', apiKey: KEY, fetch, ...extra });

describe('createContentClient', () => {
  it('asks the layout service for the item with the key, language and site, and no mode for visitors', async () => {
    const { requests, fetch } = recording();
    await make(fetch, { site: 'aero', language: 'en-GB' }).getRoute('/capabilities/space');
    const url = new URL(requests[0]!.url);
    expect(url.origin + url.pathname).toBe('https://cd.aero.example/sitecore/api/layout/render/jss');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      item: '/capabilities/space',
      sc_apikey: KEY,
      sc_site: 'aero',
      sc_lang: 'en-GB',
    });
  });

  it('passes sc_mode for editors and a per-call language', async () => {
    const { requests, fetch } = recording();
    await make(fetch).getRoute('/', { mode: 'edit', language: 'fr' });
    const url = new URL(requests[0]!.url);
    expect(url.searchParams.get('sc_mode')).toBe('edit');
    expect(url.searchParams.get('sc_lang')).toBe('fr');
    expect(url.searchParams.has('sc_site')).toBe(false);
  });

  it('never sends a Prefer header (choosing mock answers belongs to the mock layer)', async () => {
    const { requests, fetch } = recording();
    const client = make(fetch);
    await client.getRoute('/');
    await client.getDictionary('aero', 'en');
    await client.listRoutes();
    expect(requests).toHaveLength(3);
    for (const request of requests) expect(request.headers.has('prefer')).toBe(false);
  });

  it('returns a 404 layout answer as data with route null', async () => {
    const { fetch } = recording(404, NOT_FOUND);
    await expect(make(fetch).getRoute('/nope')).resolves.toEqual(NOT_FOUND);
  });

  it('throws ApiError for a 404 that is not a layout answer, and for other failures', async () => {
    const html = recording(404, '<html>Not here</html>');
    await expect(make(html.fetch).getRoute('/nope')).rejects.toMatchObject({ status: 404, isApiError: true });
    const down = recording(503, { message: 'Content delivery unavailable' });
    const error = await make(down.fetch)
      .getRoute('/')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 503, message: 'Content delivery unavailable' });
  });

  it('asks the dictionary and the route listing with the key (and the site and language for the listing)', async () => {
    const { requests, fetch } = recording(200, {});
    const client = make(fetch, { site: 'aero' });
    await client.getDictionary('aero', 'en');
    await client.listRoutes();
    const [dictionary, routes] = requests.map((r) => new URL(r.url));
    expect(dictionary!.pathname).toBe('/sitecore/api/jss/dictionary/aero/en');
    expect(Object.fromEntries(dictionary!.searchParams)).toEqual({ sc_apikey: KEY });
    expect(routes!.pathname).toBe('/sitecore/api/jss/routes');
    expect(Object.fromEntries(routes!.searchParams)).toEqual({ sc_apikey: KEY, sc_site: 'aero', sc_lang: 'en' });
  });

  it('names the field and the rule for bad input', async () => {
    const { fetch } = recording();
    expect(() => createContentClient({ baseUrl: 'https://cd.aero.example', apiKey: '', fetch })).toThrow(
      "createContentClient: apiKey is required (the deployment's sc_apikey)",
    );
    expect(() => createContentClient({ apiKey: KEY } as ContentOptions)).toThrow(
      /createContentClient: baseUrl is required/,
    );
    await expect(make(fetch).getRoute('capabilities')).rejects.toThrow(
      'getRoute: item must be a path starting with "/" (got "capabilities")',
    );
    await expect(make(fetch).getDictionary('', 'en')).rejects.toThrow(
      'getDictionary: appName is required (e.g. "aero")',
    );
  });
});
