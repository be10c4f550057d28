import { describe, expect, it } from 'vitest';
import {
  commerceEnvironments,
  commerceRegionNames,
  commerceRegions,
  createCommerceClient,
  resolveCommerceBaseUrl,
  type CommerceRegion,
} from '../../src/commerce/index.ts';
import { recordingFetch } from './recordingFetch.ts';

const TABLE: [CommerceRegion, string, string, string][] = [
  ['usWest', 'https://api.ordercloud.io', 'https://sandboxapi.ordercloud.io', 'https://stagingapi.ordercloud.io'],
  [
    'usEast',
    'https://useast-production.ordercloud.io',
    'https://useast-sandbox.ordercloud.io',
    'https://useast-staging.ordercloud.io',
  ],
  [
    'australiaEast',
    'https://australiaeast-production.ordercloud.io',
    'https://australiaeast-sandbox.ordercloud.io',
    'https://australiaeast-staging.ordercloud.io',
  ],
  [
    'europeWest',
    'https://westeurope-production.ordercloud.io',
    'https://westeurope-sandbox.ordercloud.io',
    'https://westeurope-staging.ordercloud.io',
  ],
  [
    'japanEast',
    'https://japaneast-production.ordercloud.io',
    'https://japaneast-sandbox.ordercloud.io',
    'https://japaneast-staging.ordercloud.io',
  ],
];

describe('commerce regions and environments', () => {
  it('lists the six regions of the commerce platform and three environments', () => {
    expect(commerceRegionNames).toEqual(['australiaEast', 'europeWest', 'japanEast', 'usEast', 'usWest', 'usWestQa']);
    expect(Object.keys(commerceRegions).sort()).toEqual([...commerceRegionNames]);
    expect(commerceEnvironments).toEqual(['prod', 'sandbox', 'staging']);
  });

  it.each(TABLE)('maps %s to its production, sandbox and staging hosts with /v1', (region, prod, sandbox, staging) => {
    expect(resolveCommerceBaseUrl({ region })).toBe(`${prod}/v1`);
    expect(resolveCommerceBaseUrl({ region, environment: 'prod' })).toBe(`${prod}/v1`);
    expect(resolveCommerceBaseUrl({ region, environment: 'sandbox' })).toBe(`${sandbox}/v1`);
    expect(resolveCommerceBaseUrl({ region, environment: 'staging' })).toBe(`${staging}/v1`);
  });

  it('defaults to usWest production', async () => {
    expect(resolveCommerceBaseUrl()).toBe('https://api.ordercloud.io/v1');
    const fetch = recordingFetch({ answer: () => Response.json({}) });
    await createCommerceClient({ fetch, accessToken: 't' }).Me.Get();
    expect(fetch.requests[0]!.url).toBe('https://api.ordercloud.io/v1/me');
  });

  it('rejects an unknown region or environment, listing the valid ones', () => {
    expect(() => createCommerceClient({ region: 'europewest' as CommerceRegion })).toThrow(
      'Unknown commerce region "europewest": expected one of australiaEast, europeWest, japanEast, usEast, usWest, usWestQa',
    );
    expect(() => createCommerceClient({ environment: 'production' as 'prod' })).toThrow(
      'Unknown commerce environment "production": expected one of prod, sandbox, staging',
    );
  });

  it('has no guessed host for usWestQa: it must be configured', async () => {
    expect(commerceRegions.usWestQa).toEqual({});
    expect(() => createCommerceClient({ region: 'usWestQa' })).toThrow(
      `Commerce region "usWestQa" has no public host for environment "prod": pass baseUrl, or regionHosts: { usWestQa: { prod: 'https://…' } }`,
    );
    expect(() =>
      createCommerceClient({
        region: 'usWestQa',
        environment: 'sandbox',
        regionHosts: { usWestQa: { prod: 'https://qa.test' } },
      }),
    ).toThrow('Commerce region "usWestQa" has no public host for environment "sandbox"');
    const fetch = recordingFetch({ answer: () => Response.json({}) });
    await createCommerceClient({
      region: 'usWestQa',
      regionHosts: { usWestQa: { prod: 'https://qa.test/' } },
      fetch,
    }).Me.Get();
    await createCommerceClient({ region: 'usWestQa', baseUrl: 'https://qa2.test/v1/', fetch }).Me.Get();
    expect(fetch.requests.map((r) => r.url)).toEqual(['https://qa.test/v1/me', 'https://qa2.test/v1/me']);
  });

  it('lets baseUrl override region and environment, and regionHosts replace a host', () => {
    expect(
      resolveCommerceBaseUrl({ region: 'japanEast', environment: 'sandbox', baseUrl: 'http://127.0.0.1:4010' }),
    ).toBe('http://127.0.0.1:4010');
    expect(resolveCommerceBaseUrl({ region: 'usEast', regionHosts: { usEast: { prod: 'https://proxy.test' } } })).toBe(
      'https://proxy.test/v1',
    );
    expect(createCommerceClient({ region: 'europeWest', environment: 'sandbox' }).baseUrl).toBe(
      'https://westeurope-sandbox.ordercloud.io/v1',
    );
  });
});
