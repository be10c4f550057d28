import { commerceEnvironments, commerceRegionNames, commerceRegions, type CommerceEnvironment, type CommerceRegion } from '../commerce/regions.ts';
import { searchEnvironments } from '../search/config.ts';
import { searchMessages } from '../search/errors.ts';

/**
 * The site's build-time environment variables: what each one means and the rule
 * its value must follow. vite.config.ts checks them before every build and dev
 * server start (this module has no browser or Node dependency, so the tests
 * and the config share it); siteConfig.ts reads them in the page.
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
  VITE_CONSENT_SCRIPT_URL: { meaning: 'consent platform script URL', kind: 'url' },
  VITE_CONSENT_DOMAIN_SCRIPT: { meaning: 'consent platform domain script id', kind: 'text', key: true },
  VITE_BANNER_LAYOUT_ID: { meaning: 'layout id of the routes that show targeted banners', kind: 'text' },
} as const satisfies Record<string, SiteEnvVariable>;

/** The name of one of the site's variables. */
export type SiteEnvName = keyof typeof siteEnvVariables;

/** The mode whose values may be mock stand-ins: same-origin paths, plain http, loopback hosts. */
export const MOCK_BACKED_MODE = 'development';

const GUID = /^\{?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\}?$/i;
const CUSTOMER_KEY = /^\d+-\d+$/;
const LOOPBACK = /^(localhost|127(\.\d+){3}|\[::1\]|0\.0\.0\.0)$/i;

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** The rule a value breaks, or null; `strict` is every mode but development. */
function ruleBroken(kind: Kind, value: string, strict: boolean): string | null {
  switch (kind) {
    case 'guid':
      return GUID.test(value) ? null : `"${value}" should be a GUID, e.g. 2E7D5A8C-4B1F-4C9A-9D3E-6F0A1B2C3D4E (braces allowed)`;
    case 'customerKey':
      return CUSTOMER_KEY.test(value) ? null : searchMessages.invalidCustomerKey(value);
    case 'searchEnv':
      return Object.hasOwn(searchEnvironments, value) ? null : searchMessages.invalidEnv(value);
    case 'commerceRegion':
      return (commerceRegionNames as readonly string[]).includes(value) ? null : `"${value}" should be one of ${commerceRegionNames.join(', ')}`;
    case 'commerceEnvironment':
      return (commerceEnvironments as readonly string[]).includes(value) ? null : `"${value}" should be one of ${commerceEnvironments.join(', ')}`;
    case 'text':
      return null;
    case 'url':
    case 'origin': {
      const url = parseUrl(value);
      // Development proxies same-origin paths to the mocks; a deployed build calls real hosts.
      if (!url) return !strict && kind === 'url' && value.startsWith('/') && !value.startsWith('//') ? null : `"${value}" should be an absolute ${strict ? 'https' : 'http(s)'} URL${kind === 'url' && !strict ? ' or a same-origin path' : ''}`;
      if (strict && url.protocol !== 'https:') return `"${value}" should be an https URL in a deployed build`;
      if (url.protocol !== 'https:' && url.protocol !== 'http:') return `"${value}" should be an http(s) URL`;
      if (strict && LOOPBACK.test(url.hostname)) return `"${value}" points at this machine; a deployed build needs the real host`;
      if (kind === 'origin' && url.href !== `${url.origin}/`) return `"${value}" should be an origin only (scheme, host and port), e.g. https://www.example.com`;
      return null;
    }
  }
}

/**
 * Every problem of a mode's variables, one line each: a missing required
 * variable, a value that breaks its rule, or (outside development) a key left
 * at its `.env.development` mock value. `devValues` are those mock values.
 * Empty strings count as missing: the env files list unknown values empty.
 */
export function checkSiteEnv(env: Readonly<Record<string, string | undefined>>, mode: string, devValues: Readonly<Record<string, string | undefined>> = {}): string[] {
  const strict = mode !== MOCK_BACKED_MODE;
  const problems: string[] = [];
  for (const [name, variable] of Object.entries(siteEnvVariables) as [SiteEnvName, SiteEnvVariable][]) {
    const value = env[name]?.trim() ?? '';
    if (value === '') {
      if (!variable.optional) problems.push(`${name} is missing: ${variable.meaning}`);
      continue;
    }
    const broken = ruleBroken(variable.kind, value, strict);
    if (broken) problems.push(`${name} (${variable.meaning}): ${broken}`);
    else if (strict && variable.key && value === devValues[name]?.trim()) {
      problems.push(`${name} (${variable.meaning}) is the development mock value; set the ${mode} value`);
    }
  }
  const region = env.VITE_COMMERCE_REGION?.trim() as CommerceRegion;
  const environment = env.VITE_COMMERCE_ENVIRONMENT?.trim() as CommerceEnvironment;
  if (!env.VITE_COMMERCE_BASE_URL?.trim() && Object.hasOwn(commerceRegions, region) && (commerceEnvironments as readonly string[]).includes(environment) && !commerceRegions[region][environment]) {
    problems.push(`VITE_COMMERCE_BASE_URL is missing: commerce region "${region}" has no public host for environment "${environment}"`);
  }
  return problems;
}

/**
 * Throws one error listing every problem {@link checkSiteEnv} finds, so a
 * deployment learns all its missing settings at once. The stack is left out:
 * it would only point into the build tool.
 */
export function assertSiteEnv(env: Readonly<Record<string, string | undefined>>, mode: string, devValues?: Readonly<Record<string, string | undefined>>): void {
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
