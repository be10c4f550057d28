// The banner flow: when a banner is active (dates in compact UTC), which banners a visitor
// sees, and the calls that fetch segments, banners and close events.
import type { Banner } from '../../generated/oneconnect/model/banner.ts';
import type { BannerCloseEvents } from '../../generated/oneconnect/model/bannerCloseEvents.ts';
import { describeFailure } from '../core/errors.ts';
import type { OneconnectClient } from './client.ts';

const COMPACT_UTC = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/;

/**
 * Parses a compact UTC timestamp `yyyymmddThhmmssZ` into epoch milliseconds.
 * Returns `undefined` for anything else, including impossible dates such as
 * `20250230T000000Z`, so callers can skip the value instead of throwing.
 */
export function parseCompactUtc(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const m = COMPACT_UTC.exec(value);
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  const ms = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(ms);
  // Date.UTC rolls 30 February over into March; a round trip catches that.
  const exact =
    back.getUTCFullYear() === y &&
    back.getUTCMonth() === mo - 1 &&
    back.getUTCDate() === d &&
    back.getUTCHours() === h &&
    back.getUTCMinutes() === mi &&
    back.getUTCSeconds() === s;
  return exact ? ms : undefined;
}

/**
 * Keeps the banners a visitor should see at `now`: those whose start and end
 * dates enclose `now` (both ends inclusive) and that the visitor either never
 * closed or closed before the banner's current run started (start date later
 * than the close date). A banner with a malformed start or end date is left
 * out with a warning. A malformed close date also leaves the banner out with a
 * warning, since showing a banner the visitor dismissed is worse than hiding one. Pure: never throws, never mutates its input.
 */
export function selectActiveBanners(
  banners: readonly Banner[],
  closeEvents: BannerCloseEvents | null | undefined,
  now: Date | number,
): Banner[] {
  const at = typeof now === 'number' ? now : now.getTime();
  const closed = closeEvents ?? {};
  return banners.filter((banner) => {
    const start = parseCompactUtc(banner?.startDate?.value);
    const end = parseCompactUtc(banner?.endDate?.value);
    if (start === undefined || end === undefined) {
      console.warn(`Banner ${String(banner?.id)} skipped: malformed startDate or endDate (expected yyyymmddThhmmssZ)`);
      return false;
    }
    if (at < start || at > end) return false;
    if (!Object.hasOwn(closed, banner.id)) return true;
    const closedAt = parseCompactUtc(closed[banner.id]);
    if (closedAt === undefined) {
      console.warn(`Banner ${banner.id} skipped: malformed close date (expected yyyymmddThhmmssZ)`);
      return false;
    }
    return start > closedAt;
  });
}

/** What the banner flow stores in the site context. */
export interface BannerState {
  /** Banners active now and not dismissed by the visitor. */
  banners: Banner[];
  /** The visitor's id from the segment cookie; `''` without the visitor's consent, when unknown or on failure. */
  userId: string;
}

/** Options of {@link loadBanners}. */
export interface LoadBannersOptions {
  /** The moment to select for. Defaults to `Date.now()` after the calls return. */
  now?: () => number;
  /** Cancels the calls (React Query passes one). Defaults to none. */
  signal?: AbortSignal;
  /**
   * The language of the banners' texts (the page's, e.g. `de`), sent as the banner call's `language`.
   * Defaults to none: the service's default language, English.
   */
  language?: string;
  /**
   * Whether the visitor consented to being recognised (the site: analytics consent, group C0002). Only
   * then does the flow send the visitor's cookies (`credentials: 'include'`: their segment cookie), keep
   * the user id the service answers and ask for that user's close events. Without it both calls go
   * without any cookie (`credentials: 'omit'`, which also stores none the service sets), the answer's
   * user id is dropped and no close events are asked for: the service's general banners, the segments
   * it gives a visitor it cannot recognise. Defaults to false.
   */
  visitor?: boolean;
}

const EMPTY: BannerState = Object.freeze({ banners: [], userId: '' }) as BannerState;

/**
 * The banner flow: segments → banners for those segments → the visitor's close
 * events → {@link selectActiveBanners}; with the visitor's cookies and user id only
 * when `options.visitor` says they consented. Never rejects on a service failure: it
 * logs `Failed to fetch banners` or `Failed to fetch close events` and yields no
 * banners and an empty userId. An abort (`signal`) is rethrown, since nobody waits.
 */
export async function loadBanners(client: OneconnectClient, options: LoadBannersOptions = {}): Promise<BannerState> {
  const { signal, language, visitor = false } = options;
  // The client sends cookies with every call (`credentials: 'include'`); without consent these calls
  // go through its transport with none at all.
  const anonymous = visitor ? {} : { fetch: (request: Request) => client.transport(request, { credentials: 'omit' }) };
  let userId: string;
  let banners: Banner[];
  try {
    const cookies = (await client.api.GET('/api/oneconnect/get-segment-cookies', { signal, ...anonymous })).data;
    userId = visitor ? (cookies?.userId ?? '') : '';
    const segments = (cookies?.segments ?? []).filter((s) => s !== '');
    banners = segments.length
      ? ((
          await client.api.GET('/api/oneconnect/get-segment-banners', {
            params: { query: { segments: segments.join(','), ...(language ? { language } : {}) } },
            signal,
            ...anonymous,
          })
        ).data ?? [])
      : [];
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error('Failed to fetch banners', describeFailure(error));
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
    console.error('Failed to fetch close events', describeFailure(error));
    return { ...EMPTY, banners: [] };
  }
}
