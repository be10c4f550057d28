// @ts-check
// The routes a build renders: the content route list read page by page (so a site of 100,000
// routes is never one answer in memory), and the deterministic slice of it one shard renders.
import { createHash } from 'node:crypto';

/** Routes asked for per page of the route list (the contract allows up to 5,000). */
export const ROUTE_PAGE_SIZE = 1000;

/**
 * One route of the site: its page's path (`/de/news` in German), its language and its
 * `lastModified` in the route list.
 * @typedef {{ path: string; language: string; lastModified?: string }} SiteRoute
 */

/**
 * One page of the route list and where the next one starts (the contract's `RouteList`).
 * @typedef {{ routes: { path: unknown; lastModified?: string }[]; nextCursor?: string }} RoutePage
 */

/**
 * Every page of the route list in `language`, one at a time: `listPage(language, { cursor, limit })`
 * is asked for the first page, then for the page after each `nextCursor`, until a page has none. A
 * service that repeats a cursor (a loop) fails the read instead of reading forever.
 * @param {(language: string, page: { cursor?: string; limit: number }) => Promise<RoutePage>} listPage
 * @param {string} language
 * @param {number} [limit]
 * @returns {AsyncGenerator<RoutePage>}
 */
export async function* routePages(listPage, language, limit = ROUTE_PAGE_SIZE) {
  const seen = new Set();
  /** @type {string | undefined} */
  let cursor;
  do {
    const page = await listPage(language, { ...(cursor ? { cursor } : {}), limit });
    yield page;
    cursor = page.nextCursor;
    if (cursor !== undefined && seen.has(cursor))
      throw new Error(`the route list in ${language} repeats the cursor ${JSON.stringify(cursor)}`);
    seen.add(cursor);
  } while (cursor);
}

/**
 * A shard of the build: the `index`th (1-based) of `count`.
 * @typedef {{ index: number; count: number }} Shard
 */

/**
 * The shard `--shard i/n` names (`2/8`: the second of eight).
 * @param {string} text
 * @returns {Shard}
 */
export function parseShard(text) {
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || count < 1 || index < 1 || index > count)
    throw new Error(`--shard ${JSON.stringify(text)} is not i/n with 1 ≤ i ≤ n (e.g. 2/8: the second of eight)`);
  return { index, count };
}

/**
 * Whether the page at `path` is the shard's to render: by a hash of the path, so each route falls
 * in exactly one shard whatever order the list comes in and whichever machine asks, and a route
 * added or removed moves no other route.
 * @param {string} path
 * @param {Shard | undefined} shard
 * @returns {boolean}
 */
export function inShard(path, shard) {
  if (!shard || shard.count === 1) return true;
  const bucket = createHash('sha1').update(path).digest().readUInt32BE(0) % shard.count;
  return bucket === shard.index - 1;
}
