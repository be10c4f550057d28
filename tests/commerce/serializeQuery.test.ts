import { describe, expect, it } from 'vitest';
import { createCommerceClient, serializeQuery } from '../../src/commerce/index.ts';
import { queryOf, recordingFetch } from './recordingFetch.ts';

function stubClient() {
  const fetch = recordingFetch({ answer: () => Response.json({ Items: [], Meta: {} }) });
  return { fetch, client: createCommerceClient({ baseUrl: 'https://stub.test/v1', accessToken: 't', fetch }) };
}

describe('query strings sent by the facade (the official SDK request construction)', () => {
  it('sends filters first, then the options in the order given', async () => {
    const { client, fetch } = stubClient();
    await client.Orders.List('Incoming', { page: 2, pageSize: 5, filters: { 'xp.Color': 'red' } });
    expect(fetch.requests[0]!.url).toBe('https://stub.test/v1/orders/Incoming?xp.Color=red&page=2&pageSize=5');
  });

  it('flattens nested filter objects to dotted keys and arrays to repeated keys', async () => {
    const { client, fetch } = stubClient();
    await client.Products.List({ filters: { ID: ['a*', '!b'], xp: { Size: 'L', Specs: { Color: ['red', 'blue'] } } } });
    expect(queryOf(fetch.requests[0]!.url)).toBe('ID=a*&ID=!b&xp.Size=L&xp.Specs.Color=red&xp.Specs.Color=blue');
  });

  it('keeps false and 0 in filters, drops empty strings and undefined', async () => {
    const { client, fetch } = stubClient();
    await client.Products.List({
      filters: { Active: false, Inventory: 0, Name: '', Description: undefined, xp: { Hot: true } },
    });
    expect(queryOf(fetch.requests[0]!.url)).toBe('Active=false&Inventory=0&xp.Hot=true');
  });

  it("rejects a null filter value, naming it and pointing to '!*', without sending anything", async () => {
    const { client, fetch } = stubClient();
    const call = client.Orders.List('All', { filters: { xp: { hasPaid: null as unknown as string } } });
    await expect(call).rejects.toThrow(
      `Filter "xp.hasPaid" is null, which is not a valid filter value: to match an absent value use the string '!*' (e.g. { xp: { hasPaid: '!*' } })`,
    );
    await expect(client.Orders.List('All', { filters: { ID: ['a', null as unknown as string] } })).rejects.toThrow(
      'Filter "ID" is null',
    );
    expect(fetch.requests).toHaveLength(0);
  });

  it('drops falsy non-filter options (false, 0, empty string)', async () => {
    const { client, fetch } = stubClient();
    await client.Orders.List('Outgoing', { page: 0, search: '', pageSize: 20, buyerID: undefined });
    await client.Categories.Create('cat', { Name: 'Avionics' }, { adjustListOrders: false });
    await client.Categories.Create('cat', { Name: 'Avionics' }, { adjustListOrders: true });
    expect(fetch.requests.map((r) => queryOf(r.url))).toEqual(['pageSize=20', '', 'adjustListOrders=true']);
    expect(fetch.requests[1]!.url).toBe('https://stub.test/v1/catalogs/cat/categories');
  });

  it('joins searchOn and sortBy arrays with commas into one encoded value', async () => {
    const { client, fetch } = stubClient();
    await client.Products.List({ searchOn: ['ID', 'Name'], sortBy: ['!DateCreated', 'ID'], search: 'wing spar' });
    expect(queryOf(fetch.requests[0]!.url)).toBe('searchOn=ID%2CName&sortBy=!DateCreated%2CID&search=wing%20spar');
  });

  it('encodes values with encodeURIComponent and sends dates as ISO strings', () => {
    expect(
      serializeQuery({ filters: { Name: 'a&b=c', DateSubmitted: new Date(Date.UTC(2026, 0, 2)) }, to: 'x y' }),
    ).toBe('Name=a%26b%3Dc&DateSubmitted=2026-01-02T00%3A00%3A00.000Z&to=x%20y');
    // Numbers as their text, escaped where that text needs it (`1e+21` must not read as `1e 21`).
    expect(serializeQuery({ filters: { Total: 1e21, Price: -2.5, Qty: 3, Hot: true } })).toBe(
      'Total=1e%2B21&Price=-2.5&Qty=3&Hot=true',
    );
  });

  it('writes nothing for no options', () => {
    expect(serializeQuery(undefined)).toBe('');
    expect(serializeQuery(null)).toBe('');
  });

  it('drops undefined items of a filter array', () => {
    expect(serializeQuery({ filters: { ID: ['a', undefined, 'b'] } })).toBe('ID=a&ID=b');
  });

  // A polluted Object.prototype, or a filter object built on a prototype, must not add filters.
  it('sends the own keys of filter objects only, never inherited ones', () => {
    const inherits = <T extends object>(proto: object, own: T): T => Object.assign(Object.create(proto) as T, own);
    const filters = inherits({ Status: 'Open' }, { ID: 'a', xp: inherits({ Hidden: 'yes' }, { Color: 'red' }) });
    expect(serializeQuery({ filters })).toBe('ID=a&xp.Color=red');
  });

  it('sends no filter for a filters value that is no object, never its characters or indexes as keys', () => {
    expect(serializeQuery({ filters: 'ID=a', page: 2 })).toBe('page=2');
    expect(serializeQuery({ filters: ['a', 'b'] })).toBe('');
  });

  it('rejects an object given as a plain option, naming it', () => {
    expect(() => serializeQuery({ page: { n: 1 } })).toThrow(
      'Option "page" must be a string, number, boolean, date or array, not an object',
    );
  });

  it('puts non-list query parameters in the options object after the body', async () => {
    const { client, fetch } = stubClient();
    await client.PriceSchedules.DeletePriceBreak('ps1', { quantity: 5 });
    await client.Catalogs.DeleteAssignment('cat1', { buyerID: 'b1' });
    await client.Me.Register({ Username: 'jo' }, { anonUserToken: 'anon' });
    expect(fetch.requests.map((r) => `${r.method} ${r.url} ${r.body ?? '-'}`)).toEqual([
      'DELETE https://stub.test/v1/priceschedules/ps1/PriceBreaks?quantity=5 -',
      'DELETE https://stub.test/v1/catalogs/cat1/assignments?buyerID=b1 -',
      'PUT https://stub.test/v1/me/register?anonUserToken=anon {"Username":"jo"}',
    ]);
  });

  it('sends no body for bodyless POST/PUT, the partial object for PATCH, and Content-Type on every call', async () => {
    const { client, fetch } = stubClient();
    await client.Orders.Submit('Outgoing', 'o1');
    await client.Suppliers.SaveBuyer('s1', 'b1');
    await client.Orders.Patch('Outgoing', 'o1', { Comments: 'rush' });
    await client.Orders.Get('Outgoing', 'o1');
    await client.Orders.Delete('Outgoing', 'o1');
    expect(fetch.requests.map((r) => [r.method, r.body, r.headers.get('Content-Type')])).toEqual([
      ['POST', undefined, 'application/json'],
      ['PUT', undefined, 'application/json'],
      ['PATCH', '{"Comments":"rush"}', 'application/json'],
      ['GET', undefined, 'application/json'],
      ['DELETE', undefined, 'application/json'],
    ]);
  });

  it('encodes path parameters and rejects a missing one, naming it', async () => {
    const { client, fetch } = stubClient();
    await client.Orders.Get('Incoming', 'PO 1/2');
    expect(fetch.requests[0]!.url).toBe('https://stub.test/v1/orders/Incoming/PO%201%2F2');
    await expect(client.Orders.Get('Incoming', undefined as unknown as string)).rejects.toThrow(
      'Orders.Get: path parameter "orderID" (argument 2) must be a non-empty string, got undefined',
    );
    await expect(client.Orders.Get('Incoming', '')).rejects.toThrow(
      `Orders.Get: path parameter "orderID" (argument 2) must be a non-empty string, got ''`,
    );
    expect(fetch.requests).toHaveLength(1);
  });

  it('resolves a 204 DELETE to undefined', async () => {
    const fetch = recordingFetch({ answer: () => new Response(null, { status: 204 }) });
    const client = createCommerceClient({ baseUrl: 'https://stub.test/v1', accessToken: 't', fetch });
    await expect(client.Orders.Delete('Outgoing', 'o1')).resolves.toBeUndefined();
  });
});
