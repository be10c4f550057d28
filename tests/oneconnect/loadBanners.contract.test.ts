import { afterEach, describe, expect, it, vi } from 'vitest';
import { withPrism } from '../support/prism.ts';
import { ApiError, createOneconnectClient, loadBanners } from '../../src/oneconnect/index.ts';
import {
  getSegmentBannersResponse,
  getSegmentCookiesResponse,
  getUserBannerEventsResponse,
} from '../../generated/oneconnect/zod/banners/banners.ts';

const prism = withPrism('oneconnect');
afterEach(() => vi.restoreAllMocks());

/** A fetch that sends everything to Prism and lets a test pick Prism's answer per path. */
function preferring(prefer: Record<string, string>): typeof fetch {
  return (input, init) => {
    const headers = new Headers(init?.headers);
    for (const [path, value] of Object.entries(prefer)) if (String(input).includes(path)) headers.set('Prefer', value);
    return fetch(input, { ...init, headers });
  };
}

describe('oneconnect contract (Prism)', () => {
  it('answers the three calls with bodies that match the generated zod schemas', async () => {
    const { api } = createOneconnectClient({ baseUrl: prism.url });
    const cookies = await api.GET('/api/oneconnect/get-segment-cookies');
    expect(getSegmentCookiesResponse.parse(cookies.data)).toEqual({
      segments: ['aerospace-engineers', 'uk-visitors'],
      userId: 'u-7f3c2a91',
    });
    const banners = await api.GET('/api/oneconnect/get-segment-banners', {
      params: { query: { segments: 'aerospace-engineers,uk-visitors' } },
    });
    expect(getSegmentBannersResponse.parse(banners.data).map((b) => b.id)).toContain('banner-airshow');
    const events = await api.GET('/api/oneconnect/get-user-banner-events', {
      params: { query: { userId: 'u-7f3c2a91' } },
    });
    expect(getUserBannerEventsResponse.parse(events.data)).toHaveProperty('banner-webinar');
  });

  it('sends the segments as one comma-separated value, which Prism validates', async () => {
    const seen: string[] = [];
    const spy: typeof fetch = (input, init) => {
      seen.push(String(input));
      return fetch(input, init);
    };
    await loadBanners(createOneconnectClient({ baseUrl: prism.url, fetch: spy }));
    expect(seen.find((u) => u.includes('get-segment-banners'))).toContain('segments=aerospace-engineers%2Cuk-visitors');
  });

  it('runs the whole flow for a consenting visitor: active, not-closed and reopened banners only', async () => {
    const state = await loadBanners(createOneconnectClient({ baseUrl: prism.url }), {
      now: () => Date.parse('2026-11-22T12:00:00Z'),
      visitor: true,
    });
    expect(state.userId).toBe('u-7f3c2a91');
    // airshow: active, never closed; careers: closed before it started; webinar: closed after; expired; future.
    expect(state.banners.map((b) => b.id)).toEqual(['banner-airshow', 'banner-careers']);
  });

  it('turns a 500 into ApiError and the flow into "Failed to fetch banners" with no banners', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createOneconnectClient({
      baseUrl: prism.url,
      fetch: preferring({ 'get-segment-banners': 'code=500' }),
    });
    await expect(
      client.api.GET('/api/oneconnect/get-segment-banners', { params: { query: { segments: 'a' } } }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(await loadBanners(client)).toEqual({ banners: [], userId: '' });
    // One line: the specification's message and what the service answered, not the error's stack.
    expect(error).toHaveBeenCalledWith(
      'Failed to fetch banners',
      expect.stringMatching(
        /^HTTP 500 Internal Server Error from GET http:\/\/127\.0\.0\.1:\d+\/api\/oneconnect\/get-segment-banners$/,
      ),
    );
  });

  it('logs "Failed to fetch close events" when only the close events fail (a consenting visitor)', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createOneconnectClient({
      baseUrl: prism.url,
      fetch: preferring({ 'get-user-banner-events': 'code=500' }),
    });
    expect(await loadBanners(client, { visitor: true })).toEqual({ banners: [], userId: '' });
    expect(error).toHaveBeenCalledWith(
      'Failed to fetch close events',
      expect.stringMatching(/^HTTP 500 .* from GET .*\/get-user-banner-events$/),
    );
  });

  it('fetches no banners for a visitor without segments', async () => {
    const seen: string[] = [];
    const client = createOneconnectClient({
      baseUrl: prism.url,
      fetch: (input, init) => {
        seen.push(String(input));
        return preferring({ 'get-segment-cookies': 'example=anonymous' })(input, init);
      },
    });
    expect(await loadBanners(client)).toEqual({ banners: [], userId: '' });
    expect(seen).toHaveLength(1);
  });

  it('rethrows a refused connection unchanged from the client, and the flow yields no banners', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createOneconnectClient({ baseUrl: 'http://127.0.0.1:9' });
    const failure = await client.api.GET('/api/oneconnect/get-segment-cookies').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TypeError);
    expect(failure).not.toBeInstanceOf(ApiError);
    expect(await loadBanners(client)).toEqual({ banners: [], userId: '' });
    expect(error).toHaveBeenCalledWith('Failed to fetch banners', `TypeError: ${(failure as Error).message}`);
  });
});
