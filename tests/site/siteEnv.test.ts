import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { root } from '../../scripts/lib/prism.mjs';
import { ALLOW_PRIVATE_HOSTS, assertSiteEnv, checkSiteEnv, siteEnvVariables } from '../../src/site/siteEnv.ts';
import { deployed, guidNotations } from '../support/siteSettings.ts';

const names = Object.keys(siteEnvVariables);
const envFile = (mode: string) => parseEnv(readFileSync(join(root, `.env.${mode}`), 'utf8'));
const dev = envFile('development');

describe('the env files', () => {
  it.each(['development', 'uat', 'production'])('.env.%s names every variable the site reads', (mode) => {
    expect(Object.keys(envFile(mode)).sort()).toEqual([...names].sort());
  });

  it('commits no uat or production value (the deployment sets them)', () => {
    for (const mode of ['uat', 'production']) expect(Object.values(envFile(mode)).filter(Boolean)).toEqual([]);
  });

  it('development settings pass their check, and would not pass as production settings', () => {
    expect(checkSiteEnv(dev, 'development')).toEqual([]);
    const asProduction = checkSiteEnv(dev, 'production', dev).join('\n');
    for (const name of [
      'VITE_CONTENT_HOST',
      'VITE_PUBLIC_ORIGIN',
      'VITE_CONSENT_SCRIPT_URL',
      'VITE_SEARCH_API_KEY',
      'VITE_ENGAGEMENT_CLIENT_KEY',
    ]) {
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
    const problems = checkSiteEnv(
      {
        ...deployed,
        VITE_SEARCH_CUSTOMER_KEY: 'x11111-2222222',
        VITE_SEARCH_ENV: 'qa',
        VITE_CONTENT_API_KEY: 'not-a-guid',
      },
      'production',
    );
    expect(problems).toEqual([
      'VITE_CONTENT_API_KEY (content platform API key, sc_apikey): "not-a-guid" should be a GUID, e.g. 2E7D5A8C-4B1F-4C9A-9D3E-6F0A1B2C3D4E (braces allowed)',
      'VITE_SEARCH_ENV (search environment): Invalid env: "qa". Expected values: dev, staging, prod, uat, prodEu, apse2',
      'VITE_SEARCH_CUSTOMER_KEY (search customer key): Invalid customerKey: "x11111-2222222". It should match the following pattern: (\\d+)-(\\d+). Example: 11111-2222222',
    ]);
  });

  it('wants absolute https hosts off this machine in uat and production; development may use same-origin paths', () => {
    const hosts = {
      ...deployed,
      VITE_CONTENT_HOST: '/content-api',
      VITE_ENGAGEMENT_TARGET_URL: 'http://engage.aero.example',
      VITE_CONSENT_SCRIPT_URL: 'https://127.0.0.1:8443/consent.js',
    };
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
    expect(
      checkSiteEnv({ ...deployed, VITE_SEARCH_CUSTOMER_KEY: dev.VITE_SEARCH_CUSTOMER_KEY }, 'production', dev),
    ).toEqual([
      'VITE_SEARCH_CUSTOMER_KEY (search customer key) is the development mock value; set the production value',
    ]);
  });

  it('checks the commerce region and environment, and asks for a base URL where the region has no public host', () => {
    expect(
      checkSiteEnv({ ...deployed, VITE_COMMERCE_REGION: 'europewest', VITE_COMMERCE_ENVIRONMENT: 'qa' }, 'production'),
    ).toEqual([
      'VITE_COMMERCE_REGION (commerce region): "europewest" should be one of australiaEast, europeWest, japanEast, usEast, usWest, usWestQa',
      'VITE_COMMERCE_ENVIRONMENT (commerce environment): "qa" should be one of prod, sandbox, staging',
    ]);
    expect(checkSiteEnv({ ...deployed, VITE_COMMERCE_REGION: 'usWestQa' }, 'production')).toEqual([
      'VITE_COMMERCE_BASE_URL is missing: commerce region "usWestQa" has no public host for environment "staging"',
    ]);
    expect(
      checkSiteEnv(
        { ...deployed, VITE_COMMERCE_REGION: 'usWestQa', VITE_COMMERCE_BASE_URL: 'https://qa.commerce.example/v1' },
        'production',
      ),
    ).toEqual([]);
  });

  it('assertSiteEnv throws one error naming the mode and every problem', () => {
    const required = names.filter(
      (n) => !(siteEnvVariables[n as keyof typeof siteEnvVariables] as { optional?: true }).optional,
    );
    expect(required).toHaveLength(15);
    expect(() => assertSiteEnv({}, 'uat')).toThrowError(
      new RegExp(`mode "uat"[\\s\\S]*${required.join(' is missing[\\s\\S]*')} is missing`),
    );
    expect(() => assertSiteEnv(deployed, 'production', dev)).not.toThrow();
  });

  it("takes the commerce buyer app's client id as a GUID, and never the development one in a deployed build", () => {
    const meaning = "commerce buyer app's public client id, for guest browsing";
    expect(checkSiteEnv({ ...deployed, VITE_COMMERCE_CLIENT_ID: 'storefront' }, 'production')).toEqual([
      `VITE_COMMERCE_CLIENT_ID (${meaning}): "storefront" should be a GUID, e.g. 2E7D5A8C-4B1F-4C9A-9D3E-6F0A1B2C3D4E (braces allowed)`,
    ]);
    expect(
      checkSiteEnv({ ...deployed, VITE_COMMERCE_CLIENT_ID: dev.VITE_COMMERCE_CLIENT_ID!.toLowerCase() }, 'uat', dev),
    ).toEqual([
      `VITE_COMMERCE_CLIENT_ID (${meaning}) is the development mock value (in another case or format); set the uat value`,
    ]);
    expect(checkSiteEnv({ ...deployed, VITE_COMMERCE_CLIENT_ID: '' }, 'production')).toEqual([
      `VITE_COMMERCE_CLIENT_ID is missing: ${meaning}`,
    ]);
  });
});

describe('checkSiteEnv refuses what a reviewer would in a deployed build', () => {
  const devKey = dev.VITE_CONTENT_API_KEY!; // 2E7D5A8C-4B1F-4C9A-9D3E-6F0A1B2C3D4E
  const { hex, urn, braces } = guidNotations(devKey);
  const mock = (name: string, meaning: string, other = true) =>
    `${name} (${meaning}) is the development mock value${other ? ' (in another case or format)' : ''}; set the production value`;
  const CONTENT_KEY = 'content platform API key, sc_apikey';

  it.each([
    [
      'the content key lower-cased',
      'VITE_CONTENT_API_KEY',
      devKey.toLowerCase(),
      mock('VITE_CONTENT_API_KEY', CONTENT_KEY),
    ],
    ['the content key in braces', 'VITE_CONTENT_API_KEY', `{${devKey}}`, mock('VITE_CONTENT_API_KEY', CONTENT_KEY)],
    [
      'the content key lower-cased in braces',
      'VITE_CONTENT_API_KEY',
      `{${devKey.toLowerCase()}}`,
      mock('VITE_CONTENT_API_KEY', CONTENT_KEY),
    ],
    ['the content key as given', 'VITE_CONTENT_API_KEY', devKey, mock('VITE_CONTENT_API_KEY', CONTENT_KEY, false)],
    [
      'the search API key upper-cased',
      'VITE_SEARCH_API_KEY',
      dev.VITE_SEARCH_API_KEY!.toUpperCase(),
      mock('VITE_SEARCH_API_KEY', 'search browser API key'),
    ],
    [
      'the search API key with spaces and underscores',
      'VITE_SEARCH_API_KEY',
      ` ${dev.VITE_SEARCH_API_KEY!.replace(/-/g, '_')} `,
      mock('VITE_SEARCH_API_KEY', 'search browser API key'),
    ],
    [
      'the engagement client key lower-cased',
      'VITE_ENGAGEMENT_CLIENT_KEY',
      dev.VITE_ENGAGEMENT_CLIENT_KEY!.toLowerCase(),
      mock('VITE_ENGAGEMENT_CLIENT_KEY', 'engagement client key'),
    ],
    [
      'the consent domain script upper-cased',
      'VITE_CONSENT_DOMAIN_SCRIPT',
      dev.VITE_CONSENT_DOMAIN_SCRIPT!.toUpperCase(),
      mock('VITE_CONSENT_DOMAIN_SCRIPT', 'consent platform domain script id'),
    ],
    [
      'the consent domain script without hyphens',
      'VITE_CONSENT_DOMAIN_SCRIPT',
      dev.VITE_CONSENT_DOMAIN_SCRIPT!.replace(/-/g, ''),
      mock('VITE_CONSENT_DOMAIN_SCRIPT', 'consent platform domain script id'),
    ],
  ])('a mock key in any case or format: %s', (_case, name, value, problem) => {
    expect(checkSiteEnv({ ...deployed, [name]: value }, 'production', dev)).toEqual([problem]);
  });

  it.each([
    ['without hyphens', hex],
    ['in parentheses', `(${devKey})`],
    ['as a URN', urn],
    ['in the {0x…} form', braces],
  ])('the content key %s is refused too (as the mock value, or as no GUID at all)', (_case, value) => {
    const [problem, ...rest] = checkSiteEnv({ ...deployed, VITE_CONTENT_API_KEY: value }, 'uat', dev);
    expect(rest).toEqual([]);
    expect(problem).toMatch(
      /^VITE_CONTENT_API_KEY \(content platform API key, sc_apikey\)(: ".*" should be a GUID| is the development mock value)/,
    );
  });

  const host = 'VITE_CONTENT_HOST (content platform host of the layout and dictionary services)';
  const thisMachine = (value: string) =>
    `${host}: "${value}" points at this machine; a deployed build needs the real host`;
  const unspecified = (value: string, hostname: string) =>
    `${host}: "${value}" is an unspecified address (${hostname}: "any address" of this machine, not a host to call); a deployed build needs the real host`;
  const privateNet = (value: string, range: string) =>
    `${host}: "${value}" is on a private network (${range}), which visitors' browsers cannot reach; a deployed build needs a public host, or VITE_ALLOW_PRIVATE_HOSTS=true for a site served on that network`;

  it.each([
    ['https://localhost', thisMachine],
    ['https://LOCALHOST:8443', thisMachine],
    ['https://localhost.', thisMachine],
    ['https://localhost../x', thisMachine],
    ['https://cms.localhost', thisMachine],
    ['https://a.b.localhost./', thisMachine],
    ['https://localhost.localdomain', thisMachine],
    ['https://127.0.0.1', thisMachine],
    ['https://127.8.9.10', thisMachine],
    ['https://127.1', thisMachine],
    ['https://0x7f.1', thisMachine],
    ['https://2130706433', thisMachine],
    ['https://127.0.0.1.', thisMachine],
    ['https://[::1]', thisMachine],
    ['https://[0:0:0:0:0:0:0:1]', thisMachine],
    ['https://[::ffff:127.0.0.1]', thisMachine],
    ['https://[::ffff:7f00:1]', thisMachine],
    ['https://[::127.0.0.1]', thisMachine],
    ['https://0.0.0.0', (v: string) => unspecified(v, '0.0.0.0')],
    ['https://0', (v: string) => unspecified(v, '0.0.0.0')],
    ['https://[::]', (v: string) => unspecified(v, '[::]')],
    ['https://[::ffff:0.0.0.0]', (v: string) => unspecified(v, '[::ffff:0:0]')],
    ['https://10.1.2.3', (v: string) => privateNet(v, '10.0.0.0/8')],
    ['https://172.16.0.1', (v: string) => privateNet(v, '172.16.0.0/12')],
    ['https://172.31.255.254', (v: string) => privateNet(v, '172.16.0.0/12')],
    ['https://192.168.1.10', (v: string) => privateNet(v, '192.168.0.0/16')],
    ['https://169.254.169.254', (v: string) => privateNet(v, '169.254.0.0/16, link-local')],
    ['https://[::ffff:10.0.0.1]', (v: string) => privateNet(v, '10.0.0.0/8')],
    ['https://[fd12:3456::1]', (v: string) => privateNet(v, 'fc00::/7, unique local')],
    ['https://[fc00::1]', (v: string) => privateNet(v, 'fc00::/7, unique local')],
    ['https://[fe80::1]', (v: string) => privateNet(v, 'fe80::/10, link-local')],
  ])('a host that is not a public host: %s', (value, problem) => {
    expect(checkSiteEnv({ ...deployed, VITE_CONTENT_HOST: value }, 'production', dev)).toEqual([problem(value)]);
  });

  // Addresses that carry another address: NAT64 (64:ff9b::/96) and 6to4 (2002::/16) embed an IPv4
  // host, whose place is theirs; carrier-grade NAT (100.64.0.0/10) is no more public than 10/8.
  it.each([
    ['https://[64:ff9b::127.0.0.1]', thisMachine],
    ['https://[64:ff9b::7f00:1]', thisMachine],
    ['https://[2002:7f00:1::]', thisMachine],
    ['https://[2002:7f00:0001::1]', thisMachine],
    ['https://[2002:0a00:0001::]', (v: string) => privateNet(v, '10.0.0.0/8')],
    ['https://[64:ff9b::10.1.2.3]', (v: string) => privateNet(v, '10.0.0.0/8')],
    ['https://[64:ff9b::c0a8:101]', (v: string) => privateNet(v, '192.168.0.0/16')],
    ['https://[2002:a9fe:a9fe::]', (v: string) => privateNet(v, '169.254.0.0/16, link-local')],
    ['https://[64:ff9b::0.0.0.0]', (v: string) => unspecified(v, '[64:ff9b::]')],
    ['https://100.64.0.1', (v: string) => privateNet(v, '100.64.0.0/10, carrier-grade NAT')],
    ['https://100.127.255.254', (v: string) => privateNet(v, '100.64.0.0/10, carrier-grade NAT')],
    ['https://[::ffff:100.100.1.1]', (v: string) => privateNet(v, '100.64.0.0/10, carrier-grade NAT')],
  ])('a host that carries one that is not public, or shares one: %s', (value, problem) => {
    expect(checkSiteEnv({ ...deployed, VITE_CONTENT_HOST: value }, 'production', dev)).toEqual([problem(value)]);
  });

  it.each(['https://100.63.255.255', 'https://100.128.0.1', 'https://[64:ff9b::8.8.8.8]', 'https://[2002:808:808::]'])(
    'a public host near those passes: %s',
    (value) => {
      expect(checkSiteEnv({ ...deployed, VITE_CONTENT_HOST: value }, 'production', dev)).toEqual([]);
    },
  );

  it.each([
    ['https:cms.aero.example', 'https:cms.aero.example'],
    ['https:/cms.aero.example', 'https:/cms.aero.example'],
    ['https:\\cms.aero.example', 'https:\\cms.aero.example'],
    ['HTTPS:cms.aero.example/path', 'HTTPS:cms.aero.example/path'],
  ])('a URL without // after its scheme, which the URL parser still reads as one: %s', (value, shown) => {
    for (const mode of ['production', 'development']) {
      expect(
        checkSiteEnv({ ...(mode === 'development' ? dev : deployed), VITE_CONTENT_HOST: value }, mode, dev),
      ).toEqual([
        `${host}: "${shown}" should start with its scheme and // (e.g. https://www.example.com): other tools read it otherwise`,
      ]);
    }
  });

  // A look-alike copy of a mock key is the mock key to every reader: refused as the key itself.
  const LOOK_ALIKES: Record<string, string> = {
    a: '\u0430',
    e: '\u0435',
    o: '\u043e',
    p: '\u0440',
    c: '\u0441',
    x: '\u0445',
    y: '\u0443',
    i: '\u0456',
  };
  const cyrillic = (text: string) => [...text].map((c) => LOOK_ALIKES[c] ?? c).join('');
  const greek = (text: string) => text.replace(/o/g, '\u03bf').replace(/a/g, '\u03b1').replace(/N/g, '\u039d');
  const fullwidth = (text: string) =>
    [...text].map((c) => (c >= '!' && c <= '~' ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join('');
  const LOOK_ALIKE = (name: string, meaning: string) =>
    `${name} (${meaning}) is the development mock value (in look-alike characters); set the production value`;

  it.each([
    ['Cyrillic letters', 'VITE_SEARCH_API_KEY', cyrillic(dev.VITE_SEARCH_API_KEY!), 'search browser API key'],
    ['Greek letters', 'VITE_ENGAGEMENT_CLIENT_KEY', greek(dev.VITE_ENGAGEMENT_CLIENT_KEY!), 'engagement client key'],
    ['fullwidth forms', 'VITE_SEARCH_API_KEY', fullwidth(dev.VITE_SEARCH_API_KEY!), 'search browser API key'],
    [
      'fullwidth and upper case',
      'VITE_CONSENT_DOMAIN_SCRIPT',
      fullwidth(dev.VITE_CONSENT_DOMAIN_SCRIPT!.toUpperCase()),
      'consent platform domain script id',
    ],
    [
      'Cyrillic, upper-cased',
      'VITE_ENGAGEMENT_CLIENT_KEY',
      cyrillic(dev.VITE_ENGAGEMENT_CLIENT_KEY!).toUpperCase(),
      'engagement client key',
    ],
  ])('a mock key in %s', (_case, name, value, meaning) => {
    expect(value).not.toBe(dev[name]);
    expect(checkSiteEnv({ ...deployed, [name]: value }, 'production', dev)).toEqual([LOOK_ALIKE(name, meaning)]);
  });

  it.each([
    'https://172.15.0.1',
    'https://172.32.0.1',
    'https://192.169.0.1',
    'https://11.0.0.1',
    'https://[2001:db8::1]',
    'https://[fec0::1]',
    'https://localhost.example.com',
    'https://mylocalhost',
  ])('a public host near those ranges passes: %s', (value) => {
    expect(checkSiteEnv({ ...deployed, VITE_CONTENT_HOST: value }, 'production', dev)).toEqual([]);
  });

  it(`allows private-network hosts only with ${ALLOW_PRIVATE_HOSTS}=true, and never this machine`, () => {
    const intranet = {
      ...deployed,
      VITE_CONTENT_HOST: 'https://10.20.30.40',
      VITE_CONSENT_SCRIPT_URL: 'https://[fd00::5]/stub.js',
      VITE_PUBLIC_ORIGIN: 'https://192.168.0.10',
    };
    expect(checkSiteEnv(intranet, 'uat', dev)).toHaveLength(3);
    expect(checkSiteEnv({ ...intranet, [ALLOW_PRIVATE_HOSTS]: 'true' }, 'uat', dev)).toEqual([]);
    expect(checkSiteEnv({ ...intranet, [ALLOW_PRIVATE_HOSTS]: 'false' }, 'uat', dev)).toHaveLength(3);
    expect(
      checkSiteEnv({ ...deployed, [ALLOW_PRIVATE_HOSTS]: 'true', VITE_CONTENT_HOST: 'https://127.0.0.1' }, 'uat', dev),
    ).toEqual([thisMachine('https://127.0.0.1')]);
    expect(checkSiteEnv({ ...deployed, [ALLOW_PRIVATE_HOSTS]: 'yes' }, 'uat', dev)).toEqual([
      `${ALLOW_PRIVATE_HOSTS} (build option: allow hosts on a private network): "yes" should be true or false`,
    ]);
  });

  it.each([
    ['VITE_CONTENT_HOST', 'https://svc:secret@cd.aero.example', 'https://***:***@cd.aero.example/'],
    ['VITE_PUBLIC_ORIGIN', 'https://admin@www.aero.example', 'https://***@www.aero.example/'],
    ['VITE_ENGAGEMENT_TARGET_URL', 'https://:secret@api.engage.aero.example', 'https://:***@api.engage.aero.example/'],
    ['VITE_SEARCH_HOST', 'http://svc:secret@search.aero.example', 'http://***:***@search.aero.example/'],
    ['VITE_COMMERCE_BASE_URL', 'https://svc:secret@127.0.0.1/v1', 'https://***:***@127.0.0.1/v1'],
  ])('credentials in a URL setting (%s), named without showing them, in every mode', (name, value, shown) => {
    const meaning = siteEnvVariables[name as keyof typeof siteEnvVariables].meaning;
    const problem = `${name} (${meaning}): "${shown}" carries a user name or password, which would ship in the JavaScript and every page; remove them (a browser-facing service takes no credentials in its URL)`;
    for (const mode of ['production', 'uat', 'development']) {
      const problems = checkSiteEnv({ ...(mode === 'development' ? dev : deployed), [name]: value }, mode, dev);
      expect(problems, mode).toEqual([problem]);
      expect(problems.join('\n')).not.toContain('secret');
    }
  });

  it('names every problem at once, in one message', () => {
    const everything = {
      ...deployed,
      VITE_PUBLIC_ORIGIN: 'https://localhost.',
      VITE_CONTENT_HOST: 'https://svc:secret@cd.aero.example',
      VITE_CONTENT_API_KEY: `{${devKey.toLowerCase()}}`,
      VITE_SEARCH_API_KEY: dev.VITE_SEARCH_API_KEY!.toUpperCase(),
      VITE_ENGAGEMENT_TARGET_URL: 'https://[::ffff:127.0.0.1]',
      VITE_CONSENT_SCRIPT_URL: 'https://0.0.0.0/stub.js',
      VITE_WEB_PERSONALIZATION_URL: 'https://10.0.0.8',
    };
    expect(() => assertSiteEnv(everything, 'production', dev)).toThrowError(
      new RegExp(
        [
          'VITE_PUBLIC_ORIGIN',
          'VITE_CONTENT_HOST',
          'VITE_CONTENT_API_KEY',
          'VITE_SEARCH_API_KEY',
          'VITE_ENGAGEMENT_TARGET_URL',
          'VITE_WEB_PERSONALIZATION_URL',
          'VITE_CONSENT_SCRIPT_URL',
        ]
          .map((name) => `  - ${name} `)
          .join('[\\s\\S]*'),
      ),
    );
    expect(checkSiteEnv(everything, 'production', dev)).toHaveLength(7);
  });
});

// The second line behind the examples above: any IPv4 host, in any form the URL parser reads, is
// refused exactly when an independent table of the non-public ranges says so, and the problem names
// its range. The addresses lean to the ranges' edges, where an off-by-one would hide.
describe('checkSiteEnv on any IPv4 host (property)', () => {
  const RANGES: Array<[string, number, string]> = [
    ['0.0.0.0', 8, 'unspecified'],
    ['10.0.0.0', 8, '10.0.0.0/8'],
    ['100.64.0.0', 10, '100.64.0.0/10'],
    ['127.0.0.0', 8, 'this machine'],
    ['169.254.0.0', 16, '169.254.0.0/16'],
    ['172.16.0.0', 12, '172.16.0.0/12'],
    ['192.168.0.0', 16, '192.168.0.0/16'],
  ];
  const toInt = (dotted: string) => dotted.split('.').reduce((n, part) => n * 256 + Number(part), 0);
  const dotted = (n: number) => [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');
  const bounds = RANGES.map(([base, bits, name]) => ({
    first: toInt(base),
    last: toInt(base) + 2 ** (32 - bits) - 1,
    name,
  }));
  const rangeOf = (n: number) => bounds.find(({ first, last }) => n >= first && n <= last)?.name;
  const edges = bounds
    .flatMap(({ first, last }) => [first - 1, first, last, last + 1])
    .filter((n) => n >= 0 && n < 2 ** 32);
  const address = fc.oneof(
    fc.integer({ min: 0, max: 2 ** 32 - 1 }),
    fc
      .tuple(fc.constantFrom(...edges), fc.integer({ min: -2, max: 2 }))
      .map(([n, d]) => Math.min(2 ** 32 - 1, Math.max(0, n + d))),
  );
  const forms = [
    (n: number) => dotted(n),
    (n: number) => String(n),
    (n: number) => `0x${n.toString(16)}`,
    (n: number) => `[::ffff:${dotted(n)}]`,
  ];

  it('refuses exactly the non-public ones, naming the range, in dotted, decimal, hex and IPv4-mapped form', () => {
    fc.assert(
      fc.property(address, fc.constantFrom(...forms), (n, form) => {
        const host = `https://${form(n)}`;
        const problems = checkSiteEnv({ ...deployed, VITE_CONTENT_HOST: host }, 'production');
        const range = rangeOf(n);
        if (range === undefined) expect(problems).toEqual([]);
        else {
          expect(problems).toHaveLength(1);
          expect(problems[0]).toMatch(/^VITE_CONTENT_HOST /);
          if (range === 'this machine') expect(problems[0]).toContain('points at this machine');
          else if (range === 'unspecified') expect(problems[0]).toContain('unspecified address');
          else expect(problems[0]).toContain(`private network (${range}`);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
