import { resolveCommerceBaseUrl } from '../commerce/regions.ts';
import { searchEnvironments } from '../search/config.ts';
import { siteConfig } from './siteConfig.ts';

// The hosts a page of this build talks to, from the same settings its clients are made with: the
// build writes them into the Content-Security-Policy (scripts/lib/securityHeaders.mjs), so a page
// reaches exactly the services of its mode and nothing else.

/** Where a page loads from or sends to, by kind: origins other than the site's own (which is `'self'`). */
interface ServiceOrigins {
  /** `connect-src`: the APIs the page calls. */
  connect: string[];
  /** `script-src`: the third parties' scripts (consent platform, web personalization). */
  script: string[];
  /** `img-src`: where content media come from. */
  img: string[];
}

/** The origin of `url` when it is on another host than the site, else `undefined` (same-origin paths too). */
function otherOrigin(url: string | undefined, site: string): string | undefined {
  if (!url) return undefined;
  try {
    const origin = new URL(url, site).origin;
    return origin === new URL(site).origin ? undefined : origin;
  } catch {
    return undefined; // the settings check (siteEnv.ts) refuses such a value before a build
  }
}

const unique = (values: Array<string | undefined>) => [...new Set(values.filter((v): v is string => !!v))].sort();

/**
 * The origins of this build's settings (`config`, default the site's), by kind. The commerce API's is
 * its base URL or its region's host; search's its host or its environment's domain; the consent
 * platform's and web personalization's scripts also call their own origin.
 */
export function serviceOrigins(config: typeof siteConfig = siteConfig): ServiceOrigins {
  const site = config.publicOrigin;
  const of = (url: string | undefined) => otherOrigin(url, site);
  let commerce: string | undefined;
  try {
    commerce = config.commerceBaseUrl
      ? config.commerceBaseUrl
      : resolveCommerceBaseUrl({ region: config.commerceRegion, environment: config.commerceEnvironment });
  } catch {
    commerce = undefined;
  }
  const consent = of(config.consentScriptUrl);
  const personalization = of(config.webPersonalizationUrl);
  return {
    connect: unique([
      of(config.contentHost),
      of(config.searchHost ?? searchEnvironments[config.searchEnv]),
      of(config.engagementTargetUrl),
      of(commerce),
      consent,
      personalization,
    ]),
    script: unique([consent, personalization]),
    img: unique([of(config.contentHost)]),
  };
}
