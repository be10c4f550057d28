// @ts-check
// Which paths of the content route list are pages of the site: the build, the editing host and the
// publish server refuse any other (a route is a file of the build and its own canonical URL).

// What a browser ignores in or around a URL (tabs, newlines, controls, spaces at the ends) or reads as `/` (`\`).
// eslint-disable-next-line no-control-regex -- C0 controls are what a route path must not hold.
const UNREAD = /[\u0000-\u001f\u007f\\]|^ | $/;
const SCHEME = /^[a-z][a-z\d+.-]*:/i;

/**
 * Why `path`, a route of the content route list, is not a page of the site on `origin`, or null.
 * A route is prerendered at `path`, listed in sitemap.xml as `path` on the public origin and is its
 * own canonical URL, so it must be a plain path that the URL parser (as a browser or crawler reads
 * it) resolves to that same path on that origin: not `//host`, `/\host` or a scheme (another site
 * in the sitemap, and a page whose canonical silently becomes `/`), no `.`/`..` segment (plain or
 * percent-encoded), no query or fragment, no tab, newline or backslash a browser reads differently,
 * and no `*` (a wildcard item, rendered on request by the app).
 * @param {unknown} path
 * @param {string} origin
 * @returns {string | null}
 */
export function routePathProblem(path, origin) {
  if (typeof path !== 'string' || path === '') return 'is not a path';
  if (SCHEME.test(path)) return 'has a scheme; a route is a path of the site, starting with /';
  if (!path.startsWith('/')) return 'does not start with /';
  let resolved;
  try {
    resolved = new URL(path, origin);
  } catch {
    return 'is not a URL path';
  }
  if (resolved.origin !== new URL(origin).origin) return `resolves to another site, ${resolved.origin}`;
  if (UNREAD.test(path))
    return 'has a backslash, a control character or an edge space, which a browser reads differently';
  if (resolved.search || resolved.hash || /[?#]/.test(path)) return 'has a query or fragment';
  const segments = path.split('/').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
  if (segments.some((segment) => segment === '.' || segment === '..')) return 'has a . or .. segment';
  if (path.includes('*')) return 'is a wildcard item (rendered on request by the app, not prerendered)';
  return null;
}

/**
 * Throws one error naming every route of `paths` that is not a page of the site on `origin` (see
 * {@link routePathProblem}), so a content route list with several bad entries is fixed at once.
 * @param {unknown[]} paths
 * @param {string} origin
 * @returns {void}
 */
export function assertRoutePaths(paths, origin) {
  const problems = paths.flatMap((path) => {
    const problem = routePathProblem(path, origin);
    return problem ? [`  - ${JSON.stringify(path)}: ${problem}`] : [];
  });
  if (problems.length === 0) return;
  throw new Error(
    `prerender: the route list has ${problems.length === 1 ? 'an unusable path' : `${problems.length} unusable paths`} (a route must be a path of the site on ${origin}):\n${problems.join('\n')}`,
  );
}
