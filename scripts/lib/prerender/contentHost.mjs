// @ts-check
// Where the build and the publish server read the layout service: `PRERENDER_CONTENT_HOST` when set
// (a build machine reaching the delivery host at an internal address), else the content mock in the
// mock-backed mode, else the mode's configured content host.
import { loadEnv } from 'vite';
import { startContentMock } from '../contentMock.mjs';
import { MOCK_BACKED_MODE, root } from '../prism.mjs';

/**
 * The content host for `mode` (see the file's comment) and `stop()`, which stops the content mock
 * when one was started for it (`contentPrismUrl`: a running content Prism for the mock to use).
 * Throws when it is no absolute URL.
 * @param {{ mode: string; configured: string | undefined; contentPrismUrl?: string }} options
 * @returns {Promise<{ url: string; stop(): Promise<void> }>}
 */
export async function openContentHost({ mode, configured, contentPrismUrl }) {
  const env = { ...loadEnv(mode, root, ''), ...process.env };
  let url = env.PRERENDER_CONTENT_HOST;
  /** @type {{ url: string; stop(): Promise<void> } | undefined} */
  let mock;
  if (!url && mode === MOCK_BACKED_MODE) {
    mock = await startContentMock({ prismUrl: contentPrismUrl });
    url = mock.url;
  }
  url ||= configured;
  if (!/^https?:\/\//i.test(url ?? '')) {
    await mock?.stop();
    throw new Error(
      `prerender: the content host ${JSON.stringify(url)} is not an absolute URL; set PRERENDER_CONTENT_HOST to where the build reaches the layout service`,
    );
  }
  return { url: /** @type {string} */ (url), stop: async () => void (await mock?.stop()) };
}
