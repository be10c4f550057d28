import {
  commerceEnvironments,
  commerceRegionNames,
  commerceRegions,
  type CommerceEnvironment,
  type CommerceRegion,
} from '../commerce/regions.ts';
import { searchEnvironments } from '../search/config.ts';
import { searchMessages } from '../search/errors.ts';
import { MOCK_BACKED_MODE } from '../../scripts/lib/prism.mjs';

/**
 * The site's build-time environment variables: what each one means and the rule
 * its value must follow. vite.config.ts checks them before every build and dev
 * server start (this module is not part of the page: the tests and the config
 * share it); siteConfig.ts reads them in the page.
 */

/** Kinds of value, each with its own rule. */
type Kind = 'url' | 'origin' | 'guid' | 'customerKey' | 'searchEnv' | 'commerceRegion' | 'commerceEnvironment' | 'text';

/** One variable of the table. */
export interface SiteEnvVariable {
  /** What the variable configures, as the build's message names it. */
  meaning: string;
  /** The rule its value follows. */
  kind: Kind;
  /** Optional variables may be empty in every mode; all others are required in every mode. */
  optional?: true;
  /** A key that a uat or production build must not take over from `.env.development` (those are mock values). */
  key?: true;
}

/** Every variable the site reads, in the order of the env files and the README. */
export const siteEnvVariables = {
  VITE_PUBLIC_ORIGIN: { meaning: 'public origin of the site, for canonical URLs', kind: 'origin' },
  VITE_CONTENT_HOST: { meaning: 'content platform host of the layout and dictionary services', kind: 'url' },
  VITE_CONTENT_API_KEY: { meaning: 'content platform API key, sc_apikey', kind: 'guid', key: true },
  VITE_EDITOR_ORIGIN: {
    meaning: "content platform page editor's origin, whose scripts edit mode loads",
    kind: 'url',
    optional: true,
  },
  VITE_SEARCH_ENV: { meaning: 'search environment', kind: 'searchEnv' },
  VITE_SEARCH_HOST: { meaning: "search host replacing the environment's API domain", kind: 'url', optional: true },
  VITE_SEARCH_CUSTOMER_KEY: { meaning: 'search customer key', kind: 'customerKey', key: true },
  VITE_SEARCH_API_KEY: { meaning: 'search browser API key', kind: 'text', key: true },
  VITE_ENGAGEMENT_CLIENT_KEY: { meaning: 'engagement client key', kind: 'text', key: true },
  VITE_ENGAGEMENT_TARGET_URL: { meaning: 'engagement API target URL', kind: 'url' },
  VITE_WEB_PERSONALIZATION_URL: { meaning: 'web personalization script base URL', kind: 'url' },
  VITE_COMMERCE_REGION: { meaning: 'commerce region', kind: 'commerceRegion' },
  VITE_COMMERCE_ENVIRONMENT: { meaning: 'commerce environment', kind: 'commerceEnvironment' },
  VITE_COMMERCE_BASE_URL: { meaning: "commerce API base URL replacing the region's host", kind: 'url', optional: true },
  VITE_COMMERCE_CLIENT_ID: {
    meaning: "commerce buyer app's public client id, for guest browsing",
    kind: 'guid',
    key: true,
  },
  VITE_CONSENT_SCRIPT_URL: { meaning: 'consent platform script URL', kind: 'url' },
  VITE_CONSENT_DOMAIN_SCRIPT: { meaning: 'consent platform domain script id', kind: 'text', key: true },
  VITE_BANNER_LAYOUT_ID: { meaning: 'layout id of the routes that show targeted banners', kind: 'text' },
} as const satisfies Record<string, SiteEnvVariable>;

/** The name of one of the site's variables. */
export type SiteEnvName = keyof typeof siteEnvVariables;

/**
 * The build option (not a setting of the page, so not in {@link siteEnvVariables}) that lets a
 * uat or production build call hosts on a private network (10/8, 172.16/12, 192.168/16, link-local,
 * fc00::/7, fe80::/10): `true` for a site that is itself served on that network. Empty or `false`
 * refuses them. Loopback hosts are refused whatever it says.
 */
export const ALLOW_PRIVATE_HOSTS = 'VITE_ALLOW_PRIVATE_HOSTS';

const GUID = /^\{?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\}?$/i;
const CUSTOMER_KEY = /^\d+-\d+$/;
// Names that mean this machine besides `localhost` and `*.localhost` (RFC 6761), as hosts files have them.
const LOOPBACK_NAMES = new Set(['localhost', 'localhost.localdomain', 'ip6-localhost', 'ip6-loopback']);

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** Where a host is, when it is not somewhere a visitor's browser can reach. */
type HostPlace = { kind: 'loopback' } | { kind: 'unspecified' } | { kind: 'private'; range: string };

