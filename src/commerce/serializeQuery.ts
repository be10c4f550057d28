const NULL_FILTER =
  "is null, which is not a valid filter value: to match an absent value use the string '!*' (e.g. { xp: { hasPaid: '!*' } })";

const encode = (value: unknown): string =>
  encodeURIComponent(value instanceof Date ? value.toISOString() : String(value));

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  Object.prototype.toString.call(value) === '[object Object]';

function pushFilter(parts: string[], key: string, value: unknown): void {
  if (value === null) throw new TypeError(`Filter "${key}" ${NULL_FILTER}`);
  if (isPlainObject(value)) {
    for (const [name, inner] of Object.entries(value)) pushFilter(parts, `${key}.${name}`, inner);
  } else if (Array.isArray(value)) {
    // Repeated keys AND the conditions; the SDK sends every element as given.
    for (const item of value) {
      if (item === null) throw new TypeError(`Filter "${key}" ${NULL_FILTER}`);
      if (item !== undefined) parts.push(`${encodeURIComponent(key)}=${encode(item)}`);
    }
  } else if (value !== undefined && value !== '') {
    parts.push(`${encodeURIComponent(key)}=${encode(value)}`);
  }
}

/**
 * Writes an options object as the official SDK does (without the leading `?`): the filters
 * first, nested objects as dotted keys (`xp.Color=red`), arrays as repeated keys, `false` and
 * `0` kept, `''`/`undefined` dropped and `null` rejected with a TypeError naming the filter;
 * then every other option except falsy ones, arrays comma-joined (`searchOn=ID%2CName`).
 * Values are `encodeURIComponent`-encoded; dates are sent as ISO strings.
 */
export function serializeQuery(options: object | null | undefined): string {
  if (!options) return '';
  const parts: string[] = [];
  const { filters } = options as { filters?: unknown };
  if (isPlainObject(filters)) for (const [key, value] of Object.entries(filters)) pushFilter(parts, key, value);
  for (const [key, value] of Object.entries(options)) {
    if (key === 'filters' || !value) continue;
    if (isPlainObject(value)) throw new TypeError(`Option "${key}" must be a string, number, boolean, date or array, not an object`);
    parts.push(`${encodeURIComponent(key)}=${encode(Array.isArray(value) ? value.join(',') : value)}`);
  }
  return parts.join('&');
}
