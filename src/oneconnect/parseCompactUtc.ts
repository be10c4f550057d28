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
