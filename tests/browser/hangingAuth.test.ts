import { createServer as createNetServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, it } from 'vitest';
import type { Browser, Request } from 'playwright-core';
import { DESKTOP, startAll } from '../support/browser.ts';
import { newContextOutsideSlots, sharedBrowser, sharedBuiltSite } from '../support/shared.ts';
import { previewBuild, type BuiltSite } from '../support/site.ts';
import { siteConfig } from '../../src/site/siteConfig.ts';

// An auth service that accepts every connection and never answers, in front of a healthy site. Each
// auth error the session client logs is a `_log` post to that service; posts without a deadline (the
// beacons the client sent) held the browser's connections to the site's host (6 over HTTP/1.1), and
// after a sign-in page and two "Try again" clicks no page of the site loaded any more.
//
// The silence is a real server's: a request Playwright holds in `route()` has not reached the network
// yet and takes no connection, so it cannot show this.

/** The site's layout deadline (src/site/siteConfig.ts `deadlines.content`): a page's content within it. */
const LAYOUT_DEADLINE_MS = siteConfig.deadlines.content;

let browser: Browser;
let site: BuiltSite | undefined;
let origin = '';
let silent: Server | undefined;
const held = new Set<Socket>();

beforeAll(async () => {
  // Accepts, reads and never writes: the browser's request stays open until someone aborts it.
  silent = createNetServer((socket) => {
    held.add(socket);
    socket.on('data', () => {});
    socket.on('error', () => {});
    socket.on('close', () => held.delete(socket));
  });
  await new Promise<void>((resolve) => silent!.listen(0, '127.0.0.1', resolve));
  const silentPort = (silent.address() as { port: number }).port;
  let outDir = '';
  let mocks: Awaited<ReturnType<typeof sharedBuiltSite>>['mocks'] = {};
  await startAll([
    sharedBuiltSite().then((built) => ({ outDir, mocks } = built)),
    sharedBrowser().then((b) => (browser = b)),
  ]);
  // The run's build (read only), served as `npm run preview` serves it, its auth routes sent to the silent service.
  site = await previewBuild(outDir, { ...mocks, auth: `http://127.0.0.1:${silentPort}` });
  origin = site.url;
});

afterAll(async () => {
  await site?.stop();
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => (silent ? silent.close(resolve) : resolve(undefined)));
});

/** A `_log` post's failure kind (`level code`), from its form body. */
const kindOf = (request: Request) => {
  const form = new URLSearchParams(request.postData() ?? '');
  return `${form.get('level')} ${form.get('code')}`;
};

describe('an auth service that never answers', () => {
  it('leaves the other pages of the site loading, and each failure kind is posted to _log once per page', async ({
    expect,
  }) => {
    // Its pages mostly wait out the session's deadline (siteConfig.deadlines.auth), as the fault suite's cases do.
    const context = await newContextOutsideSlots(browser, { ...DESKTOP });
    try {
      const page = await context.newPage();
      const posts: Request[] = [];
      context.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/auth/_log') posts.push(r);
      });
      await page.goto(`${origin}/api/auth/signin`, { waitUntil: 'commit' });
      const tryAgain = page.getByRole('button', { name: 'Try again', exact: true });
      // The sign-in page's session and providers pass their deadline, then the visitor tries again twice.
      for (let click = 0; click < 2; click += 1) {
        await tryAgain.waitFor({ timeout: 20_000 });
        await expect.poll(() => tryAgain.isEnabled(), { timeout: 20_000 }).toBe(true);
        await tryAgain.click();
        await page.getByRole('button', { name: 'Trying again…' }).waitFor({ state: 'detached', timeout: 20_000 });
      }
      await tryAgain.waitFor();
      const kinds = posts.map(kindOf);
      const perKind = Object.fromEntries(
        [...new Set(kinds)].map((kind) => [kind, kinds.filter((k) => k === kind).length]),
      );
      expect.soft(perKind, 'the sign-in page posts each failure kind once').toEqual({ 'error CLIENT_FETCH_ERROR': 1 });

      // Another page of the site, in the same browser: its content is the content service's, which is healthy.
      const started = Date.now();
      await page.goto(`${origin}/news`, { waitUntil: 'commit', timeout: LAYOUT_DEADLINE_MS });
      await page
        .locator('main h1')
        .waitFor({ state: 'visible', timeout: Math.max(1, started + LAYOUT_DEADLINE_MS - Date.now()) });
      expect((await page.locator('main h1').innerText()).trim()).not.toBe('');
    } finally {
      await context.close();
    }
  });
});
