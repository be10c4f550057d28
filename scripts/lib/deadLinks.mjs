// @ts-check
// Dead internal links in the static build: every link of every prerendered page that stays on the
// site must lead to a page the build wrote (a route of the content route list, in every language it
// lists), to a route the app itself renders (a wildcard item such as `/products/*`) or, for content
// media (`/-/media/…`, a brochure's PDF), to a file the site serves. A link to nothing is a visitor's
// 404: a uat or production build stops on one; a development build warns, so an editor's
// half-finished page does not stop a developer.
import { existsSync, statSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import { MOCK_BACKED_MODE, root } from './prism.mjs';

/**
 * A dead link: `link` (its path, as the page has it) on the prerendered page at `page`.
 * @typedef {{ page: string; link: string }} DeadLink
 */

/**
 * A page whose links are checked: its HTML, or its links as {@link siteLinks} found them.
 * @typedef {{ path: string; html?: string; links?: { path: string; media: boolean }[] }} LinkedPage
 */

/**
 * What the check knows: the site's public origin, the paths of the pages the build wrote, the
 * routes the app renders without a page of its own (`*` standing for one path segment), and the
 * files the site serves (a media link's target).
 * @typedef {object} LinkTargets
 * @property {string} origin
 * @property {readonly string[]} routes
 * @property {readonly string[]} [appRoutes] Defaults to none.
 * @property {(path: string) => boolean} [files] Whether the site serves a file at `path` (a decoded
 * `/-/media/…` path). Defaults to a file at that path in the project's public/ folder, which every
 * build copies (the content's media stand-ins live there).
 */

// Content media and the platform's shell media are files, not routes: the shell route
// (`/sitecore/shell/-/media/…`) and the JSS media route (`/-/jssmedia/…`, `/~/media/…`) serve the
// file at `/-/media/…`, as the dev and preview servers do.
const MEDIA = /^\/(?:sitecore\/shell\/)?[-~]\/(?:jss)?media\//i;
const PUBLIC_DIR = join(root, 'public');
const ENTITIES = /** @type {Record<string, string>} */ ({ amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' });

/**
 * `text` of an HTML attribute with its character references decoded (`&amp;` → `&`, `&#x27;` → `'`).
 * @param {string} text
 * @returns {string}
 */
function decodeAttribute(text) {
  return text.replace(/&(#x[\da-f]+|#\d+|[a-z]+);/gi, (whole, name) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
  });
}

/**
 * A route path as the platform matches it: no trailing `/` (but `/` itself), lower case.
 * @param {string} path
 * @returns {string}
 */
const normalise = (path) => (path.replace(/\/+$/, '') || '/').toLowerCase();

/**
 * The links of a page on the site: the paths of every `<a href>` of a page's HTML that resolves to the site's `origin` (resolved
 * against the page at `pagePath`, as a browser does), without query or fragment, each once and in
 * document order, with whether it names a media file. Fragments of the page itself, other sites and
 * other schemes are left out.
 * @param {string} html
 * @param {string} pagePath
 * @param {string} origin
 * @returns {{ path: string; media: boolean }[]}
 */
export function siteLinks(html, pagePath, origin) {
  const site = new URL(origin);
  const page = new URL(pagePath, site);
  /** @type {Map<string, boolean>} */
  const links = new Map();
  for (const [, raw = ''] of html.matchAll(/<a\b[^>]*?\shref\s*=\s*"([^"]*)"/gi)) {
    const href = decodeAttribute(raw).trim();
    if (href === '' || href.startsWith('#')) continue;
    let url;
    try {
      url = new URL(href, page);
    } catch {
      continue;
    }
    if (url.origin !== site.origin || links.has(url.pathname)) continue;
    links.set(url.pathname, MEDIA.test(url.pathname));
  }
  return [...links].map(([path, media]) => ({ path, media }));
}

/**
 * The internal links of a prerendered page's HTML: the path of every `<a href>` that resolves to the
 * site's `origin` (resolved against the page at `pagePath`, as a browser does), without its query or
 * fragment; in document order, each once. A link to the page's own fragment (`#main`), another site,
 * another scheme or a media file is not one (media: {@link mediaLinks}).
 * @param {string} html
 * @param {string} pagePath
 * @param {string} origin
 * @returns {string[]}
 */
export function internalLinks(html, pagePath, origin) {
  return siteLinks(html, pagePath, origin)
    .filter((link) => !link.media)
    .map((link) => link.path);
}

/**
 * The media links of a prerendered page's HTML: the path of every `<a href>` on the site's `origin`
 * that names a content media file (`/-/media/…`, or the platform's shell or JSS media route), resolved
 * as {@link internalLinks} resolves links; in document order, each once.
 * @param {string} html
 * @param {string} pagePath
 * @param {string} origin
 * @returns {string[]}
 */
export function mediaLinks(html, pagePath, origin) {
  return siteLinks(html, pagePath, origin)
    .filter((link) => link.media)
    .map((link) => link.path);
}

/**
 * The file a media link names, as `/-/media/…` with its escapes decoded; `undefined` for one that
 * leaves the media folder (`%2e%2e` segments) or does not decode, which no file can answer.
 * @param {string} path
 * @returns {string | undefined}
 */
function mediaFile(path) {
  let decoded;
  try {
    decoded = decodeURIComponent(path.replace(/^\/sitecore\/shell(?=\/)/i, '').replace(MEDIA, '/-/media/'));
  } catch {
    return undefined;
  }
  return decoded.split('/').some((segment) => segment === '..' || segment === '.') ? undefined : decoded;
}

/**
 * Whether public/ holds a file at `path` (a decoded `/-/media/…` path), and nothing outside it.
 * @param {string} path
 * @returns {boolean}
 */
function publicFile(path) {
  const file = resolve(PUBLIC_DIR, `.${path}`);
  return file.startsWith(`${PUBLIC_DIR}${sep}`) && existsSync(file) && statSync(file).isFile();
}

/**
 * Whether `path` is one of `routes`, or matches one of `appRoutes` (a `*` segment stands for any one segment).
 * @param {string} path
 * @param {Set<string>} routes normalised
 * @param {string[][]} patterns app routes, split into normalised segments
 * @returns {boolean}
 */
function isKnown(path, routes, patterns) {
  let decoded = path;
  try {
    decoded = decodeURI(path);
  } catch {
    // A malformed escape is compared as it is (and matches nothing but itself).
  }
  const target = normalise(decoded);
  if (routes.has(target)) return true;
  const segments = target.split('/');
  return patterns.some(
    (pattern) =>
      pattern.length === segments.length &&
      pattern.every((segment, index) => segment === segments[index] || (segment === '*' && segments[index] !== '')),
  );
}

/**
 * The dead links of `pages` (`{ path, html }`, each prerendered page of the build, or `{ path, links }`
 * with its {@link siteLinks} as the build's manifest keeps them): every internal
 * link ({@link internalLinks}) that leads to none of `targets.routes` and matches none of
 * `targets.appRoutes`, and every media link ({@link mediaLinks}) to a file `targets.files` says the
 * site does not serve, with the page it is on; pages in the order given, links in document order.
 * @param {readonly LinkedPage[]} pages
 * @param {LinkTargets} targets
 * @returns {DeadLink[]}
 */
export function findDeadLinks(pages, { origin, routes, appRoutes = [], files = publicFile }) {
  const known = new Set(routes.map(normalise));
  const patterns = appRoutes.map((route) => normalise(route).split('/'));
  const served = (/** @type {string} */ link) => {
    const file = mediaFile(link);
    return file !== undefined && files(file);
  };
  return pages.flatMap(({ path, html, links }) =>
    (links ?? siteLinks(html ?? '', path, origin))
      .filter((link) => (link.media ? !served(link.path) : !isKnown(link.path, known, patterns)))
      .map((link) => ({ page: path, link: link.path })),
  );
}

/**
 * The report of `dead` links: one line per link, naming it and the page it is on.
 * @param {readonly DeadLink[]} dead
 * @returns {string}
 */
export function deadLinkReport(dead) {
  const count = dead.length === 1 ? 'a dead link' : `${dead.length} dead links`;
  const lines = dead.map(({ page, link }) => `  - ${link} on ${page}`);
  return `prerender: ${count} (an internal link to no route of the build):\n${lines.join('\n')}`;
}

/**
 * Checks the build's `pages` for dead links ({@link findDeadLinks}). In the mock-backed development
 * mode each is reported through `warn` and the build goes on; in any other mode (uat, production)
 * the check throws one error naming every dead link and its page. Returns the dead links.
 * @param {readonly LinkedPage[]} pages
 * @param {LinkTargets & { mode: string; warn?: (line: string) => void }} options `warn` defaults to `console.warn`.
 * @returns {DeadLink[]}
 */
export function checkLinks(pages, { mode, warn = (line) => console.warn(line), ...targets }) {
  const dead = findDeadLinks(pages, targets);
  if (dead.length === 0) return dead;
  const report = deadLinkReport(dead);
  if (mode !== MOCK_BACKED_MODE)
    throw new Error(`${report}\nA ${mode} build stops on dead links: publish the missing pages or fix the links.`);
  warn(`${report}\n(a development build goes on; a uat or production build stops here)`);
  return dead;
}
