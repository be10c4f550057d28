import { describe, expect, it } from 'vitest';
import { withPrism } from '../support/prism.ts';
import { expectEncodedPaths, generatedFunctions, HOSTILE, pathOperations, urlRecorder } from '../support/pathParams.ts';
import { createTransport } from '../../src/core/transport.ts';

const prism = withPrism('auth');

describe('auth: every path parameter of every generated call is one encoded segment (Prism)', () => {
  it(`sends ${JSON.stringify(HOSTILE)} as the provider of sign-in and its callback, to those routes`, async () => {
    const operations = pathOperations('auth');
    expect(operations.map((op) => op.id).sort()).toEqual(['signIn', 'signInCallback']);
    const recorder = urlRecorder();
    const client = createTransport({ baseUrl: prism.url, fetch: recorder });
    const sent = await expectEncodedPaths(operations, await generatedFunctions('auth'), client, recorder, prism.url);
    expect(Object.fromEntries(sent)).toEqual({
      signIn: `${prism.url}/signin/..%2Fa%2Fb%3Fc%23d%25e`,
      signInCallback: `${prism.url}/callback/..%2Fa%2Fb%3Fc%23d%25e`,
    });
  });
});
