import { describe, expect, it } from 'vitest';
import { withPrism } from '../support/prism.ts';
import { expectEncodedPaths, generatedFunctions, HOSTILE, pathOperations, urlRecorder } from '../support/pathParams.ts';
import { createTransport } from '../../src/core/transport.ts';

const prism = withPrism('search');

describe('search: every path parameter of every generated call is one encoded segment (Prism)', () => {
  it(`sends ${JSON.stringify(HOSTILE)} as the customer key or domain id, to the operation's own route`, async () => {
    const operations = pathOperations('search');
    expect(operations.map((op) => op.id).sort()).toEqual(['publishEvent', 'searchCommerceWidgets', 'searchWidgets']);
    const recorder = urlRecorder();
    const client = createTransport({ baseUrl: prism.url, fetch: recorder });
    const sent = await expectEncodedPaths(operations, await generatedFunctions('search'), client, recorder, prism.url);
    expect(Object.fromEntries(sent)).toEqual({
      searchWidgets: `${prism.url}/discover/v2/..%2Fa%2Fb%3Fc%23d%25e`,
      searchCommerceWidgets: `${prism.url}/api/v1/search/..%2Fa%2Fb%3Fc%23d%25e`,
      publishEvent: `${prism.url}/event/..%2Fa%2Fb%3Fc%23d%25e/v4/publish`,
    });
  });
});
