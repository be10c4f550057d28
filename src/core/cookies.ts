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

/** The value of the first cookie called `name`, or `undefined` when there is none. */
export function readCookie(name: string, jar: CookieJar | undefined = defaultJar()): string | undefined {
  return readCookies(jar).find(([n]) => n === name)?.[1];
}

/**
 * The `Set-Cookie`-style string written for `name=value`, e.g.
 * `__rutmb=2222222; Domain=example.com; Path=/; Expires=Tue, 14 Nov 2023 22:13:20 GMT; Secure; SameSite=None`.
 * Throws when the name or value holds a character that would end or split the cookie.
 */
export function formatCookie(name: string, value: string, attributes: CookieAttributes = {}): string {
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name))
    throw new TypeError(`Invalid cookie name: "${name}" must be a token (no spaces, "=", ";" or ",")`);
  if (/[;,\s"\\]/.test(value))
    throw new TypeError(
      `Invalid cookie value for "${name}": it must not contain spaces, ";", ",", quotes or backslashes`,
    );
  const { domain, path = '/', expires, secure = true, sameSite = 'None' } = attributes;
  return [
    `${name}=${value}`,
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

/**
 * Writes one cookie assignment exactly as given (`name=value; Attr=…`), for a format that
 * another system fixes byte for byte (the events SDK writes the reference SDK's strings,
 * attribute order included); a no-op without a jar. Prefer {@link writeCookie}.
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
 * strings (its attributes, or a format fixed byte for byte by an older library). Returns
 * the new names, in the jar's order.
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
