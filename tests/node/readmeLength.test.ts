// The top README is a newcomer's front door: what the project is, how to start, where to read on.
// Long documentation goes in docs/<topic>.md or the folder's own README, with a line and a link here;
// without a check the README grew back past its limit (from 250 to 290 lines, then 352).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../../scripts/lib/prism.mjs';

const MAX_LINES = 250;

describe('README.md', () => {
  it(`stays at most ${MAX_LINES} lines`, () => {
    const lines = readFileSync(join(root, 'README.md'), 'utf8').replace(/\n$/, '').split('\n').length;
    expect(lines, `README.md has ${lines} lines; move the details into docs/`).toBeLessThanOrEqual(MAX_LINES);
  });
});
