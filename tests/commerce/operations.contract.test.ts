import { describe, expect, it } from 'vitest';
import { withPrism } from '../support/prism.ts';
import {
  ApiError,
  commerceOperations,
  createCommerceApi,
  createCommerceClient,
  type CommerceOperation,
} from '../../src/commerce/index.ts';
import { answerOf, argsFor, contractOperationCount } from './contract.ts';
import { queryOf, recordingFetch } from './recordingFetch.ts';

const prism = withPrism('commerce');

const rows: [string, string, CommerceOperation][] = Object.entries(commerceOperations).flatMap(([resource, ops]) =>
  Object.entries(ops).map(([name, row]): [string, string, CommerceOperation] => [resource, name, row]),
);

// List options every list accepts where the contract declares them; Prism validates each one.
const LIST_OPTIONS = {
  search: 'wing',
  searchOn: ['ID', 'Name'],
  sortBy: ['!DateCreated', 'ID'],
  page: 1,
  pageSize: 5,
  filters: { ID: ['a*', '!b'], xp: { Color: 'red' } },
};

type Call = (...args: unknown[]) => Promise<unknown>;
const operation = (target: unknown, name: string) => (target as Record<string, Call>)[name] as Call;

describe('every commerce operation through the facade against Prism', () => {
  it('covers the whole contract: 421 operations, each once in the table', () => {
    expect(rows).toHaveLength(421);
    expect(contractOperationCount()).toBe(421);
    expect(new Set(rows.map(([, , row]) => `${row[0]} ${row[1]}`)).size).toBe(421);
  });

  it('answers every operation with its declared 2xx and example, sending the SDK request shape', async () => {
    const fetch = recordingFetch();
    const client = createCommerceClient({ baseUrl: prism.url, accessToken: 'main-token', fetch });
    const failures: string[] = [];
    for (const [resource, name, row] of rows) {
      const id = `${resource}.${name}`;
      const { body } = answerOf(row);
      try {
        const result = await operation(client[resource as keyof typeof client], name)(...argsFor(row, LIST_OPTIONS));
        if (JSON.stringify(result) !== JSON.stringify(body))
          failures.push(`${id}: answer differs from the contract example`);
      } catch (error) {
        failures.push(`${id}: ${(error as Error).message}`);
        continue;
      }
      const sent = fetch.requests.at(-1)!;
      if (sent.method !== row[0]) failures.push(`${id}: sent ${sent.method}`);
      if (sent.headers.get('Authorization') !== 'Bearer main-token') failures.push(`${id}: wrong Authorization`);
      if (sent.headers.get('Content-Type') !== 'application/json') failures.push(`${id}: no JSON Content-Type`);
      if ((sent.body !== undefined) !== (row[3] === 1))
        failures.push(`${id}: body ${sent.body === undefined ? 'missing' : 'sent'}`);
      if (row[4].includes('page') && !/(^|&)page=1&pageSize=5/.test(queryOf(sent.url)))
        failures.push(`${id}: list options not sent`);
    }
    expect(failures).toEqual([]);
    expect(fetch.requests).toHaveLength(421);
  }, 180_000);

  it('sends one operation of every resource through As() with the impersonation token, then reverts', async () => {
    const fetch = recordingFetch();
    const client = createCommerceClient({
      baseUrl: prism.url,
      accessToken: 'main-token',
      impersonationToken: 'buyer-token',
      fetch,
    });
    const sample = [...new Map(rows.map((r) => [r[0], r])).values()];
    expect(sample).toHaveLength(Object.keys(commerceOperations).length);
    for (const [resource, name, row] of sample) {
      const handle = (client[resource as keyof typeof client] as { As(): unknown }).As();
      const { body } = answerOf(row);
      expect(await operation(handle, name)(...argsFor(row))).toEqual(body);
      expect(fetch.requests.at(-1)!.headers.get('Authorization'), `${resource}.${name}`).toBe('Bearer buyer-token');
      await operation(handle, name)(...argsFor(row));
      expect(fetch.requests.at(-1)!.headers.get('Authorization'), `${resource}.${name} again`).toBe(
        'Bearer main-token',
      );
    }
  }, 120_000);

  it('sends the list options of Orders.List exactly as the SDK, and Prism accepts them', async () => {
    const fetch = recordingFetch();
    const client = createCommerceClient({ baseUrl: prism.url, accessToken: 'main-token', fetch });
    const page = await client.Orders.List('Incoming', {
      page: 2,
      pageSize: 5,
      searchOn: ['ID', 'Comments'],
      sortBy: ['!DateSubmitted'],
      filters: { 'xp.Color': 'red', Status: 'Open|Completed' },
    });
    expect(page.Items?.length).toBeGreaterThan(0);
    expect(fetch.requests[0]!.url).toBe(
      `${prism.url}/orders/Incoming?xp.Color=red&Status=Open%7CCompleted&page=2&pageSize=5&searchOn=ID%2CComments&sortBy=!DateSubmitted`,
    );
  });

  it('calls oauth/userinfo (UserInfo.GetToken, the official name) without the version segment', async () => {
    const fetch = recordingFetch({ answer: () => Response.json({ ok: true }) });
    await createCommerceClient({ accessToken: 't', fetch }).UserInfo.GetToken();
    await createCommerceClient({ accessToken: 't', fetch }).Orders.Get('Outgoing', 'o1');
    expect(fetch.requests.map((r) => r.url)).toEqual([
      'https://api.ordercloud.io/oauth/userinfo',
      'https://api.ordercloud.io/v1/orders/Outgoing/o1',
    ]);
  });

  it('gives typed raw calls through the same transport and serializer (createCommerceApi)', async () => {
    const fetch = recordingFetch();
    const api = createCommerceApi(createCommerceClient({ baseUrl: prism.url, accessToken: 'main-token', fetch }));
    const { data } = await api.GET('/orders/{direction}', {
      params: {
        path: { direction: 'Incoming' },
        query: { page: 2, searchOn: ['ID', 'Name'], filters: { xp: { Color: 'red' } } },
      },
    });
    expect(data).toEqual(answerOf(commerceOperations.Orders!.List!).body);
    expect(queryOf(fetch.requests[0]!.url)).toBe('xp.Color=red&page=2&searchOn=ID%2CName');
    expect(fetch.requests[0]!.headers.get('Authorization')).toBe('Bearer main-token');
    const notFound = createCommerceApi(
      createCommerceClient({ baseUrl: prism.url, accessToken: 't', fetch: recordingFetch({ prefer: 'code=404' }) }),
    );
    await expect(notFound.GET('/me')).rejects.toBeInstanceOf(ApiError);
  });

  it('sends raw oauth/userinfo calls without the version segment', async () => {
    const fetch = recordingFetch({ answer: () => Response.json({ access_token: 'x' }) });
    const api = createCommerceApi(createCommerceClient({ accessToken: 't', fetch }));
    await api.GET('/oauth/userinfo');
    await api.GET('/me');
    expect(fetch.requests.map((r) => r.url)).toEqual([
      'https://api.ordercloud.io/oauth/userinfo',
      'https://api.ordercloud.io/v1/me',
    ]);
  });
});
