/**
 * The one cookie module: read, write and delete `document.cookie` entries with
 * the attributes cross-site trackers need (`Secure; SameSite=None`). Framework-free;
 * every function takes the jar to use (the page's `document` by default), so a
 * module that runs without a DOM can pass its own.
 */

/** Anything with a `document.cookie`-style accessor. */
export interface CookieJar {
  cookie: string;
}

/** Attributes of a written cookie. */
export interface CookieAttributes {
  /** The `Domain` attribute. Defaults to none (the cookie belongs to the exact host). */
  domain?: string;
  /** The `Path` attribute. Defaults to `/`. */
  path?: string;
  /** When the cookie expires (`Expires`, in UTC). Defaults to none (a session cookie). */
  expires?: Date;
  /** Send the cookie over HTTPS only. Defaults to true. */
  secure?: boolean;
  /** The `SameSite` attribute. Defaults to `None` (sent with cross-site requests; needs `Secure`). */
  sameSite?: 'None' | 'Lax' | 'Strict';
}

// The page's document when there is one (read at each call, so a test may install one later).
const defaultJar = (): CookieJar | undefined => globalThis.document;

/** Every cookie visible now, as `[name, value]` pairs in the jar's order (most specific path first). */
function readCookies(jar: CookieJar | undefined = defaultJar()): [name: string, value: string][] {
  const cookies: [string, string][] = [];
  for (const raw of jar ? jar.cookie.split(';') : []) {
    const pair = raw.trim();
    const at = pair.indexOf('=');
    if (at > 0) cookies.push([pair.slice(0, at), pair.slice(at + 1)]);
  }
  return cookies;
}

/** The name of every cookie visible now, each once, in the jar's order. */
export function cookieNames(jar: CookieJar | undefined = defaultJar()): string[] {
  return [...new Set(readCookies(jar).map(([name]) => name))];
}

/** The value of the first cookie called `name`, or `undefined` when there is none. */
export function readCookie(name: string, jar: CookieJar | undefined = defaultJar()): string | undefined {
  return readCookies(jar).find(([n]) => n === name)?.[1];
}

// RFC 6265's token (a cookie's name) and cookie-octet (its value's characters): printable ASCII but
// `"`, `,`, `;`, `\` and space. Anything else would not stay one value: a `;` ends it and starts an
// attribute (`x; Domain=evil.example`), a `,` splits it in some readers, and whitespace and control
// characters are trimmed or refused by browsers, or cut the cookie there.
const COOKIE_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const COOKIE_VALUE = /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*$/;

/** Whether `name` can be written as a cookie's name (an RFC 6265 token: no whitespace, `=`, `;`, `,`…). */
export function isCookieName(name: string): boolean {
  return COOKIE_NAME.test(name);
}

/** Whether `value` can be written as a cookie's value as it is (RFC 6265's cookie-octets only). */
function isCookieValue(value: string): boolean {
  return COOKIE_VALUE.test(value);
}

/**
 * `name=value`, the start of every cookie string this module writes. Throws a `TypeError` (rather
 * than encoding: the caller decides how its values are encoded, and a reader would not know) when
 * the name is not a token, or the value holds anything but printable ASCII without `"`, `,`, `;`,
 * `\` and space (whitespace and control characters included), any of which would end, split or
 * change the cookie.
 */
export function cookiePair(name: string, value: string): string {
  if (!isCookieName(name))
    throw new TypeError(`Invalid cookie name: "${name}" must be a token (no spaces, "=", ";" or ",")`);
  if (!isCookieValue(value))
    throw new TypeError(
      `Invalid cookie value for "${name}": it must not contain spaces, ";", ",", quotes or backslashes, nor other whitespace, control or non-ASCII characters (encode it first, e.g. with encodeURIComponent)`,
    );
  return `${name}=${value}`;
}

/**
 * The `Set-Cookie`-style string written for `name=value`, e.g.
 * `__rutmb=2222222; Domain=example.com; Path=/; Expires=Tue, 14 Nov 2023 22:13:20 GMT; Secure; SameSite=None`.
 * Throws when the name or value holds a character that would end, split or change the cookie (see {@link cookiePair}).
 */
export function formatCookie(name: string, value: string, attributes: CookieAttributes = {}): string {
  const pair = cookiePair(name, value);
  const { domain, path = '/', expires, secure = true, sameSite = 'None' } = attributes;
  return [
    pair,
    ...(domain ? [`Domain=${domain}`] : []),
    `Path=${path}`,
    ...(expires ? [`Expires=${expires.toUTCString()}`] : []),
    ...(secure ? ['Secure'] : []),
    `SameSite=${sameSite}`,
  ].join('; ');
}

/** Writes one cookie (see {@link formatCookie}); a no-op without a jar (server rendering). */
export function writeCookie(
  name: string,
  value: string,
  attributes: CookieAttributes = {},
  jar: CookieJar | undefined = defaultJar(),
): void {
  if (jar) jar.cookie = formatCookie(name, value, attributes);
}

/**
 * Deletes a cookie by writing it empty and expired. Pass the `domain` and `path` it
 * was written with: a browser keeps a cookie whose domain or path differs.
 */
