import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { prerenderSite, type SitePrerender } from '../../scripts/lib/prerender/build.mjs';
import { serverDirIn } from '../../scripts/lib/prerender/manifest.mjs';
import { CLIENT_MANIFEST_FILE, loadBundle } from '../../scripts/lib/prerender/site.mjs';
import { SHELL_FILE } from '../../scripts/lib/prerender/pages.mjs';
import { startPublishServer } from '../../scripts/lib/publishServer.mjs';
import { startSyntheticContent } from '../../scripts/lib/syntheticContent.mjs';

/** The page template of the small builds: the site's index.html, reduced to what pages fill in. */
const TEMPLATE =
  '<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>x</title></head><body><div id="root"></div></body></html>\n';

/**
 * A build folder and state folder holding the small stand-in bundle (tests/support/prerenderBundle.mjs)
 * as a Vite build would leave them, and `build(options)`: the prerender of the whole site into it
 * (the code `npm run build` runs once its bundles are built). `remove()` deletes both folders.
 */
export async function smallBuild(contentHost: string) {
  const outDir = mkdtempSync(join(tmpdir(), 'prerender-out-'));
  const stateDir = mkdtempSync(join(tmpdir(), 'prerender-state-'));
  const serverDir = serverDirIn(stateDir);
  mkdirSync(serverDir, { recursive: true });
  copyFileSync(fileURLToPath(new URL('./prerenderBundle.mjs', import.meta.url)), join(serverDir, 'entry-server.js'));
  writeFileSync(join(serverDir, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(join(serverDir, CLIENT_MANIFEST_FILE), '{}');
  writeFileSync(join(outDir, SHELL_FILE), TEMPLATE);
  const bundle = await loadBundle(outDir, serverDir);
  return {
    outDir,
    stateDir,
    bundle,
    build: (options: Partial<SitePrerender> = {}) =>
      prerenderSite({
        outDir,
        stateDir,
        bundle,
        contentHost,
        mode: 'development',
        workers: 2,
        fetchPolicy: { backoffMs: 5, deadlineMs: 5000 },
        warn: () => {},
        ...options,
      }),
    remove() {
      rmSync(outDir, { recursive: true, force: true });
      rmSync(stateDir, { recursive: true, force: true });
    },
  };
}

/** A webhook's update of a route's layout (the content contract's `PublishWebhook`). */
export const layoutUpdate = (path: string, operation = 'Update', language = 'en') => ({
  identifier: `${path}-layout`,
  entity_definition: 'LayoutData',
  operation,
  entity_culture: language,
  path,
});

/** The publish secret of {@link publishingSite}'s server. */
export const TEST_PUBLISH_SECRET = 'test-publish-secret';

/**
 * A synthetic content host (`content`), a small build of its site and the publish server over that
 * build (`options` over the defaults below), everything it logs in `logged`. `post(body)` posts a
 * webhook; `outcome(id)` resolves a publish's status once it is done or failed; `stop()` stops and
 * removes everything.
 */
export async function publishingSite(
  content: Parameters<typeof startSyntheticContent>[0],
  options: Partial<Parameters<typeof startPublishServer>[0]> = {},
) {
  const host = await startSyntheticContent(content);
  const build = await smallBuild(host.url);
  const logged: string[] = [];
  const headers = { 'content-type': 'application/json', 'x-publish-secret': TEST_PUBLISH_SECRET };
  let server: Awaited<ReturnType<typeof startPublishServer>> | undefined;
  try {
    await build.build();
    server = await startPublishServer({
      outDir: build.outDir,
      stateDir: build.stateDir,
      port: 0,
      secret: TEST_PUBLISH_SECRET,
      contentHost: host.url,
      workers: 2,
      fetchPolicy: { retries: 1, backoffMs: 1 },
      purge: async () => {},
      log: (line) => logged.push(line),
      ...options,
    });
  } catch (error) {
    build.remove();
    await host.stop();
    throw error;
  }
  const { url } = server;
  const status = async (id: string) =>
    (await (await fetch(`${url}/api/publish/${id}`, { headers })).json()) as Record<string, unknown>;
  return {
    content: host,
    build,
    url,
    headers,
    logged,
    post: (body: unknown, given: Record<string, string> = headers) =>
      fetch(`${url}/api/publish`, {
        method: 'POST',
        headers: given,
        body: typeof body === 'string' ? body : JSON.stringify(body),
      }),
    status,
    async outcome(id: string): Promise<Record<string, unknown>> {
      for (;;) {
        const answer = await status(id);
        if (answer.state === 'done' || answer.state === 'failed') return answer;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    async stop() {
      await server?.stop();
      build.remove();
      await host.stop();
    },
  };
}
