/** True unless `value` is a string with something other than white space (a point of sale must not be blank). */
export function isBlank(value: unknown): boolean {
  return typeof value !== 'string' || !value.trim();
}
