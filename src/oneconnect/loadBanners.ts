import type { Banner } from '../../generated/oneconnect/model/banner.ts';
import type { OneconnectClient } from './createOneconnectClient.ts';
import { selectActiveBanners } from './selectActiveBanners.ts';

/** What the banner flow stores in the site context. */
export interface BannerState {
  /** Banners active now and not dismissed by the visitor. */
  banners: Banner[];
  /** The visitor's id from the segment cookie; `''` when unknown or on failure. */
  userId: string;
}

/** Options of {@link loadBanners}. */
export interface LoadBannersOptions {
  /** The moment to select for. Defaults to `Date.now()` after the calls return. */
  now?: () => number;
  /** Cancels the calls (React Query passes one). Defaults to none. */
  signal?: AbortSignal;
}

const EMPTY: BannerState = Object.freeze({ banners: [], userId: '' }) as BannerState;

/**
 * The banner flow: segments → banners for those segments → the visitor's close
 * events → {@link selectActiveBanners}. Never rejects on a service failure: it
 * logs `Failed to fetch banners` or `Failed to fetch close events` and yields no
 * banners and an empty userId. An abort (`signal`) is rethrown, since nobody waits.
 */
export async function loadBanners(client: OneconnectClient, options: LoadBannersOptions = {}): Promise<BannerState> {
  const { signal } = options;
  let userId: string;
  let banners: Banner[];
  try {
    const cookies = (await client.api.GET('/api/oneconnect/get-segment-cookies', { signal })).data;
    userId = cookies?.userId ?? '';
    const segments = (cookies?.segments ?? []).filter((s) => s !== '');
    banners = segments.length
      ? ((await client.api.GET('/api/oneconnect/get-segment-banners', { params: { query: { segments: segments.join(',') } }, signal })).data ?? [])
      : [];
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error('Failed to fetch banners', error);
    return { ...EMPTY, banners: [] };
  }
  if (banners.length === 0) return { banners: [], userId };
  try {
    const closeEvents = userId
      ? (await client.api.GET('/api/oneconnect/get-user-banner-events', { params: { query: { userId } }, signal })).data
      : {};
    return { banners: selectActiveBanners(banners, closeEvents, (options.now ?? Date.now)()), userId };
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error('Failed to fetch close events', error);
    return { ...EMPTY, banners: [] };
  }
}
