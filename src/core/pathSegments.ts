/**
 * Path parameters stay in their own segment. Every client encodes a path parameter with
 * `encodeURIComponent`, so a `/`, `?`, `#` or `%` in a value stays inside its segment
 * (`../me` is sent as `..%2Fme`). A value that is exactly `.` or `..` cannot be kept that way:
 * the URL parser removes such a segment, `%2e` spellings included (`/products/..` is `/`), and
 * the call, token and all, would reach another route. Such a call is refused before it is sent.
 */

// What the URL parser treats as a single- or double-dot segment (ASCII case-insensitive).
const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;

/** Whether `segment`, as written in a URL, is one the URL parser resolves away: `.`, `..` or a `%2e` spelling of them. */
export function isDotSegment(segment: string): boolean {
  // `%2e%2e`, the longest spelling, has 6 characters: a longer segment needs no pattern.
  return segment.length <= 6 && DOT_SEGMENT.test(segment);
}

/**
 * Returns `url` (a path, or an absolute URL, with any query and hash) unchanged when no segment
 * of its path is a dot segment; otherwise throws a TypeError naming the URL. A contract's path
 * templates have none, so one can only come from a path parameter that is `.` or `..`.
 */
export function assertNoDotSegments(url: string): string {
  const path = url.split(/[?#]/, 1)[0]!.replace(/^[a-z][a-z\d+.-]*:\/\/[^/]*/i, '');
  if (path.split('/').some(isDotSegment)) {
    throw new TypeError(
      `Refused to send ${url}: a path parameter is "." or "..", which the URL would resolve to another path`,
    );
  }
  return url;
}
