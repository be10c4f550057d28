import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { root } from '../../scripts/lib/prism.mjs';
import { assertSiteEnv, checkSiteEnv } from '../../src/site/siteEnv.ts';
import { deployed, guidNotations } from '../support/siteSettings.ts';

// The settings check at the edges of its rules, beside tests/site/siteEnv.test.ts: host names and
// addresses next to the refused ones, development's relaxed URL rule, keys in other formats, and
// the build's error text. Each case here was found passing a planted defect of the rule it tests.
const dev = parseEnv(readFileSync(join(root, '.env.development'), 'utf8'));

const CONTENT_HOST = 'VITE_CONTENT_HOST (content platform host of the layout and dictionary services)';
const contentHost = (value: string, mode: string) =>
  checkSiteEnv({ ...(mode === 'development' ? dev : deployed), VITE_CONTENT_HOST: value }, mode, dev);

describe('hosts next to the refused ones, in a deployed build', () => {
  it.each([
    ['https://ip6-localhost', 'points at this machine'],
    ['https://ip6-loopback', 'points at this machine'],
    // IPv4-compatible 0.0.0.2: in 0.0.0.0/8, not the IPv6 loopback ::1.
    ['https://[::2]', 'is an unspecified address ([::2]:'],
    // All eight pieces written out, no `::`.
    ['https://[fd00:1:2:3:4:5:6:7]', 'is on a private network (fc00::/7, unique local)'],
  ])('%s is refused: %s', (value, problem) => {
    expect(contentHost(value, 'production')).toEqual([
      expect.stringContaining(`${CONTENT_HOST}: "${value}" ${problem}`),
    ]);
  });

  it.each([
    // Short names and names that begin like hex pieces are names, never read as IPv6 addresses.
    'https://ab',
    'https://xfd00.aero.example',
    // A global address whose last 32 bits read 127.0.0.1: only 64:ff9b::/96 (NAT64) carries an IPv4 host there.
    'https://[2001:ff9b::7f00:1]',
    'https://[2001:db8:1:2:3:4:5:6]',
    // Public addresses whose second part is that of a private range: the first part decides.
    'https://8.16.0.1',
    'https://8.168.0.1',
    'https://8.254.0.1',
    'https://8.64.0.1',
  ])('%s passes', (value) => {
    expect(contentHost(value, 'production')).toEqual([]);
  });
});

describe('the URL rule in development', () => {
  it('takes a same-origin path for a host, but not for the public origin', () => {
    expect(contentHost('/content-api', 'development')).toEqual([]);
    expect(checkSiteEnv({ ...dev, VITE_PUBLIC_ORIGIN: '/' }, 'development')).toEqual([
      'VITE_PUBLIC_ORIGIN (public origin of the site, for canonical URLs): "/" should be an absolute http(s) URL',
    ]);
  });

  it.each(['cms.aero.example', '//cdn.aero.example'])(
    'refuses %s, which is neither an absolute URL nor a same-origin path',
    (value) => {
      expect(contentHost(value, 'development')).toEqual([
        `${CONTENT_HOST}: "${value}" should be an absolute http(s) URL or a same-origin path`,
      ]);
    },
  );

  it.each(['ftp://cms.aero.example', 's3://content-bucket'])('refuses %s, which is no http(s) URL', (value) => {
    expect(contentHost(value, 'development')).toEqual([`${CONTENT_HOST}: "${value}" should be an http(s) URL`]);
  });

  it('wants // right after the scheme, not only somewhere later in the URL', () => {
    const value = 'https:cms.aero.example/?next=https://www.aero.example';
    for (const mode of ['development', 'production']) {
      expect(contentHost(value, mode), mode).toEqual([
        `${CONTENT_HOST}: "${value}" should start with its scheme and // (e.g. https://www.example.com): other tools read it otherwise`,
      ]);
    }
  });
});