// The 8 16-bit pieces of an IPv6 host as the URL parser writes it (`[fd00::1]`: compressed, hex, no dotted quad).
function ipv6Pieces(hostname: string): number[] | undefined {
  if (!hostname.startsWith('[')) return undefined;
  const [head = '', tail] = hostname.slice(1, -1).split('::');
  const parse = (part: string) => (part ? part.split(':').map((piece) => parseInt(piece, 16)) : []);
  const first = parse(head);
  const last = tail === undefined ? [] : parse(tail);
  return [...first, ...Array<number>(8 - first.length - last.length).fill(0), ...last];
}

function ipv4Place([a = 0, b = 0]: number[]): HostPlace | null {
  if (a === 127) return { kind: 'loopback' };
  if (a === 0) return { kind: 'unspecified' };
  if (a === 10) return { kind: 'private', range: '10.0.0.0/8' };
  if (a === 172 && b >= 16 && b <= 31) return { kind: 'private', range: '172.16.0.0/12' };
  if (a === 192 && b === 168) return { kind: 'private', range: '192.168.0.0/16' };
  if (a === 169 && b === 254) return { kind: 'private', range: '169.254.0.0/16, link-local' };
  return null;
}

/**
 * Where `hostname` (a URL's, as the WHATWG parser normalises it: `127.1`, `0x7f.1` and `2130706433`
 * are all `127.0.0.1`; `[::ffff:127.0.0.1]` is `[::ffff:7f00:1]`) is, when it is not a public host.
 */
function hostPlace(hostname: string): HostPlace | null {
  const name = hostname.replace(/\.+$/, '');
  if (LOOPBACK_NAMES.has(name) || name.endsWith('.localhost')) return { kind: 'loopback' };
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(name);
  if (v4) return ipv4Place(v4.slice(1).map(Number));
  const v6 = ipv6Pieces(name);
  if (!v6) return null;
  const [p0 = 0, , , , , p5 = 0, p6 = 0, p7 = 0] = v6;
  const zeros = (n: number) => v6.slice(0, n).every((piece) => piece === 0);
  if (zeros(8)) return { kind: 'unspecified' };
  if (zeros(7) && p7 === 1) return { kind: 'loopback' };
  // IPv4-mapped (::ffff:a.b.c.d) and the deprecated IPv4-compatible (::a.b.c.d) forms carry an IPv4 host.
  if (zeros(5) && (p5 === 0xffff || p5 === 0)) return ipv4Place([p6 >> 8, p6 & 0xff, p7 >> 8, p7 & 0xff]);
  if ((p0 & 0xfe00) === 0xfc00) return { kind: 'private', range: 'fc00::/7, unique local' };
  if ((p0 & 0xffc0) === 0xfe80) return { kind: 'private', range: 'fe80::/10, link-local' };
  return null;
}

/** The URL with its user name and password replaced by `***`, for messages (the real ones are secrets). */
function withoutCredentials(url: URL): string {
  const shown = new URL(url.href);
  if (shown.username) shown.username = '***';
  if (shown.password) shown.password = '***';
  return shown.href;
}

/**
 * A key as a comparison should see it: the same key in another case or format (a GUID in braces or
 * parentheses, without hyphens, as a `urn:uuid:`, in .NET's `{0x…,…}` form; padded with spaces) is
 * the same key.
 */
function normalisedKey(value: string): string {
  const lower = value
    .toLowerCase()
    .replace(/\s+/g, '')
    .replace(/^urn:uuid:/, '');
  return (lower.startsWith('{0x') ? lower.replace(/0x/g, '') : lower).replace(/[^a-z0-9]/g, '');
}

/** The rule a value breaks, or null; `strict` is every mode but development. */
function ruleBroken(kind: Kind, value: string, strict: boolean, allowPrivateHosts = false): string | null {
  switch (kind) {
    case 'guid':
      return GUID.test(value)
        ? null
        : `"${value}" should be a GUID, e.g. 2E7D5A8C-4B1F-4C9A-9D3E-6F0A1B2C3D4E (braces allowed)`;
    case 'customerKey':
      return CUSTOMER_KEY.test(value) ? null : searchMessages.invalidCustomerKey(value);
    case 'searchEnv':
      return Object.hasOwn(searchEnvironments, value) ? null : searchMessages.invalidEnv(value);
    case 'commerceRegion':
      return (commerceRegionNames as readonly string[]).includes(value)
        ? null
        : `"${value}" should be one of ${commerceRegionNames.join(', ')}`;
    case 'commerceEnvironment':
      return (commerceEnvironments as readonly string[]).includes(value)
        ? null
        : `"${value}" should be one of ${commerceEnvironments.join(', ')}`;
    case 'text':
      return null;
    case 'url':
    case 'origin': {
      const url = parseUrl(value);
      // Development proxies same-origin paths to the mocks; a deployed build calls real hosts.
      if (!url)
        return !strict && kind === 'url' && value.startsWith('/') && !value.startsWith('//')
          ? null
          : `"${value}" should be an absolute ${strict ? 'https' : 'http(s)'} URL${kind === 'url' && !strict ? ' or a same-origin path' : ''}`;
      // Every URL setting ends up in the JavaScript and the prerendered pages, in every mode.
      if (url.username || url.password) {
        return `"${withoutCredentials(url)}" carries a user name or password, which would ship in the JavaScript and every page; remove them (a browser-facing service takes no credentials in its URL)`;
      }
      if (strict && url.protocol !== 'https:') return `"${value}" should be an https URL in a deployed build`;
      if (url.protocol !== 'https:' && url.protocol !== 'http:') return `"${value}" should be an http(s) URL`;
      const place = strict ? hostPlace(url.hostname) : null;
      if (place?.kind === 'loopback') return `"${value}" points at this machine; a deployed build needs the real host`;
      if (place?.kind === 'unspecified')
        return `"${value}" is an unspecified address (${url.hostname}: "any address" of this machine, not a host to call); a deployed build needs the real host`;
      if (place?.kind === 'private' && !allowPrivateHosts) {
        return `"${value}" is on a private network (${place.range}), which visitors' browsers cannot reach; a deployed build needs a public host, or ${ALLOW_PRIVATE_HOSTS}=true for a site served on that network`;
      }
      if (kind === 'origin' && url.href !== `${url.origin}/`)
        return `"${value}" should be an origin only (scheme, host and port), e.g. https://www.example.com`;
      return null;
    }
  }
}

