/**
 * True when `value` reads exactly `yyyy-mm-ddThh:mm` and is a real UTC date and time:
 * it must survive a round trip through `Date` at minute precision, so `1990-02-30T00:00`,
 * `1990-01-01` and `1990-01-01T00:00:00` are all rejected.
 */
export function isShortIsoDate(value: unknown): boolean {
  try {
    // toISOString throws for an invalid date; only a string can equal its result.
    return new Date(`${String(value)}Z`).toISOString().slice(0, 16) === value;
  } catch {
    return false;
  }
}