describe('key formats', () => {
  const GUID = '2E7D5A8C-4B1F-4C9A-9D3E-6F0A1B2C3D4E';
  const notations = guidNotations(GUID);

  it.each([
    ['text before it', `sc_apikey=${GUID}`],
    ['text after it', `${GUID}-uat`],
  ])('refuses a GUID with %s', (_case, value) => {
    expect(checkSiteEnv({ ...deployed, VITE_CONTENT_API_KEY: value }, 'production')).toEqual([
      `VITE_CONTENT_API_KEY (content platform API key, sc_apikey): "${value}" should be a GUID, e.g. 2E7D5A8C-4B1F-4C9A-9D3E-6F0A1B2C3D4E (braces allowed)`,
    ]);
  });

  it('refuses a customer key with text after it', () => {
    expect(checkSiteEnv({ ...deployed, VITE_SEARCH_CUSTOMER_KEY: '98765-4321000/uat' }, 'production')).toEqual([
      'VITE_SEARCH_CUSTOMER_KEY (search customer key): Invalid customerKey: "98765-4321000/uat". It should match the following pattern: (\\d+)-(\\d+). Example: 11111-2222222',
    ]);
  });

  // A free-text key (here the consent domain script id) whose mock value is a GUID: the GUID's
  // other notations are the same key.
  const domainScript = 'VITE_CONSENT_DOMAIN_SCRIPT (consent platform domain script id)';
  const mocks = { ...dev, VITE_CONSENT_DOMAIN_SCRIPT: GUID };
  it.each([
    ['as a URN', notations.urn],
    ['in the {0x…} form', notations.braces],
    ['with spaces for hyphens', GUID.replace(/-/g, ' ')],
  ])('refuses a GUID mock key %s in a free-text key', (_case, value) => {
    expect(checkSiteEnv({ ...deployed, VITE_CONSENT_DOMAIN_SCRIPT: value }, 'production', mocks)).toEqual([
      `${domainScript} is the development mock value (in another case or format); set the production value`,
    ]);
  });

  it('takes a key that differs from the mock key by a "0x" in it', () => {
    const value = `${GUID.slice(0, 9)}0x${GUID.slice(9)}`;
    expect(checkSiteEnv({ ...deployed, VITE_CONSENT_DOMAIN_SCRIPT: value }, 'production', mocks)).toEqual([]);
  });

  it('compares with the mock value as the env file gives it, spaces around it or look-alike letters in it', () => {
    const key = dev.VITE_SEARCH_API_KEY!;
    const problem = (how: string) =>
      `VITE_SEARCH_API_KEY (search browser API key) is the development mock value${how}; set the production value`;
    const check = (mock: string) =>
      checkSiteEnv({ ...deployed, VITE_SEARCH_API_KEY: key }, 'production', { ...dev, VITE_SEARCH_API_KEY: mock });
    expect(check(`  ${key} `)).toEqual([problem('')]);
    expect(check(key.replace(/e/g, '\u0435'))).toEqual([problem(' (in look-alike characters)')]);
  });
});

describe('the build', () => {
  it('asks for a commerce base URL that is only white space, as for a missing one', () => {
    expect(
      checkSiteEnv({ ...deployed, VITE_COMMERCE_REGION: 'usWestQa', VITE_COMMERCE_BASE_URL: '   ' }, 'production'),
    ).toEqual([
      'VITE_COMMERCE_BASE_URL is missing: commerce region "usWestQa" has no public host for environment "staging"',
    ]);
  });

  it('stops with one problem a line, what to do, and no stack trace', () => {
    const error = (() => {
      try {
        assertSiteEnv({ ...deployed, VITE_SEARCH_API_KEY: '', VITE_BANNER_LAYOUT_ID: '' }, 'uat');
      } catch (thrown) {
        return thrown as Error;
      }
      throw new Error('assertSiteEnv did not throw');
    })();
    const message = [
      `The site's settings for mode "uat" are incomplete or invalid (.env.uat and the environment, which overrides it):`,
      '  - VITE_SEARCH_API_KEY is missing: search browser API key',
      '  - VITE_BANNER_LAYOUT_ID is missing: layout id of the routes that show targeted banners',
      'Set each in the environment of the build (see "Environments" in README.md).',
    ].join('\n');
    expect(error.message).toBe(message);
    expect(error.stack).toBe(`Error: ${message}`);
  });
});