/**
 * Every problem of a mode's variables, one line each: a missing required
 * variable, a value that breaks its rule, or (outside development) a key left
 * at its `.env.development` mock value, in any case or format. `devValues` are
 * those mock values. Empty strings count as missing: the env files list
 * unknown values empty. A URL never carries a user name or password (they would
 * ship with the page). Outside development a host must be https and
 * somewhere a visitor's browser can reach: not this machine (`localhost`,
 * `*.localhost`, 127.0.0.0/8, `::1`, their IPv4-mapped forms), not an
 * unspecified address (`0.0.0.0`, `::`), and not a private network unless
 * {@link ALLOW_PRIVATE_HOSTS} is `true`.
 */
export function checkSiteEnv(
  env: Readonly<Record<string, string | undefined>>,
  mode: string,
  devValues: Readonly<Record<string, string | undefined>> = {},
): string[] {
  const strict = mode !== MOCK_BACKED_MODE;
  const problems: string[] = [];
  const allowPrivate = env[ALLOW_PRIVATE_HOSTS]?.trim().toLowerCase() ?? '';
  if (!['', 'true', 'false'].includes(allowPrivate)) {
    problems.push(
      `${ALLOW_PRIVATE_HOSTS} (build option: allow hosts on a private network): "${env[ALLOW_PRIVATE_HOSTS]}" should be true or false`,
    );
  }
  for (const [name, variable] of Object.entries(siteEnvVariables) as [SiteEnvName, SiteEnvVariable][]) {
    const value = env[name]?.trim() ?? '';
    if (value === '') {
      if (!variable.optional) problems.push(`${name} is missing: ${variable.meaning}`);
      continue;
    }
    const broken = ruleBroken(variable.kind, value, strict, allowPrivate === 'true');
    const devValue = devValues[name]?.trim();
    if (broken) problems.push(`${name} (${variable.meaning}): ${broken}`);
    else if (strict && variable.key && devValue && normalisedKey(value) === normalisedKey(devValue)) {
      problems.push(
        `${name} (${variable.meaning}) is the development mock value${value === devValue ? '' : ` (in another case or format)`}; set the ${mode} value`,
      );
    }
  }
  const region = env.VITE_COMMERCE_REGION?.trim() as CommerceRegion;
  const environment = env.VITE_COMMERCE_ENVIRONMENT?.trim() as CommerceEnvironment;
  if (
    !env.VITE_COMMERCE_BASE_URL?.trim() &&
    Object.hasOwn(commerceRegions, region) &&
    (commerceEnvironments as readonly string[]).includes(environment) &&
    !commerceRegions[region][environment]
  ) {
    problems.push(
      `VITE_COMMERCE_BASE_URL is missing: commerce region "${region}" has no public host for environment "${environment}"`,
    );
  }
  return problems;
}

/**
 * Throws one error listing every problem {@link checkSiteEnv} finds, so a
 * deployment learns all its missing settings at once. The stack is left out:
 * it would only point into the build tool.
 */
export function assertSiteEnv(
  env: Readonly<Record<string, string | undefined>>,
  mode: string,
  devValues?: Readonly<Record<string, string | undefined>>,
): void {
  const problems = checkSiteEnv(env, mode, devValues);
  if (problems.length === 0) return;
  const error = new Error(
    `The site's settings for mode "${mode}" are incomplete or invalid (.env.${mode} and the environment, which overrides it):\n` +
      problems.map((p) => `  - ${p}`).join('\n') +
      '\nSet each in the environment of the build (see "Environments" in README.md).',
  );
  error.stack = `${error.name}: ${error.message}`;
  throw error;
}
