import { describe, expect, it } from 'vitest';
import { checkGenerated } from '../../scripts/check-generated.mjs';

describe('generated code', () => {
  it('is exactly what npm run generate produces from openapi/', async () => {
    expect(await checkGenerated()).toEqual([]);
  }, 300_000);
});
