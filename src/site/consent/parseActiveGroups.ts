/**
 * Reads the consent platform's active-groups global, a string such as
 * `",C0001,C0002,"`, into a set of group ids. Anything that is not a string
 * (the global is missing until the platform loads) reads as no groups.
 */
export function parseActiveGroups(value: unknown): ReadonlySet<string> {
  if (typeof value !== 'string') return new Set();
  return new Set(
    value
      .trim()
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== ''),
  );
}
