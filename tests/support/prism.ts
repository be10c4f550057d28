import { afterAll, beforeAll } from 'vitest';
import { freePort, startPrism, type ApiName, type PrismServer } from '../../scripts/lib/prism.mjs';

/** A Prism mock started for one test file. */
export interface PrismMock {
  /** Base URL, e.g. `http://127.0.0.1:43127`. */
  url: string;
}

type Started = PrismServer;

/**
 * Starts Prism (with `--errors`, so an example that breaks its own schema fails
 * loudly) on a free port before the file's tests and stops it after them.
 * Read `.url` inside tests, not at module load.
 */
export function withPrism(api: ApiName): PrismMock {
  const mock: PrismMock = { url: '' };
  let server: Started | undefined;
  beforeAll(async () => {
    for (let attempt = 0; ; attempt += 1) {
      server = startPrism(api, { port: await freePort(), errors: true });
      try {
        mock.url = await server.ready;
        return;
      } catch (error) {
        await server.stop();
        if (attempt === 2) throw error;
      }
    }
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });
  return mock;
}
