/**
 * The one URL guard: every URL that comes from a service, a content author or
 * the query string passes here before it becomes a link, an image or a
 * redirect. Both guards read a URL the way a browser does, with the WHATWG URL
 * parser against the page's URL, rather than with patterns: `/\host`, `\\host`
 * and `//host` name another host, `java\tscript:` is `javascript:`, and
 * `%6Aavascript:` is a relative path, exactly as a browser resolves them.
 */

// What the URL parser removes before it reads a URL (and so what a browser ignores in an href): C0
// controls and spaces (U+0000 to U+0020) at either end, tabs and newlines anywhere.
const LAST_CONTROL_OR_SPACE = 0x20;
const TAB_OR_NEWLINE = /[\t\n\r]/g;
// A scheme as the parser recognises one: an ASCII letter, then letters, digits, `+`, `-`, `.`, then `:`.
const SCHEME = /^[a-z][a-z\d+.-]*:/i;
const LINK_PROTOCOLS = new Set(['http:', 'https:']);
// Stands in for the page when there is none (prerendering, node): any special-scheme URL resolves the same way.
const NO_PAGE = 'http://page.invalid/';

function pageUrl(): string {
  return typeof location === 'undefined' ? NO_PAGE : location.href;
}

/**
 * `text` without its leading and trailing C0 controls and spaces. Scanned from both ends, so its time
 * is linear in the length: a pattern such as `[\u0000-\u0020]+$` retries from every character of an
 * inner run (`'a' + ' '.repeat(200_000) + 'b'`), which takes time quadratic in the run's length.
 */
function trimControlsAndSpaces(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text.charCodeAt(start) <= LAST_CONTROL_OR_SPACE) start += 1;
  while (end > start && text.charCodeAt(end - 1) <= LAST_CONTROL_OR_SPACE) end -= 1;
  return text.slice(start, end);
}

/** The URL as the parser reads it: without leading/trailing C0 controls and spaces, and without tabs and newlines anywhere. */
function clean(url: unknown): string {
  return typeof url === 'string' ? trimControlsAndSpaces(url).replace(TAB_OR_NEWLINE, '') : '';
}

function parse(url: string, base?: string): URL | undefined {
  try {
    return new URL(url, base);
  } catch {
    return undefined;
  }
}

/**
 * A link or image target that is safe to render from service or author data,
 * or `undefined` (the caller renders no link, or `#`). An absolute URL passes
 * only with an `http:` or `https:` scheme and comes back normalised
 * (`https://other.example` → `https://other.example/`); a relative URL
 * (`/path?q#h`, `events/x`, `?page=2`) passes only when it stays on the page's
 * origin and comes back as the browser reads it. Refused: `javascript:`,
 * `data:`, `vbscript:`, `blob:` and every other scheme in any case and with
 * tabs, newlines or controls inside or around it; `//host`, `/\host`, `\\host`
 * (another host); empty, non-string and unparsable values.
 * `base` is the URL relative targets resolve against. Defaults to the page's URL.
 */
export function safeLinkTarget(url: unknown, base: string = pageUrl()): string | undefined {
  const target = clean(url);
  if (!target) return undefined;
  if (SCHEME.test(target)) {
    const absolute = parse(target);
    return absolute && LINK_PROTOCOLS.has(absolute.protocol) ? absolute.href : undefined;
  }
  const page = parse(base);
  const resolved = page && parse(target, page.href);
  return resolved && resolved.origin === page.origin ? target : undefined;
}

/**
 * The path (with query and hash) of a redirect target when it resolves to the
 * page's own origin, else `undefined`: where a reader is sent after signing in
 * or out, or by the site's router, must never be another origin. Absolute URLs
 * on the origin (`https://www.aero.example/a?b#c` → `/a?b#c`) and relative ones
 * pass; another host (`https://evil.example`, `//host`, `/\host`, `\\host`), a path that normalises to one
 * starting with `//` (`/.//host`, `/x/..//host`, `/%2e//host`, `https://<site>//host`),
 * another scheme or port, `javascript:`, `data:`, `blob:` and every scheme but
 * http(s), and unparsable values are refused.
 * `base` is the page's URL or origin. Defaults to the page's URL; without a
 * page only relative targets can be shown to stay on it.
 */
export function sameOriginPath(url: unknown, base: string = pageUrl()): string | undefined {
  const page = parse(base);
  const target = clean(url);
  const resolved = page && target ? parse(target, page.href) : undefined;
  // `blob:https://site/…` carries the site's origin, but only http(s) pages are places to send a reader.
  if (!page || !resolved || !LINK_PROTOCOLS.has(resolved.protocol) || resolved.origin !== page.origin) return undefined;
  // A path that starts with `//` (`/.//host`, `/x/..//host`, `/%2e//host`, `https://site//host` all normalise to
  // one) is a network-path reference once it is used as a URL on its own: it would name another host.
  if (resolved.pathname.startsWith('//')) return undefined;
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}
