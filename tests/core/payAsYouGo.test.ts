// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bundleCode, REACT_EXTERNAL } from '../../scripts/bench/_size.mjs';

// What a browser downloads for a few lines of app code, minified as a production build does.
const shipped = async (contents: string): Promise<string> =>
  (await bundleCode(contents, { external: REACT_EXTERNAL })).toString('utf8');

// Text only each middleware's code holds: the form content type, and the keepalive rule's encoder.
const FORM_BODIES = 'application/x-www-form-urlencoded';
const KEEPALIVE_LIMIT = 'TextEncoder';

describe('the transport is pay-as-you-go: an app ships only the middleware its API uses', () => {
  it('the full transport has every middleware, a bare one none', async () => {
    const full = await shipped("export { createTransport } from './src/core/transport.ts';");
    expect(full).toContain(FORM_BODIES);
    expect(full).toContain(KEEPALIVE_LIMIT);
    const bare = await shipped("export { composeTransport } from './src/core/transport.ts';");
    expect(bare).not.toContain(FORM_BODIES);
    expect(bare).not.toContain(KEEPALIVE_LIMIT);
  });

  it('the events SDK (init + pageView) ships the keepalive rule it needs and no form bodies', async () => {
    const code = await shipped(`import { init } from './src/engagement/index.ts';
      init({ clientKey: 'ck', targetURL: 'https://engage.example.com', pointOfSale: 'ngc' })
        .then((engage) => engage.pageView({ channel: 'WEB' }));`);
    expect(code).toContain(KEEPALIVE_LIMIT);
    expect(code).not.toContain(FORM_BODIES);
  });
});
