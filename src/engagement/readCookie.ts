/**
 * The value of the cookie `name` in `document.cookie` now (the first, as a browser lists
 * the most specific path first), or `''` when there is none. `name` holds no `=` or `;`,
 * as no cookie name can.
 */
export function readCookie(name: string): string {
  return `; ${document.cookie}`.split(`; ${name}=`)[1]?.split(';')[0] ?? '';
}
