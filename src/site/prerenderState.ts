import { createContext } from 'react';
import type { DehydratedState } from '@tanstack/react-query';
import type { LayoutResult, RouteData } from '../content/index.ts';
import type { SessionGate } from './content/route.tsx';
import { createTransport } from '../core/transport.ts';
import { trustedPolicy } from '../core/trustedTypes.ts';
import { getPageMode } from './editMode.ts';

// The hand-over from a prerendered page to the browser: the server writes what it rendered the page
// with into the page, and the browser hydrates with exactly that, so both render the same tree.

/** The id of the `<script type="application/json">` holding a prerendered page's data. */
const STATE_ELEMENT_ID = 'site-state';

/** What a prerendered page carries: the URL it was rendered for and the data it used. */
export interface PrerenderedState {
  /** The path the page was rendered for (`/capabilities`; the not-found page's own item for `404.html`). */
  url: string;
  /** True for the not-found page, which a host serves for any unknown path. */
  notFound: boolean;
  /** React Query's `dehydrate` of the data the page was rendered with (none for a gate). */
  queries: DehydratedState;
  /**
   * Set when the route needs a session: the page is its gate only, rendered without the route's
   * data (which the browser asks for once there is a session). Absent otherwise.
   */
  gate?: SessionGate;
  /**
   * Where the build put the rich text it sanitized: each a path into the data of one of `queries`
   * (its index first) to a field whose value is the sanitized HTML. Absent when there is none.
   */
  sanitized?: Array<Array<string | number>>;
  /**
   * The dates the page shows as the build formatted them (`{locale} {ISO date}` → text), which the
   * browser shows while hydrating instead of formatting them again. Absent when there is none.
   */
  dates?: Record<string, string>;
  /**
   * Set on a page the editing host rendered for an editor (edit or preview mode, at the editing
   * host's own address): the browser hydrates it wherever it was served, once `url` (the route with
   * its `sc_mode`) is in the address bar. Absent on the static build's pages.
   */
  editing?: boolean;
}

/** JSON safe inside a `<script>` element (no `</script>`, no `<!--`, no line separators). */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The `<script>` element a prerendered page carries its state in. */
export function stateScript(state: PrerenderedState): string {
  return `<script type="application/json" id="${STATE_ELEMENT_ID}">${scriptJson(state)}</script>`;
}

// A loop, not `/\/+$/`: a regular expression anchored at the end retries from every slash of a long
// run (a shared link of 40,000 slashes took 3 s).
function trimSlash(path: string): string {
  let end = path.length;
  while (end > 0 && path[end - 1] === '/') end -= 1;
  return path.slice(0, end) || '/';
}

/** Whether two site paths are the same page (`/account` and `/account/` are). */
export function samePath(a: string, b: string): boolean {
  return trimSlash(a) === trimSlash(b);
}

/**
 * The state of the server-rendered page in `doc` when the browser can hydrate it: an editing host's
 * page (rendered for the editor's mode, wherever it is served: {@link PrerenderedState.editing}), or
 * a static page rendered for this path (or the not-found page) with a visitor looking (editors in edit
 * or preview mode see another page than the static one). `undefined` means render from scratch.
 */
export function hydratableState(
  doc: Document,
  loc: Pick<Location, 'pathname' | 'search'>,
): PrerenderedState | undefined {
  const text = doc.getElementById(STATE_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const state = JSON.parse(text) as PrerenderedState;
    if (state.editing === true) return typeof state.url === 'string' && state.url.startsWith('/') ? state : undefined;
    if (getPageMode(loc.search) !== 'normal') return undefined;
    return state.notFound || samePath(state.url, loc.pathname) ? state : undefined;
  } catch {
    return undefined; // a damaged page still renders, from scratch
  }
}

/**
 * The route a prerendered page shows: the layout data among its queries (`null` for the not-found
 * page, or when the page carries no layout data).
 */
export function prerenderedRoute(state: PrerenderedState): RouteData | null {
  if (state.notFound) return null;
  for (const query of state.queries.queries) {
    const data = query.state.data as Partial<LayoutResult> | undefined;
    if (data?.sitecore?.route) return data.sitecore.route;
  }
  return null;
}

/**
 * The prerenderer's collector of sanitized rich text: a rich text field rendered on the build's
 * server reports its field and sanitized HTML here, and the build puts that HTML in the page's data
 * in place of the field's value ({@link PrerenderedState.sanitized}). `null` in the browser.
 */
export const PresanitizeContext = createContext<((field: object, html: string) => void) | null>(null);

// The rich text fields of the hydrated page's data that the build sanitized, and their values.
const presanitizedFields = new WeakSet<object>();
const presanitizedValues = new Set<string>();

/**
 * Trusts the rich text the build sanitized in a prerendered page's data (`state.sanitized`), so the
 * browser shows it without loading the sanitizer. Only this page's own state is trusted: rich text
 * from the layout service (a client-side navigation) is sanitized in the browser.
 */
export function trustPresanitized(state: PrerenderedState): void {
  for (const [index, ...path] of state.sanitized ?? []) {
    let node: unknown = typeof index === 'number' ? state.queries.queries[index]?.state.data : undefined;
    for (const key of path) node = node !== null && typeof node === 'object' ? Reflect.get(node, key) : undefined;
    const value = node !== null && typeof node === 'object' ? (node as { value?: unknown }).value : undefined;
    if (typeof value === 'string') {
      presanitizedFields.add(node as object);
      presanitizedValues.add(value);
    }
  }
}

/**
 * The build's sanitized HTML of rich text `field`, in the form `innerHTML` takes (a `TrustedHTML` of
 * the `presanitized-html` policy where the browser has Trusted Types: it passes only HTML the build
 * sanitized), or `undefined` when the field is not one the build sanitized.
 */
export function presanitizedMarkup(field: unknown): string | TrustedHTML | undefined {
  if (field === null || typeof field !== 'object' || !presanitizedFields.has(field)) return undefined;
  const html = (field as { value: string }).value;
  const policy = trustedPolicy('presanitized-html', {
    createHTML: (input) => (presanitizedValues.has(input) ? input : ''),
  });
  return policy ? (policy.createHTML(html) as TrustedHTML) : html;
}

/** The build's list of the paths it prerendered (`{ "paths": ["/", "/news", …] }`), at the site's root. */
export const STATIC_PAGES_FILE = 'static-pages.json';

/** How long a visitor whose navigation failed waits for that list before seeing the error page. */
const STATIC_PAGES_DEADLINE_MS = 3_000;

let staticPages: Promise<readonly string[]> | undefined;

/**
 * Whether the build prerendered a page at `path` (read once per visit from {@link STATIC_PAGES_FILE},
 * within 3 s, through the core transport): such a page is the fallback of a failed client-side
 * navigation. False when the list cannot be read (`npm start` has none: no static pages).
 */
export function hasStaticPage(path: string): Promise<boolean> {
  // The dev server renders every page on request: there are no static pages to fall back to.
  if (import.meta.env.DEV) return Promise.resolve(false);
  staticPages ??= createTransport({ timeoutMs: STATIC_PAGES_DEADLINE_MS })(`/${STATIC_PAGES_FILE}`)
    .then((response) => response.json() as Promise<{ paths?: unknown }>)
    .then(({ paths }) => (Array.isArray(paths) ? paths.filter((p): p is string => typeof p === 'string') : []))
    .catch(() => {
      staticPages = undefined; // unknown this time: the next failure asks again
      return [];
    });
  return staticPages.then((paths) => paths.some((p) => samePath(p, path)));
}

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
