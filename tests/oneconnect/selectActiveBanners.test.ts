import { afterEach, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { selectActiveBanners, parseCompactUtc, type Banner } from '../../src/oneconnect/index.ts';

const at = (iso: string) => Date.parse(iso);
const banner = (id: string, start: string, end: string): Banner => ({
  id,
  startDate: { value: start },
  endDate: { value: end },
});
const ids = (list: Banner[]) => list.map((b) => b.id);

afterEach(() => vi.restoreAllMocks());

describe('selectActiveBanners', () => {
  const now = at('2026-06-15T12:00:00Z');
  const cases: Array<[string, Banner, Record<string, string>, boolean]> = [
    ['active, never closed', banner('a', '20260101T000000Z', '20261231T235959Z'), {}, true],
    ['starts exactly now', banner('a', '20260615T120000Z', '20261231T235959Z'), {}, true],
    ['ends exactly now', banner('a', '20260101T000000Z', '20260615T120000Z'), {}, true],
    ['starts one second after now', banner('a', '20260615T120001Z', '20261231T235959Z'), {}, false],
    ['ended one second before now', banner('a', '20260101T000000Z', '20260615T115959Z'), {}, false],
    [
      'closed before it started: shows again',
      banner('a', '20260601T000000Z', '20261231T235959Z'),
      { a: '20260501T000000Z' },
      true,
    ],
    [
      'closed exactly at its start: stays hidden',
      banner('a', '20260601T000000Z', '20261231T235959Z'),
      { a: '20260601T000000Z' },
      false,
    ],
    [
      'closed after it started: stays hidden',
      banner('a', '20260601T000000Z', '20261231T235959Z'),
      { a: '20260610T000000Z' },
      false,
    ],
    ['another banner closed', banner('a', '20260101T000000Z', '20261231T235959Z'), { b: '20260610T000000Z' }, true],
  ];
  it.each(cases)('%s', (_name, b, closed, shown) => {
    expect(ids(selectActiveBanners([b], closed, now))).toEqual(shown ? ['a'] : []);
  });

  it.each([
    ['an ISO date instead of compact', '2026-01-01T00:00:00Z'],
    ['an impossible day', '20260230T000000Z'],
    ['an empty string', ''],
    ['a missing Z', '20260101T000000'],
  ])('excludes a banner whose start date is %s, with a warning, without throwing', (_n, value) => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const good = banner('good', '20260101T000000Z', '20261231T235959Z');
    const bad = banner('bad', value, '20261231T235959Z');
    expect(ids(selectActiveBanners([bad, good], {}, now))).toEqual(['good']);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Banner bad skipped'));
  });

  it('excludes a banner with a missing endDate or a malformed close date', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const noEnd = { id: 'x', startDate: { value: '20260101T000000Z' } } as unknown as Banner;
    const closedBadly = banner('y', '20260101T000000Z', '20261231T235959Z');
    expect(selectActiveBanners([noEnd, closedBadly], { y: 'yesterday' }, now)).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('accepts a Date or epoch milliseconds for now, and null close events', () => {
    const b = banner('a', '20260101T000000Z', '20261231T235959Z');
    expect(ids(selectActiveBanners([b], null, new Date(now)))).toEqual(['a']);
    expect(ids(selectActiveBanners([b], undefined, now))).toEqual(['a']);
  });

  it('never returns a banner outside its window or one closed at or after its start (property)', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const min = at('2000-01-01T00:00:00Z');
    const max = at('2060-01-01T00:00:00Z');
    const time = fc.integer({ min: min / 1000, max: max / 1000 }).map((s) => s * 1000);
    const compact = (ms: number) =>
      new Date(ms)
        .toISOString()
        .replace(/[-:]/g, '')
        .replace(/\.\d{3}/, '');
    const arbBanner = fc.record({ id: fc.string({ minLength: 1, maxLength: 4 }), start: time, end: time });
    fc.assert(
      fc.property(
        fc.array(arbBanner, { maxLength: 8 }),
        fc.dictionary(fc.string({ maxLength: 4 }), time),
        time,
        (raw, closes, now) => {
          const banners = raw.map((r) => banner(r.id, compact(r.start), compact(r.end)));
          const closeEvents = Object.fromEntries(Object.entries(closes).map(([k, v]) => [k, compact(v)]));
          for (const kept of selectActiveBanners(banners, closeEvents, now)) {
            const start = parseCompactUtc(kept.startDate.value)!;
            const end = parseCompactUtc(kept.endDate.value)!;
            expect(start <= now && now <= end).toBe(true);
            if (Object.hasOwn(closeEvents, kept.id))
              expect(start).toBeGreaterThan(parseCompactUtc(closeEvents[kept.id])!);
          }
        },
      ),
    );
  });
});

describe('parseCompactUtc', () => {
  it('reads yyyymmddThhmmssZ as UTC and rejects other input', () => {
    expect(parseCompactUtc('20250101T000000Z')).toBe(at('2025-01-01T00:00:00Z'));
    expect(parseCompactUtc('20241231T235959Z')).toBe(at('2024-12-31T23:59:59Z'));
    expect(parseCompactUtc('20240229T120000Z')).toBe(at('2024-02-29T12:00:00Z'));
    expect(parseCompactUtc('20250229T120000Z')).toBeUndefined();
    expect(parseCompactUtc('20250101T246000Z')).toBeUndefined();
    expect(parseCompactUtc(20250101)).toBeUndefined();
    expect(parseCompactUtc(null)).toBeUndefined();
  });
});