export function deleteCookie(
  name: string,
  attributes: Omit<CookieAttributes, 'expires'> = {},
  jar: CookieJar | undefined = defaultJar(),
): void {
  writeCookie(name, '', { ...attributes, expires: new Date(0) }, jar);
}

// Browsers refuse a `Path` attribute longer than this (Chromium, Firefox), so no cookie has a longer path.
const MAX_PATH = 1024;

/**
 * Every `Path` a cookie visible on the page at `pathname` may have been written with: `/`, and each
 * prefix of the path that ends at a `/`, with and without it, and the path itself (`/news/x` → `/`,
 * `/news`, `/news/`, `/news/x`). Prefixes longer than a browser keeps (1024 characters) are left out.
 */
export function cookiePaths(pathname: string): string[] {
  const paths = new Set(['/']);
  const path = pathname.slice(0, MAX_PATH);
  for (let slash = path.indexOf('/', 1); slash !== -1; slash = path.indexOf('/', slash + 1))
    paths.add(path.slice(0, slash)).add(path.slice(0, slash + 1));
  if (path.startsWith('/')) paths.add(path);
  return [...paths];
}

/** The domains a cookie of `hostname` may have been shared with: the host and each parent with two labels or more. */
function parentDomains(hostname: string): string[] {
  if (!hostname.includes('.') || /^[\d.]+$/.test(hostname) || hostname.includes(':')) return [];
  const labels = hostname.split('.');
  return labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
}

/**
 * Deletes every cookie called `name` that the page can reach, whatever `Path` and `Domain` it was
 * written with: `document.cookie` tells neither, and a browser deletes a cookie only for a write with
 * the same name, path and domain. So it writes the deletion at each path of {@link cookiePaths} of
 * the page's path and each of `paths`, each host-only, at each of `domains`, and at the page's host
 * and each of its parent domains (`www.example.com`, `example.com`). A cookie at a path that is no
 * prefix of the page's and not in `paths` stays (nothing here can name it). `where` is the page's
 * location. A no-op without a jar or a page. Defaults to no extra paths or domains.
 */
export function deleteCookieEverywhere(
  name: string,
  { paths = [], domains = [] }: { paths?: readonly string[]; domains?: readonly string[] } = {},
  jar: CookieJar | undefined = defaultJar(),
  where: Pick<Location, 'pathname' | 'hostname'> | undefined = globalThis.location,
): void {
  if (!jar || !where) return;
  const allPaths = new Set([...cookiePaths(where.pathname), ...paths]);
  const allDomains = new Set([undefined, ...domains, ...parentDomains(where.hostname)]);
  for (const domain of allDomains)
    for (const path of allPaths) deleteCookie(name, { ...(domain ? { domain } : {}), path }, jar);
}

/**
 * Writes one cookie assignment exactly as given (`name=value; Attr=…`), for a format that
 * another system fixes byte for byte (the events SDK writes the reference SDK's strings,
 * attribute order included); a no-op without a jar. Start it with {@link cookiePair}, which
 * checks the name and value. Prefer {@link writeCookie}.
 */
export function writeCookieText(text: string, jar: CookieJar | undefined = defaultJar()): void {
  if (jar) jar.cookie = text;
}

/** How {@link renameCookies} writes: the assignment deleting the old cookie, and the one writing the new. */
export interface RenameFormat {
  /** The assignment that deletes `name`, e.g. `name=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT`. */
  remove(name: string): string;
  /** The assignment that writes the renamed cookie, e.g. `formatCookie(name, value, attributes)`. */
  write(name: string, value: string): string;
}

/**
 * Legacy rename: moves every cookie whose name starts with `fromPrefix` to the same name
 * under `toPrefix`, with the same value, deleting the old one first. The caller gives the
 * strings (its attributes, or a format fixed byte for byte by an older library). A cookie whose
 * new name or value could not be written ({@link cookiePair}: a space or a comma in the value) is
 * left as it is. Returns the new names, in the jar's order.
 */
export function renameCookies(
  fromPrefix: string,
  toPrefix: string,
  format: RenameFormat,
  jar: CookieJar | undefined = defaultJar(),
): string[] {
  const renamed: string[] = [];
  for (const [name, value] of readCookies(jar)) {
    if (!name.startsWith(fromPrefix)) continue;
    const next = toPrefix + name.slice(fromPrefix.length);
    if (!isCookieName(next) || !isCookieValue(value)) continue;
    writeCookieText(format.remove(name), jar);
    writeCookieText(format.write(next, value), jar);
    renamed.push(next);
  }
  return renamed;
}

/**
 * The cookie domain for `hostname`: its last two labels (`www.example.com` →
 * `example.com`), so every subdomain shares the cookie, or the full hostname with
 * `publicSuffix` (for sites under a two-label public suffix such as `example.co.uk`).
 * For an IP address or a single-label host (`localhost`) it is `undefined`: browsers
 * refuse a `Domain` there, so the cookie must stay a host-only cookie.
 */
export function cookieDomain(hostname: string, publicSuffix = false): string | undefined {
  if (!hostname.includes('.') || /^[\d.]+$/.test(hostname) || hostname.includes(':')) return undefined;
  return publicSuffix ? hostname : hostname.split('.').slice(-2).join('.');
}
