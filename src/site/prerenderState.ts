import type { DehydratedState } from '@tanstack/react-query';
import type { LayoutResult, RouteData } from '../content/index.ts';
import type { SessionGate } from './content/route.tsx';
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
