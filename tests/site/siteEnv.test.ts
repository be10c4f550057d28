import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { root } from '../../scripts/lib/prism.mjs';
import { assertSiteEnv, checkSiteEnv, siteEnvVariables } from '../../src/site/siteEnv.ts';

const names = Object.keys(siteEnvVariables);
const envFile = (mode: string) => parseEnv(readFileSync(join(root, `.env.${mode}`), 'utf8'));
const dev = envFile('development');

/** A complete, valid set of deployed settings (none of them a development value). */
const deployed: Record<string, string> = {
  VITE_PUBLIC_ORIGIN: 'https://www.aero.example',
  VITE_CONTENT_HOST: 'https://cd.aero.example',
  VITE_CONTENT_API_KEY: '{9A1B2C3D-4E5F-4A6B-8C7D-0E1F2A3B4C5D}',
  VITE_SEARCH_ENV: 'uat',
  VITE_SEARCH_HOST: '',
  VITE_SEARCH_CUSTOMER_KEY: '98765-4321000',
  VITE_SEARCH_API_KEY: 'uat-browser-key',
  VITE_ENGAGEMENT_CLIENT_KEY: 'uatClientKey',
  VITE_ENGAGEMENT_TARGET_URL: 'https://api.engage.aero.example',
  VITE_WEB_PERSONALIZATION_URL: 'https://d35vb5cccm4xzp.cloudfront.net',
  VITE_COMMERCE_REGION: 'usWest',
  VITE_COMMERCE_ENVIRONMENT: 'staging',
  VITE_COMMERCE_BASE_URL: '',
  VITE_CONSENT_SCRIPT_URL: 'https://cdn.consent.example/stub.js',
  VITE_CONSENT_DOMAIN_SCRIPT: 'abc-123-test',
  VITE_BANNER_LAYOUT_ID: '7c1d2e3f-campaign',
};

describe('the env files', () => {
  it.each(['development', 'uat', 'production'])('.env.%s names every variable the site reads', (mode) => {
    expect(Object.keys(envFile(mode)).sort()).toEqual([...names].sort());
  });

  it('commits no uat or production value (the specification does not show them; the deployment sets them)', () => {
    for (const mode of ['uat', 'production']) expect(Object.values(envFile(mode)).filter(Boolean)).toEqual([]);
  });

  it('development settings pass their check, and would not pass as production settings', () => {
    expect(checkSiteEnv(dev, 'development')).toEqual([]);
    const asProduction = checkSiteEnv(dev, 'production', dev).join('\n');
    for (const name of ['VITE_CONTENT_HOST', 'VITE_PUBLIC_ORIGIN', 'VITE_CONSENT_SCRIPT_URL', 'VITE_SEARCH_API_KEY', 'VITE_ENGAGEMENT_CLIENT_KEY']) {
      expect(asProduction).toContain(name);
    }
  });

  it('every variable is declared in env.d.ts and listed in the README table', () => {
    const types = readFileSync(join(root, 'src/site/env.d.ts'), 'utf8');
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    for (const name of names) {
      expect(types).toContain(`readonly ${name}:`);
      expect(readme).toMatch(new RegExp(`^\\| \`${name}\` \\|`, 'm'));
    }
  });
});

