// @ts-check
// The whole site's checks, run from the manifest once every page is known (after a build, a
// publish, or the merge of a sharded build): every language version a page names is a page, and no
// page links to a path that is no page of the site or route of the app.
import { deadLinkReport, findDeadLinks } from '../deadLinks.mjs';
import { MOCK_BACKED_MODE } from '../prism.mjs';

/** @import { SiteManifest, ManifestEntry } from './manifest.mjs' */

/**
 * Checks the site of `manifest`: throws naming every language version that is no page; dead links
 * stop any build but the mock-backed one's, which reports them through `warn`.
 * @param {SiteManifest} manifest
 * @param {{ origin: string; appRoutes: readonly string[]; mode: string; warn: (line: string) => void }} site
 * @returns {void}
 */
export function checkSite(manifest, { origin, appRoutes, mode, warn }) {
  const paths = Object.keys(manifest.routes);
  const built = new Set(paths);
  const missing = paths.flatMap((path) =>
    /** @type {ManifestEntry} */ (manifest.routes[path]).alternates
      .filter((a) => !built.has(a.path))
      .map((a) => `  - ${path} names ${a.path} (${a.language})`),
  );
  if (missing.length > 0)
    throw new Error(`prerender: language versions the route lists have no page of:\n${missing.join('\n')}`);
  const pages = [...Object.entries(manifest.routes), ...Object.entries(manifest.extras)].map(([path, e]) => ({
    path,
    links: e.links,
  }));
  const dead = findDeadLinks(pages, { origin, routes: paths, appRoutes: [...appRoutes] });
  if (dead.length === 0) return;
  const report = deadLinkReport(dead);
  if (mode !== MOCK_BACKED_MODE)
    throw new Error(`${report}\nA ${mode} build stops on dead links: publish the missing pages or fix the links.`);
  warn(`${report}\n(a development build goes on; a uat or production build stops here)`);
}
