import { createContext } from 'react';
import type { PrerenderedState } from './prerenderState.ts';

// Dates as the site shows them (`12 March 2025`), formatted once: the build formats a prerendered
// page's dates and the page carries them, so the browser does not pay for the locale's set-up while
// it hydrates.

/**
 * The prerenderer's collector of formatted dates: {@link formatLongDate} reports each date it formats
 * on the build's server here, and the build puts them in the page's data ({@link PrerenderedState.dates}).
 * `null` in the browser.
 */
export const PreformatContext = createContext<((key: string, text: string) => void) | null>(null);

// The dates of the hydrated page, as the build formatted them.
const preformattedDates = new Map<string, string>();

/**
 * Takes the dates the build formatted for a prerendered page (`state.dates`): the first date a page
 * formats costs a phone about 100 ms (the browser's Intl set-up for the locale), in the middle of
 * hydrating the page, for text the page already shows.
 */
export function trustPreformatted(state: PrerenderedState): void {
  for (const [key, text] of Object.entries(state.dates ?? {})) preformattedDates.set(key, text);
}

/**
 * `iso` as a long date in `locale` (`12 March 2025`), in UTC so that the build and the browser print
 * the same day; `iso` itself when it is not a date. A date the build formatted for this page
 * ({@link trustPreformatted}) is not formatted again; `report` receives each date formatted (the
 * build's {@link PreformatContext}).
 */
export function formatLongDate(
  iso: string,
  locale: string,
  report?: ((key: string, text: string) => void) | null,
): string {
  const key = `${locale} ${iso}`;
  const known = preformattedDates.get(key);
  if (known !== undefined) return known;
  const date = new Date(iso);
  const text = Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleDateString(locale, { dateStyle: 'long', timeZone: 'UTC' });
  report?.(key, text);
  return text;
}
