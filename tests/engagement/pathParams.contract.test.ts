import { describe, expect, it } from 'vitest';
import { withPrism } from '../support/prism.ts';
import { expectEncodedPaths, generatedFunctions, HOSTILE, pathOperations, urlRecorder } from '../support/pathParams.ts';
import { createTransport } from '../../src/core/transport.ts';

const prism = withPrism('engagement');

describe('engagement: every path parameter of every generated call is one encoded segment (Prism)', () => {
  it(`sends ${JSON.stringify(HOSTILE)} as the browser id of show.json, to show.json`, async () => {
    const operations = pathOperations('engagement');
    expect(operations.map((op) => op.id)).toEqual(['getBrowser']);
    const recorder = urlRecorder();
    const client = createTransport({ baseUrl: prism.url, fetch: recorder });
    const sent = await expectEncodedPaths(
      operations,
      await generatedFunctions('engagement'),
      client,
      recorder,
      prism.url,
    );
    expect(sent.get('getBrowser')?.split('?')[0]).toBe(`${prism.url}/v1.2/browser/..%2Fa%2Fb%3Fc%23d%25e/show.json`);
  });
});
