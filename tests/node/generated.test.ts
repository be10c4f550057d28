import { describe, expect, it } from 'vitest';
// @ts-expect-error -- plain ESM script, also run as `node scripts/check-generated.mjs`.
import { checkGenerated } from '../../scripts/check-generated.mjs';

describe('generated code', () => {
  it('is exactly what npm run generate produces from openapi/', async () => {
    expect(await checkGenerated()).toEqual([]);
  }, 300_000);
});
