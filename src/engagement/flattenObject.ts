import { isObject } from './isObject.ts';

/**
 * Flattens nested objects into one level, joining keys with `_` (`{a:{b:1}}` → `{a_b:1}`).
 * Arrays are kept as values; `undefined`, `null` and empty objects are dropped. The
 * result has no prototype, so a `__proto__` key is kept as data rather than swallowed.
 */
export function flattenObject(object: Record<string, unknown>, prefix = '', out: Record<string, unknown> = Object.create(null)) {
  for (const [key, value] of Object.entries(object)) {
    const name = prefix ? `${prefix}_${key}` : key;
    if (isObject(value)) flattenObject(value, name, out);
    else if (value != null) out[name] = value;
  }
  return out;
}
