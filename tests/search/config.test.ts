import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSearchClient, resolveSearchEndpoints, searchEnvironments } from '../../src/search/index.ts';
import { spyLogger } from './support.tsx';

afterEach(() => vi.restoreAllMocks());

const keyMessage = (key: string) =>
  `Invalid customerKey: "${key}". It should match the following pattern: (\\d+)-(\\d+). Example: 11111-2222222`;

describe('configuration', () => {
  it('defaults to prod and sends the part of the customer key after the dash in the paths', () => {
    const { endpoints } = createSearchClient({ customerKey: '11111-2222222', apiKey: 'k', logger: spyLogger() });
    expect(endpoints).toEqual({
      mode: 'apiKey',
      key: '2222222',
      apiKey: 'k',
      searchUrl: 'https://discover.sitecorecloud.io/discover/v2/2222222',
      eventUrl: 'https://discover.sitecorecloud.io/event/2222222/v4/publish',
    });
  });

  it.each(Object.entries(searchEnvironments))('uses the %s domain', (env, domain) => {
    const e = resolveSearchEndpoints(
      { env: env as keyof typeof searchEnvironments, customerKey: '1-2', apiKey: 'k' },
      spyLogger(),
    );
    expect(e.searchUrl).toBe(`${domain}/discover/v2/2`);
  });

  it('rejects an unknown env with the list of envs', () => {
    expect(() => createSearchClient({ env: 'qa' as never, customerKey: '1-2', apiKey: 'k' })).toThrow(
      new Error('Invalid env: "qa". Expected values: dev, staging, prod, uat, prodEu, apse2'),
    );
  });

  it.each(['x11111-2222222y', '11111-2222222 ', '11111_2222222', '11111-', '-2222222', '', 'abc'])(
    'rejects the customer key %j, anchored to the whole string, naming the pattern',
    (key) => {
      expect(() => createSearchClient({ customerKey: key, apiKey: 'k' })).toThrow(new Error(keyMessage(key)));
    },
  );

  it('accepts any digits-dash-digits key', () => {
    expect(createSearchClient({ customerKey: '1-0', apiKey: 'k', logger: spyLogger() }).endpoints.key).toBe('0');
  });

  it('needs an api key or a service host, with the reference SDK message', () => {
    expect(() => createSearchClient({ customerKey: '11111-2222222' })).toThrow(
      new Error('Invalid configuration: apiKey has not been set but not serviceHost provided'),
    );
    expect(() => createSearchClient({ customerKey: '11111-2222222', apiKey: '' })).toThrow(
      'Invalid configuration: apiKey',
    );
  });

  it('never inherits an api key from an earlier client (the reference defect)', () => {
    createSearchClient({ customerKey: '11111-2222222', apiKey: 'first', logger: spyLogger() });
    expect(() => createSearchClient({ customerKey: '11111-2222222' })).toThrow('Invalid configuration');
  });

  it('uses the service host paths, with no key sent, when there is no api key', () => {
    const e = resolveSearchEndpoints(
      { customerKey: '11111-2222222', serviceHost: 'https://www.example.com/' },
      spyLogger(),
    );
    expect(e).toEqual({
      mode: 'serviceHost',
      key: '2222222',
      searchUrl: 'https://www.example.com/api/discover/v2',
      eventUrl: 'https://www.example.com/api/event/v4/publish',
    });
  });

  it('rejects a service host or base URL that is not an http(s) URL, naming the field', () => {
    expect(() =>
      resolveSearchEndpoints({ customerKey: '1-2', serviceHost: 'javascript:alert(1)' }, spyLogger()),
    ).toThrow('Invalid serviceHost: "javascript:alert(1)". It should be an http(s) URL');
    expect(() =>
      resolveSearchEndpoints({ customerKey: '1-2', apiKey: 'k', baseUrl: 'not a url' }, spyLogger()),
    ).toThrow('Invalid baseUrl');
  });

  it('warns that useToken is deprecated, and otherwise ignores it', () => {
    const logger = spyLogger();
    const client = createSearchClient({ customerKey: '11111-2222222', apiKey: 'k', useToken: true, logger });
    expect(logger.warn).toHaveBeenCalledWith('Parameter "useToken" has been deprecated');
    expect(client.endpoints.mode).toBe('apiKey');
    const quiet = spyLogger();
    createSearchClient({ customerKey: '11111-2222222', apiKey: 'k', logger: quiet });
    expect(quiet.warn).not.toHaveBeenCalled();
  });

  it('uses the commerce connector without a customer key, and then requires the discover domain id', () => {
    expect(() => createSearchClient({})).toThrow(new Error('{discoverDomainId} has not been provided.'));
    expect(() => createSearchClient({ discoverDomainId: '  ' })).toThrow('{discoverDomainId} has not been provided.');
    const { endpoints } = createSearchClient({ discoverDomainId: '2222222', logger: spyLogger() });
    expect(endpoints).toMatchObject({
      mode: 'commerce',
      key: '2222222',
      searchUrl: 'https://usWest-integrations.ordercloud.io/api/v1/search/2222222',
    });
  });

  it('puts the commerce region into the connector host and rejects regions outside the six', () => {
    const e = resolveSearchEndpoints({ discoverDomainId: 'd1', commerceRegion: 'japanEast' }, spyLogger());
    expect(e.searchUrl).toBe('https://japanEast-integrations.ordercloud.io/api/v1/search/d1');
    expect(() =>
      resolveSearchEndpoints({ discoverDomainId: 'd1', commerceRegion: 'mars' as never }, spyLogger()),
    ).toThrow(
      'Invalid commerceRegion: "mars". Expected values: australiaEast, europeWest, japanEast, usEast, usWest, usWestQa',
    );
  });

  it('sends connector events to the service host, else to the env domain with the api key, else nowhere', () => {
    const log = spyLogger();
    expect(resolveSearchEndpoints({ discoverDomainId: 'd1', serviceHost: 'https://site.example' }, log).eventUrl).toBe(
      'https://site.example/api/event/v4/publish',
    );
    expect(resolveSearchEndpoints({ discoverDomainId: '77', apiKey: 'k', env: 'prodEu' }, log)).toMatchObject({
      eventUrl: 'https://discover-euc1.sitecorecloud.io/event/77/v4/publish',
      apiKey: 'k',
    });
    expect(resolveSearchEndpoints({ discoverDomainId: 'd1' }, log).eventUrl).toBeNull();
  });

  it('lets a base URL replace the domain (mocks)', () => {
    const e = resolveSearchEndpoints(
      { customerKey: '1-2', apiKey: 'k', baseUrl: 'http://127.0.0.1:4012/' },
      spyLogger(),
    );
    expect(e.searchUrl).toBe('http://127.0.0.1:4012/discover/v2/2');
  });

  it('starts the visitor uuid with the key segment, unless one is given', () => {
    expect(createSearchClient({ customerKey: '11111-2222222', apiKey: 'k', logger: spyLogger() }).uuid).toMatch(
      /^2222222-[0-9a-z]{8}-\d{10}-[0-9a-f]{10}$/,
    );
    expect(createSearchClient({ customerKey: '1-2', apiKey: 'k', uuid: 'mine', logger: spyLogger() }).uuid).toBe(
      'mine',
    );
  });

  it('defaults tracking consent to on (as the reference SDK does) and accepts it off', () => {
    expect(createSearchClient({ customerKey: '1-2', apiKey: 'k', logger: spyLogger() }).trackingConsent).toBe(true);
    expect(
      createSearchClient({ customerKey: '1-2', apiKey: 'k', trackingConsent: false, logger: spyLogger() })
        .trackingConsent,
    ).toBe(false);
  });
});

