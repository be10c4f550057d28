import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../scripts/lib/browser.mjs';
import { startMocksOnFreePorts } from '../../scripts/lib/prism.mjs';
import { previewBuiltSite } from './site.ts';

/** The production build against its own mocks, and a Chromium whose contexts keep each case apart. */
export async function faultSite(): Promise<{ url: string; browser: Browser; stop(): Promise<void> }> {
  const mocks = await startMocksOnFreePorts({ errors: false });
  const built = await previewBuiltSite(Object.fromEntries(mocks.servers.map((s) => [s.api, s.url])));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
  return {
    url: built.url,
    browser,
    async stop() {
      await browser.close();
      await built.stop();
      await mocks.stop();
    },
  };
}
