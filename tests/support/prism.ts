import { beforeAll } from 'vitest';
import type { ApiName } from '../../scripts/lib/prism.mjs';
import { sharedMock } from './shared.ts';

/** A Prism mock a test file sends its requests to. */
export interface PrismMock {
  /** Base URL, e.g. `http://127.0.0.1:43127`. */
  url: string;
}

/**
 * The run's Prism mock of `api` (with `--errors`, so an example that breaks its own schema fails
 * loudly), on a free port: started by the first file that asks for it and stopped when the run
 * ends (tests/support/shared.ts), instead of one per file. Prism keeps no state between requests;
 * a test that reads a mock's log of requests starts its own with `startPrism`.
 * Read `.url` inside tests, not at module load.
 */
export function withPrism(api: ApiName): PrismMock {
  const mock: PrismMock = { url: '' };
  beforeAll(async () => {
    mock.url = await sharedMock(api);
  }, 180_000);
  return mock;
}