describe('errors', () => {
  const thrown = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      return error as Error & { code?: string };
    }
    throw new Error('expected a throw');
  };

  it('gives every error the one error base and a code from the one table, under its old name', async () => {
    const search = await import('../../src/search/index.ts');
    const { CodedError } = await import('../../src/core/errors.ts');
    const cases: Array<[Error & { code?: string }, string, string]> = [
      [
        thrown(() => createSearchClient({ env: 'qa' as never, customerKey: '1-2', apiKey: 'k' })),
        'INVALID_ENV',
        'Error',
      ],
      [thrown(() => createSearchClient({ customerKey: 'x', apiKey: 'k' })), 'INVALID_CUSTOMER_KEY', 'Error'],
      [thrown(() => createSearchClient({})), 'MISSING_DISCOVER_DOMAIN_ID', 'Error'],
      [thrown(() => search.createWidgetRequest('r', 'content').limit(101)), 'INVALID_RANGE', 'RangeError'],
      [new search.SearchServiceError(null), 'SERVICE_ERROR', 'SearchServiceError'],
      [new search.WidgetRequestCanceledError(), 'REQUEST_CANCELED', 'AbortError'],
    ];
    for (const [error, code, name] of cases) {
      expect(error).toBeInstanceOf(CodedError);
      expect(error.code).toBe(code);
      expect(error.name).toBe(name);
      expect(search.searchErrorCodes[code as keyof typeof search.searchErrorCodes]).toBe(code);
    }
  });
});

describe('public names', () => {
  it("calls the connector regions by a name of their own, not the commerce API's commerceRegions", async () => {
    const search: Record<string, unknown> = await import('../../src/search/index.ts');
    expect(search.commerceConnectorRegions).toEqual([
      'australiaEast',
      'europeWest',
      'japanEast',
      'usEast',
      'usWest',
      'usWestQa',
    ]);
    expect(search).not.toHaveProperty('commerceRegions');
  });
});
