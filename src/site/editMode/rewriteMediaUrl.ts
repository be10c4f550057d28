// Matched case-insensitively, as the platform matches its media prefixes.
const MEDIA = /\/-\/(?:jss)?media\//i;
const SHELL = '/sitecore/shell';

/**
 * Rewrites a media URL to the content platform's shell media path for edit and
 * preview mode: `/-/media/a.jpg` → `/sitecore/shell/-/media/a.jpg` (also
 * `/-/jssmedia/`, relative or absolute URLs; query strings kept). Other URLs,
 * and URLs already under `/sitecore/shell/`, are returned unchanged.
 */
export function rewriteMediaUrl(url: string): string {
  const match = MEDIA.exec(url);
  if (!match) return url;
  const at = match.index;
  if (url.slice(0, at).toLowerCase().endsWith(SHELL)) return url;
  return `${url.slice(0, at)}${SHELL}${url.slice(at)}`;
}