describe('checkSiteEnv', () => {
  it('accepts a complete deployed set, with the optional hosts empty', () => {
    expect(checkSiteEnv(deployed, 'production', dev)).toEqual([]);
  });

  it('names each missing required variable, and treats blank values as missing', () => {
    const problems = checkSiteEnv({ ...deployed, VITE_SEARCH_API_KEY: '  ', VITE_BANNER_LAYOUT_ID: undefined }, 'uat');
    expect(problems).toEqual([
      'VITE_SEARCH_API_KEY is missing: search browser API key',
      'VITE_BANNER_LAYOUT_ID is missing: layout id of the routes that show targeted banners',
    ]);
  });

  it('checks the customer key, search env and content API key against their rules', () => {
    const problems = checkSiteEnv({ ...deployed, VITE_SEARCH_CUSTOMER_KEY: 'x11111-2222222', VITE_SEARCH_ENV: 'qa', VITE_CONTENT_API_KEY: 'not-a-guid' }, 'production');
    expect(problems).toEqual([
      'VITE_CONTENT_API_KEY (content platform API key, sc_apikey): "not-a-guid" should be a GUID, e.g. 2E7D5A8C-4B1F-4C9A-9D3E-6F0A1B2C3D4E (braces allowed)',
      'VITE_SEARCH_ENV (search environment): Invalid env: "qa". Expected values: dev, staging, prod, uat, prodEu, apse2',
      'VITE_SEARCH_CUSTOMER_KEY (search customer key): Invalid customerKey: "x11111-2222222". It should match the following pattern: (\\d+)-(\\d+). Example: 11111-2222222',
    ]);
  });

  it('wants absolute https hosts off this machine in uat and production; development may use same-origin paths', () => {
    const hosts = { ...deployed, VITE_CONTENT_HOST: '/content-api', VITE_ENGAGEMENT_TARGET_URL: 'http://engage.aero.example', VITE_CONSENT_SCRIPT_URL: 'https://127.0.0.1:8443/consent.js' };
    expect(checkSiteEnv(hosts, 'uat')).toEqual([
      'VITE_CONTENT_HOST (content platform host of the layout and dictionary services): "/content-api" should be an absolute https URL',
      'VITE_ENGAGEMENT_TARGET_URL (engagement API target URL): "http://engage.aero.example" should be an https URL in a deployed build',
      'VITE_CONSENT_SCRIPT_URL (consent platform script URL): "https://127.0.0.1:8443/consent.js" points at this machine; a deployed build needs the real host',
    ]);
    expect(checkSiteEnv(hosts, 'development')).toEqual([]);
    expect(checkSiteEnv({ ...deployed, VITE_PUBLIC_ORIGIN: 'https://www.aero.example/en' }, 'production')).toEqual([
      'VITE_PUBLIC_ORIGIN (public origin of the site, for canonical URLs): "https://www.aero.example/en" should be an origin only (scheme, host and port), e.g. https://www.example.com',
    ]);
  });

  it('refuses a development mock key in a deployed build', () => {
    expect(checkSiteEnv({ ...deployed, VITE_SEARCH_CUSTOMER_KEY: dev.VITE_SEARCH_CUSTOMER_KEY }, 'production', dev)).toEqual([
      'VITE_SEARCH_CUSTOMER_KEY (search customer key) is the development mock value; set the production value',
    ]);
  });

  it('checks the commerce region and environment, and asks for a base URL where the region has no public host', () => {
    expect(checkSiteEnv({ ...deployed, VITE_COMMERCE_REGION: 'europewest', VITE_COMMERCE_ENVIRONMENT: 'qa' }, 'production')).toEqual([
      'VITE_COMMERCE_REGION (commerce region): "europewest" should be one of australiaEast, europeWest, japanEast, usEast, usWest, usWestQa',
      'VITE_COMMERCE_ENVIRONMENT (commerce environment): "qa" should be one of prod, sandbox, staging',
    ]);
    expect(checkSiteEnv({ ...deployed, VITE_COMMERCE_REGION: 'usWestQa' }, 'production')).toEqual([
      'VITE_COMMERCE_BASE_URL is missing: commerce region "usWestQa" has no public host for environment "staging"',
    ]);
    expect(checkSiteEnv({ ...deployed, VITE_COMMERCE_REGION: 'usWestQa', VITE_COMMERCE_BASE_URL: 'https://qa.commerce.example/v1' }, 'production')).toEqual([]);
  });

  it('assertSiteEnv throws one error naming the mode and every problem', () => {
    const required = names.filter((n) => !(siteEnvVariables[n as keyof typeof siteEnvVariables] as { optional?: true }).optional);
    expect(required).toHaveLength(14);
    expect(() => assertSiteEnv({}, 'uat')).toThrowError(new RegExp(`mode "uat"[\\s\\S]*${required.join(' is missing[\\s\\S]*')} is missing`));
    expect(() => assertSiteEnv(deployed, 'production', dev)).not.toThrow();
  });
});
