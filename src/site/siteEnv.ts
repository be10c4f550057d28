import {
  commerceEnvironments,
  commerceRegionNames,
  commerceRegions,
  type CommerceEnvironment,
  type CommerceRegion,
} from '../commerce/regions.ts';
import { searchEnvironments } from '../search/config.ts';
import { searchMessages } from '../search/errors.ts';
import { MOCK_BACKED_MODE } from './mockBackedMode.mjs';

/**
 * The site's build-time environment variables: what each one means and the rule
 * its value must follow. vite.config.ts checks them before every build and dev
 * server start (this module is not part of the page: the tests and the config
 * share it); siteConfig.ts reads them in the page.
 */

/** Kinds of value, each with its own rule. */
type Kind = 'url' | 'origin' | 'guid' | 'customerKey' | 'searchEnv' | 'commerceRegion' | 'commerceEnvironment' | 'text';

/** One variable of the table. */
interface SiteEnvVariable {
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
type SiteEnvName = keyof typeof siteEnvVariables;

/**
 * The build option (not a setting of the page, so not in {@link siteEnvVariables}) that lets a
 * uat or production build call hosts on a private network (10/8, 172.16/12, 192.168/16, link-local,
 * carrier-grade NAT 100.64/10, fc00::/7, fe80::/10): `true` for a site that is itself served on that
 * network. Empty or `false` refuses them. Loopback hosts are refused whatever it says.
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
  // Shared address space (RFC 6598): an ISP's side of a carrier-grade NAT, reachable from no browser.
  if (a === 100 && b >= 64 && b <= 127) return { kind: 'private', range: '100.64.0.0/10, carrier-grade NAT' };
  return null;
}

// The four bytes of the IPv4 address held in two 16-bit pieces of an IPv6 address.
const ipv4Of = (high: number, low: number) => [high >> 8, high & 0xff, low >> 8, low & 0xff];

/**
 * Where `hostname` (a URL's, as the WHATWG parser normalises it: `127.1`, `0x7f.1` and `2130706433`
 * are all `127.0.0.1`; `[::ffff:127.0.0.1]` is `[::ffff:7f00:1]`) is, when it is not a public host.
 */
function hostPlace(hostname: string): HostPlace | null {
  // Without its trailing dots (`localhost.`), found by a scan from the end: `/\.+$/` would retry
  // from every dot of an inner run (`a....b`), in time quadratic in its length.
  let end = hostname.length;
  while (end > 0 && hostname[end - 1] === '.') end -= 1;
  const name = hostname.slice(0, end);
  if (LOOPBACK_NAMES.has(name) || name.endsWith('.localhost')) return { kind: 'loopback' };
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(name);
  if (v4) return ipv4Place(v4.slice(1).map(Number));
  const v6 = ipv6Pieces(name);
  if (!v6) return null;
  const [p0 = 0, p1 = 0, p2 = 0, , , p5 = 0, p6 = 0, p7 = 0] = v6;
  const zeros = (from: number, to: number) => v6.slice(from, to).every((piece) => piece === 0);
  if (zeros(0, 8)) return { kind: 'unspecified' };
  if (zeros(0, 7) && p7 === 1) return { kind: 'loopback' };
  // Forms that carry an IPv4 host, whose place is theirs: IPv4-mapped (::ffff:a.b.c.d), the deprecated
  // IPv4-compatible (::a.b.c.d), NAT64's well-known prefix (64:ff9b::a.b.c.d, RFC 6052: a translator
  // forwards to a.b.c.d) and 6to4 (2002:aabb:ccdd::/48, RFC 3056: a relay tunnels to aa.bb.cc.dd).
  if (zeros(0, 5) && (p5 === 0xffff || p5 === 0)) return ipv4Place(ipv4Of(p6, p7));
  if (p0 === 0x64 && p1 === 0xff9b && zeros(2, 6)) return ipv4Place(ipv4Of(p6, p7));
  if (p0 === 0x2002) return ipv4Place(ipv4Of(p1, p2));
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

// Letters of other scripts that look like Latin ones, each with the Latin letter it passes for (a
// small fold for keys, not Unicode's whole confusables table): Cyrillic, then Greek.
const LOOK_ALIKES: Readonly<Record<string, string>> = Object.fromEntries(
  [
    'АA ВB ЕE КK МM НH ОO РP СC ТT ХX УY ЅS ІI ЈJ ҮY ԚQ ԜW',
    'аa еe оo рp сc хx уy ѕs іi јj һh ԁd ԛq ԝw үy',
    'ΑA ΒB ΕE ΖZ ΗH ΙI ΚK ΜM ΝN ΟO ΡP ΤT ΥY ΧX',
    'αa οo ρp νv ιi κk υu χx',
  ]
    .join(' ')
    .split(' ')
    .map((pair) => [pair[0], pair[1]]),
);

/** `value` as it reads: compatibility forms (fullwidth `ｋｅｙ`, `𝐤𝐞𝐲`) normalised (NFKC), and look-alike letters folded to Latin. */
function asItReads(value: string): string {
  return [...value.normalize('NFKC')].map((char) => LOOK_ALIKES[char] ?? char).join('');
}

/**
 * A key as a comparison should see it: the same key in another case or format (a GUID in braces or
 * parentheses, without hyphens, as a `urn:uuid:`, in .NET's `{0x…,…}` form; padded with spaces) is
 * the same key. With `asRead`, so is a copy in look-alike characters ({@link asItReads}).
 */
function normalisedKey(value: string, asRead = false): string {
  const lower = (asRead ? asItReads(value) : value)
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
      // The URL parser reads `https:host`, `https:/host` and `https:\host` as `https://host/`; other
      // tools (a proxy's config, a CSP source, a reader) do not, so the value must say what it means.
      if (url && !/^[a-z][a-z\d+.-]*:\/\//i.test(value))
        return `"${value}" should start with its scheme and // (e.g. https://www.example.com): other tools read it otherwise`;
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
 * Every problem of the variables of `buildMode` (the build's Vite mode: `development`, `uat`,
 * `production`; not a page's mode, which is `PageMode`), one line each: a missing required
 * variable, a value that breaks its rule, or (outside development) a key left
 * at its `.env.development` mock value, in any case or format. `devValues` are
 * those mock values. Empty strings count as missing: the env files list
 * unknown values empty. A URL never carries a user name or password (they would
 * ship with the page). Outside development a host must be https and
 * somewhere a visitor's browser can reach: not this machine (`localhost`,
 * `*.localhost`, 127.0.0.0/8, `::1`, their IPv4-mapped, NAT64 and 6to4 forms), not an
 * unspecified address (`0.0.0.0`, `::`), and not a private network (carrier-grade
 * NAT's 100.64.0.0/10 included) unless {@link ALLOW_PRIVATE_HOSTS} is `true`. A URL
 * starts with `scheme://` in every mode. A mock key is recognised in look-alike
 * characters too (NFKC, and Cyrillic and Greek letters that pass for Latin ones).
 */
export function checkSiteEnv(
  env: Readonly<Record<string, string | undefined>>,
  buildMode: string,
  devValues: Readonly<Record<string, string | undefined>> = {},
): string[] {
  const strict = buildMode !== MOCK_BACKED_MODE;
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
    else if (strict && variable.key && devValue && normalisedKey(value, true) === normalisedKey(devValue, true)) {
      const how =
        value === devValue
          ? ''
          : normalisedKey(value) === normalisedKey(devValue)
            ? ' (in another case or format)'
            : ' (in look-alike characters)';
      problems.push(`${name} (${variable.meaning}) is the development mock value${how}; set the ${buildMode} value`);
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
  buildMode: string,
  devValues?: Readonly<Record<string, string | undefined>>,
): void {
  const problems = checkSiteEnv(env, buildMode, devValues);
  if (problems.length === 0) return;
  const error = new Error(
    `The site's settings for mode "${buildMode}" are incomplete or invalid (.env.${buildMode} and the environment, which overrides it):\n` +
      problems.map((p) => `  - ${p}`).join('\n') +
      '\nSet each in the environment of the build (see "Environments" in README.md).',
  );
  error.stack = `${error.name}: ${error.message}`;
  throw error;
}
