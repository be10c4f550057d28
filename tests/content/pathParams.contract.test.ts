import { describe, expect, it } from 'vitest';
import { withPrism } from '../support/prism.ts';
import { expectEncodedPaths, generatedFunctions, HOSTILE, pathOperations, urlRecorder } from '../support/pathParams.ts';
import { createContentClient } from '../../src/content/index.ts';

const prism = withPrism('content');
const KEY = '2E7D5A8C-4B1F-4C9A-9D3E-6F0A1B2C3D4E';

describe('content: every path parameter of every generated call is one encoded segment (Prism)', () => {
  it(`sends ${JSON.stringify(HOSTILE)} as the dictionary's app and language, the URL the content client sends`, async () => {
    const operations = pathOperations('content');
    expect(operations.map((op) => op.id)).toEqual(['getDictionary']);
    const recorder = urlRecorder();
    const client = createContentClient({ baseUrl: prism.url, apiKey: KEY, fetch: recorder });
    const sent = await expectEncodedPaths(
      operations,
      await generatedFunctions('content'),
      client.transport,
      recorder,
      prism.url,
    );
    const expected = `${prism.url}/sitecore/api/jss/dictionary/..%2Fa%2Fb%3Fc%23d%25e/..%2Fa%2Fb%3Fc%23d%25e?sc_apikey=${KEY}`;
    expect(sent.get('getDictionary')).toBe(expected);
    await client.getDictionary(HOSTILE, HOSTILE).catch(() => undefined);
    expect(recorder.urls.at(-1)).toBe(expected);
  });

  it.each(['.', '..'])(
    'refuses %j as the dictionary language, which no encoding keeps as one segment, and sends nothing',
    async (language) => {
      const recorder = urlRecorder();
      const client = createContentClient({ baseUrl: prism.url, apiKey: KEY, fetch: recorder });
      const getDictionary = (await generatedFunctions('content')).get('getDictionary')!;
      await expect(getDictionary('aero', language, { sc_apikey: KEY }, { client: client.transport })).rejects.toThrow(
        TypeError,
      );
      await expect(client.getDictionary('aero', language)).rejects.toThrow(TypeError);
      expect(recorder.urls).toEqual([]);
    },
  );
});
