import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { build } from 'esbuild';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { root } from '../../scripts/lib/prism.mjs';
import { DESKTOP, startAll } from '../support/browser.ts';
import { withPrism } from '../support/prism.ts';
import { sharedBrowser } from '../support/shared.ts';
import { visitor } from '../auth/harness.ts';

// A page of the site as a reader sees it: the React bindings with default options
// (base path /api/auth, same origin), navigation shown on the page instead of followed.
const PAGE_SCRIPT = `
import { createRoot } from 'react-dom/client';
import { configureAuth, signIn, signOut } from './src/auth/index.ts';
import { SessionProvider, useSession } from './src/auth/react.tsx';
configureAuth({ navigate: (url) => { document.getElementById('nav').textContent = url; } });
function Who() {
  const { data, status, update } = useSession({ required: location.hash === '#required' });
  Object.assign(window, { auth: { signIn, signOut, update } });
  return <p id="status">{status + ':' + (data?.user?.name ?? '')}</p>;
}
createRoot(document.getElementById('root')).render(<SessionProvider><Who /></SessionProvider>);
`;

const prism = withPrism('auth');
const server = visitor(true);
let site: Server;
let origin = '';
let browser: Browser;
const logged: string[] = [];

/** Serves the page, and /api/auth/* from Prism at its root, as the site's Vite proxy does. */
async function startSite(script: string): Promise<Server> {
  const html = `<!doctype html><html><head><link rel="icon" href="data:,"></head><body><div id="root"></div><p id="nav"></p><script>${script}</script></body></html>`;
  const http = createServer(async (request, response) => {
    const path = request.url ?? '/';
    if (!path.startsWith('/api/auth/')) return void response.writeHead(200, { 'Content-Type': 'text/html' }).end(html);
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = chunks.length ? Buffer.concat(chunks).toString() : undefined;
    const target = path.slice('/api/auth'.length);
    if (target === '/_log') logged.push(body ?? '');
    const prefer = server.prefer({ method: request.method ?? 'GET', path: target.split('?')[0]! });
    const headers: Record<string, string> = {
      ...(request.headers['content-type'] ? { 'Content-Type': request.headers['content-type'] } : {}),
      ...(prefer ? { Prefer: prefer } : {}),
    };
    const answer = await fetch(`${prism.url}${target}`, { method: request.method, headers, body });
    response
      .writeHead(answer.status, { 'Content-Type': answer.headers.get('Content-Type') ?? 'application/json' })
      .end(await answer.text());
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return http;
}

beforeAll(async () => {
  const bundle = await build({
    stdin: { contents: PAGE_SCRIPT, resolveDir: root, loader: 'tsx' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
  });
  await startAll([
    startSite(bundle.outputFiles[0]!.text).then((s) => (site = s)),
    sharedBrowser().then((b) => (browser = b)),
  ]);
}, 60_000);
afterAll(async () => {
  // A server never assigned (its start failed) must not leave this promise pending until the hook times out.
  if (site) await new Promise((resolve) => site.close(resolve));
});

/** A reader's browser: a context of its own, whose tabs share one localStorage. */
const newReader = () => browser.newContext({ ...DESKTOP });

async function open(
  reader: BrowserContext,
  hash = '',
): Promise<{ page: Page; status: () => Promise<string>; errors: string[] }> {
  const page = await reader.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
  await page.goto(`${origin}/${hash}`);
  return { page, errors, status: () => page.locator('#status').innerText() };
}

const settle = (tab: { page: Page }, text: string) =>
  tab.page.waitForFunction((t) => document.getElementById('status')?.textContent === t, text, { timeout: 10_000 });

describe('two Chromium tabs of the site, sharing one real localStorage', () => {
  it('agree on who is signed in after a sign-out in one and a sign-in in the other', async () => {
    const reader = await newReader();
    const a = await open(reader);
    const b = await open(reader);
    await settle(a, 'authenticated:Ada Okafor');
    await settle(b, 'authenticated:Ada Okafor');

    await a.page.evaluate(() =>
      (window as unknown as { auth: { signOut: (o: object) => Promise<unknown> } }).auth.signOut({ redirect: false }),
    );
    await settle(a, 'unauthenticated:');
    await settle(b, 'unauthenticated:');
    const message = JSON.parse((await b.page.evaluate(() => localStorage.getItem('nextauth.message'))) ?? '{}');
    expect(message).toEqual({ event: 'session', data: { trigger: 'signout' }, timestamp: expect.any(Number) });

    const result = await b.page.evaluate(() =>
      (window as unknown as { auth: { signIn: (p: string, o: object) => Promise<unknown> } }).auth.signIn(
        'credentials',
        { username: 'aokafor', password: 'pw', redirect: false },
      ),
    );
    expect(result).toEqual({ error: null, status: 200, ok: true, url: 'https://www.aero.example/careers' });
    await settle(b, 'authenticated:Ada Okafor');
    await settle(a, 'authenticated:Ada Okafor');
    expect([...a.errors, ...b.errors]).toEqual([]);
    await reader.close();
  });

  it('sends a reader without a session from a required page to /api/auth/signin, and the page exists', async () => {
    server.state.signedIn = false;
    const reader = await newReader();
    const tab = await open(reader, '#required');
    await tab.page.waitForFunction(() => document.getElementById('nav')?.textContent !== '', undefined, {
      timeout: 10_000,
    });
    const target = await tab.page.locator('#nav').innerText();
    expect(target).toBe(
      `/api/auth/signin?error=SessionRequired&callbackUrl=${encodeURIComponent(`${origin}/#required`)}`,
    );
    expect(await tab.status()).toBe('loading:');
    const signInPage = await fetch(`${origin}${target}`);
    expect(signInPage.headers.get('Content-Type')).toContain('text/html');
    await reader.close();
    server.state.signedIn = true;
  });

  it('posts log entries to /api/auth/_log with sendBeacon, and refuses an off-site callbackUrl', async () => {
    const reader = await newReader();
    const tab = await open(reader);
    await settle(tab, 'authenticated:Ada Okafor');
    const refused = await tab.page.evaluate(() =>
      (window as unknown as { auth: { signIn: (p: string, o: object) => Promise<unknown> } }).auth
        .signIn('credentials', { callbackUrl: 'https://evil.example/' })
        .catch((e: { code: string }) => e.code),
    );
    expect(refused).toBe('INVALID_CALLBACK_URL_ERROR');
    await expect
      .poll(() => logged.map((body) => new URLSearchParams(body).get('code')))
      .toContain('INVALID_CALLBACK_URL_ERROR');
    expect(await tab.page.locator('#nav').innerText()).toBe('');
    await reader.close();
  });
});
