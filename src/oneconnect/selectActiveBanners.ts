import type { Banner } from '../../generated/oneconnect/model/banner.ts';
import type { BannerCloseEvents } from '../../generated/oneconnect/model/bannerCloseEvents.ts';
import { parseCompactUtc } from './parseCompactUtc.ts';

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
