/** True for a non-null, non-array object (what the SDK accepts as event data or extension data). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
