// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { splitBundleSize } from '../../scripts/bench/_splitSize.mjs';

// What a visitor's browser downloads for the bench's app (`init` + `pageView`), built with code
// splitting as a production build does: the app's entry with its static imports, and the chunks
// loaded through `import()` only.
const APP = `import { init } from './src/engagement/index.ts';
init({ clientKey: 'ck', targetURL: 'https://engage.example.com', pointOfSale: 'ngc' })
  .then((engage) => engage.pageView({ channel: 'WEB' }));`;

// Text only each on-demand part holds: the guest-id route, the call-flow route, the queue sender's warning.
const PARTS = {
  getGuestId: 'show.json',
  personalize: '/v2/callFlows',
  processEventQueue: 'dropped a queued event',
};

type Split = Awaited<ReturnType<typeof splitBundleSize>>;
const texts = ({ outputs }: Split, files: Array<{ path: string }>): string[] =>
  files.map((f) => (outputs.get(f.path) as { text: string }).text);

describe('a first visit of the events SDK', () => {
  it('downloads one file: the parts loaded on first use share no chunk with the SDK', async () => {
    const split = await splitBundleSize(APP);
    expect(split.initial.files).toHaveLength(1);
    const code = texts(split, split.initial.files).join('\n');
    for (const text of Object.values(PARTS)) expect(code).not.toContain(text);
  });

  it('loads getGuestId, personalize and processEventQueue only when they are called', async () => {
    const split = await splitBundleSize(APP);
    const chunks = texts(split, split.lazy.files);
    for (const text of Object.values(PARTS)) expect(chunks.filter((code) => code.includes(text))).toHaveLength(1);
  });
});
