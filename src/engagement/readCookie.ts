import { readCookies } from './readCookies.ts';

/** The value of the cookie `name` in `document.cookie` now, or `''` when there is none. */
export function readCookie(name: string): string {
  return readCookies().find(([key]) => key === name)?.[1] ?? '';
}
