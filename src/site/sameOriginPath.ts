/**
 * Returns `url` as a path on this site when it points at this site's origin,
 * else `fallback`: redirect targets taken from the query string must never
 * send readers to another origin.
 */
export function sameOriginPath(url: string | null | undefined, fallback = '/', origin: string = window.location.origin): string {
  if (!url) return fallback;
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? `${target.pathname}${target.search}${target.hash}` : fallback;
  } catch {
    return fallback;
  }
}
