import { describe, expect, it } from 'vitest';
import { withPrism } from '../support/prism.ts';
import {
  callGenerated,
  encodedPath,
  expectEncodedPaths,
  generatedFunctions,
  HOSTILE,
  NOT_ROUTED,
  pathOperations,
  urlRecorder,
} from '../support/pathParams.ts';
import { commerceOperations, createCommerceApi, createCommerceClient } from '../../src/commerce/index.ts';

const prism = withPrism('commerce');
const operations = pathOperations('commerce');

type Call = (...args: unknown[]) => Promise<unknown>;

/**
 * Sends `id` (`Resource.Operation`) through the facade with `value` in every path parameter; resolves
 * to the URL it sent. The call is answered here, not by Prism: the test compares that URL with the
 * generated call's, which Prism has routed.
 */
async function facadeUrl(id: string, value: string, query: Record<string, unknown>, body: unknown): Promise<string> {
  const recorder = urlRecorder({ answer: () => new Response(null, { status: 204 }) });
  const client = createCommerceClient({ baseUrl: prism.url, accessToken: 'main-token', fetch: recorder });
  const [resource, name] = id.split('.') as [string, string];
  const [, , names, hasBody, queryNames] = commerceOperations[resource]![name]!;
  const args: unknown[] = names.map(() => value);
  if (hasBody) args.push(body);
  if (queryNames.length) args.push(query);
  await (client as unknown as Record<string, Record<string, Call>>)[resource]![name]!(...args).catch(() => undefined);
  expect(recorder.urls, id).toHaveLength(1);
  return recorder.urls[0]!;
}

describe('commerce: every path parameter of every generated call is one encoded segment (Prism)', () => {
  it(`sends ${JSON.stringify(HOSTILE)} as one segment to the operation's own route, the URL the facade sends`, async () => {
    // Every operation of the facade's table that has path parameters (304 today).
    const inTable = Object.values(commerceOperations)
      .flatMap((ops) => Object.values(ops))
      .filter((row) => row[2].length > 0);
    expect(operations.length).toBe(inTable.length);
    expect(operations.length).toBeGreaterThan(0);
    const recorder = urlRecorder();
    const client = createCommerceClient({ baseUrl: prism.url, accessToken: 'main-token', fetch: recorder });
    const sent = await expectEncodedPaths(
      operations,
      await generatedFunctions('commerce'),
      client.transport,
      recorder,
      prism.url,
    );
    const differ: string[] = [];
    for (const op of operations) {
      const facade = await facadeUrl(op.id, HOSTILE, op.query, op.body);
      if (facade !== sent.get(op.id)) differ.push(`${op.id}: generated ${sent.get(op.id)}, facade ${facade}`);
    }
    expect(differ).toEqual([]);
  }, 180_000);

  it.each([
    // The attacks: the product page at /products/..%2Fme and /products/..%2F..%2Fapi%2Fauth%2Fsession%3F.
    ['../me', '/products/..%2Fme'],
    ['../../api/auth/session?', '/products/..%2F..%2Fapi%2Fauth%2Fsession%3F'],
  ])('sends the product page hook for %j to %s, never to another operation', async (id, path) => {
    const recorder = urlRecorder();
    const client = createCommerceClient({ baseUrl: prism.url, accessToken: 'buyer-token', fetch: recorder });
    const op = operations.find((o) => o.id === 'Products.Get')!;
    const outcome = await callGenerated(
      (await generatedFunctions('commerce')).get('productsGet')!,
      op,
      id,
      client.transport,
    );
    expect(recorder.urls).toEqual([`${prism.url}${path}`]);
    expect(encodedPath(op, id)).toBe(path);
    expect(outcome.prismError ?? '').not.toMatch(NOT_ROUTED);
    expect(await facadeUrl('Products.Get', id, {}, undefined)).toBe(`${prism.url}${path}`);
  });

  it.each(['.', '..'])(
    'refuses %j as a path parameter, which no encoding keeps as one segment, and sends nothing',
    async (id) => {
      const recorder = urlRecorder();
      const client = createCommerceClient({ baseUrl: prism.url, accessToken: 'buyer-token', fetch: recorder });
      const generated = (await generatedFunctions('commerce')).get('productsGet')!;
      await expect(generated(id, { client: client.transport })).rejects.toThrow(TypeError);
      await expect(client.Products.Get(id)).rejects.toThrow(
        `Products.Get: path parameter "productID" (argument 1) must not be "${id}"`,
      );
      expect(recorder.urls).toEqual([]);
    },
  );

  it('keeps the path parameter of typed raw calls (openapi-fetch) in its segment: encoded, or refused when ".."', async () => {
    const recorder = urlRecorder();
    const api = createCommerceApi(
      createCommerceClient({ baseUrl: prism.url, accessToken: 'main-token', fetch: recorder }),
    );
    await api.GET('/products/{productID}', { params: { path: { productID: HOSTILE } } });
    await expect(api.GET('/products/{productID}/specs', { params: { path: { productID: '..' } } })).rejects.toThrow(
      TypeError,
    );
    expect(recorder.urls).toEqual([`${prism.url}/products/..%2Fa%2Fb%3Fc%23d%25e`]);
  });
});
