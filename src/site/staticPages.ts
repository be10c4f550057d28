import { createTransport } from '../core/transport.ts';
import { samePath } from './prerenderState.ts';
import { siteConfig } from './siteConfig.ts';

// The pages the build prerendered, which a failed client-side navigation falls back to: the build
// lists them in a file at the site's root (scripts/lib/siteServer.mjs writes it).

/** The build's list of the paths it prerendered (`{ "paths": ["/", "/news", …] }`), at the site's root. */
const STATIC_PAGES_FILE = 'static-pages.json';

let staticPages: Promise<readonly string[]> | undefined;

/**
 * Whether the build prerendered a page at `path` (read once per visit from {@link STATIC_PAGES_FILE},
 * within `siteConfig.deadlines.staticPages`, through the core transport): such a page is the fallback of a failed client-side
 * navigation. False when the list cannot be read (`npm start` has none: no static pages).
 */
export function hasStaticPage(path: string): Promise<boolean> {
  // The dev server renders every page on request: there are no static pages to fall back to.
  if (import.meta.env.DEV) return Promise.resolve(false);
  staticPages ??= createTransport({ timeoutMs: siteConfig.deadlines.staticPages })(`/${STATIC_PAGES_FILE}`)
    .then((response) => response.json() as Promise<{ paths?: unknown }>)
    .then(({ paths }) => (Array.isArray(paths) ? paths.filter((p): p is string => typeof p === 'string') : []))
    .catch(() => {
      staticPages = undefined; // unknown this time: the next failure asks again
      return [];
    });
  return staticPages.then((paths) => paths.some((p) => samePath(p, path)));
}
