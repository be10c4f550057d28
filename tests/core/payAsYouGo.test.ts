// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bundleCode, REACT_EXTERNAL } from '../../scripts/bench/_size.mjs';

// What a browser downloads for a few lines of app code, minified as a production build does.
const shipped = async (contents: string): Promise<string> =>
  (await bundleCode(contents, { external: REACT_EXTERNAL })).toString('utf8');

// Text only each feature's code holds: the form content type, the keepalive rule's encoder, and
// the body methods an answer read later by its caller has timed (`arrayBuffer`, `formData`…).
const FORM_BODIES = 'application/x-www-form-urlencoded';
const KEEPALIVE_LIMIT = 'TextEncoder';
const TIMED_BODY = 'arrayBuffer';

describe('the transport is pay-as-you-go: an app ships only the middleware its API uses', () => {
  it('the full transport has every middleware, a bare one none', async () => {
    const full = await shipped("export { createTransport } from './src/core/transport.ts';");
    expect(full).toContain(FORM_BODIES);
    expect(full).toContain(KEEPALIVE_LIMIT);
    const bare = await shipped("export { composeTransport } from './src/core/transport.ts';");
    expect(bare).not.toContain(FORM_BODIES);
    expect(bare).not.toContain(KEEPALIVE_LIMIT);
  });

  it('the transport ships the scheduler’s timeouts and none of its interval code', async () => {
    const code = await shipped("export { composeReader } from './src/core/transport.ts';");
    expect(code).toContain('setTimeout');
    expect(code).not.toContain('Interval');
  });

  it('only createTransport reads the per-call hooks (authorize, resolveUrl) and keeps a list of fetch’s own fields', async () => {
    const full = await shipped("export { createTransport } from './src/core/transport.ts';");
    for (const text of ['authorize', 'resolveUrl', 'referrerPolicy']) expect(full).toContain(text);
    for (const compose of ['composeTransport', 'composeReader', 'composeSender']) {
      const code = await shipped(`export { ${compose} } from './src/core/transport.ts';`);
      for (const text of ['authorize', 'resolveUrl', 'referrerPolicy']) expect(code).not.toContain(text);
    }
  });

  it('a reader (parsed bodies only) has no answers timed until their caller reads them', async () => {
    expect(await shipped("export { composeTransport } from './src/core/transport.ts';")).toContain(TIMED_BODY);
    expect(await shipped("export { composeReader } from './src/core/transport.ts';")).not.toContain(TIMED_BODY);
  });

  it('the events SDK (init + pageView) ships the keepalive rule it needs, no form bodies and no timed answers', async () => {
    const code = await shipped(`import { init } from './src/engagement/index.ts';
      init({ clientKey: 'ck', targetURL: 'https://engage.example.com', pointOfSale: 'ngc' })
        .then((engage) => engage.pageView({ channel: 'WEB' }));`);
    expect(code).toContain(KEEPALIVE_LIMIT);
    expect(code).not.toContain(FORM_BODIES);
    expect(code).not.toContain(TIMED_BODY);
  });
});
