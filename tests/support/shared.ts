// The resources every test file of a run shares (started by tests/support/sharedResources.ts in
// vitest's main process, each on first use, stopped when the run ends): the production build of the
// site served against Prism mocks, the dev server against them, one Chromium, and one Prism mock per contract.
import { request } from 'node:http';
import type { Browser } from 'playwright-core';
import { inject } from 'vitest';
import type { ApiName } from '../../scripts/lib/prism.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's shared resources are handed out (tests/support/sharedResources.ts). */
    sharedResources: string;
    /**
     * How many browser contexts of the shared Chromium the files of a run may have open at once
     * (vitest.config.ts); unset, as in a run of the fault suite alone, there is no limit.
     */
    chromiumContexts?: number;
  }
}

/** The site as {@link sharedBuiltSite} serves it. */
export interface SharedBuiltSite {
  /** The preview's origin, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** The shared Prism mocks' base URLs by API (the pages reach them through the preview's proxy). */
  mocks: Partial<Record<ApiName, string>>;
  /** The build's folder (its `assets/` hold the JavaScript the browser loads). Read it; never change it. */
  outDir: string;
}

/** Asks the run's shared resources for `path`: its JSON answer, or an error with the reason it failed. */
function ask<T>(path: string): Promise<T> {
  const base = inject('sharedResources');
  if (!base) throw new Error('tests/support/sharedResources.ts is not a globalSetup of this vitest project');
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('error', reject);
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(JSON.parse(body) as T)
          : reject(new Error(`the shared ${path.split('/')[1]} could not start:\n${body}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

let site: Promise<SharedBuiltSite> | undefined;
let browser: Promise<Browser> | undefined;
const mocks = new Map<ApiName, Promise<string>>();

/**
 * The run's production build of the site: built once in the mock-backed mode, every route
 * prerendered from the content mock, and served by `vite preview` with the QA mock-scenario layer
 * (`?mock=`) and its proxy to the run's Prism mocks (`--errors`). Shared by every file of the run:
 * read its files, never change them, and keep per-test state in the browser context (a scenario
 * chosen with `?mock=` lives in that context's cookie). Started on first use.
 */
export function sharedBuiltSite(): Promise<SharedBuiltSite> {
  return (site ??= ask<SharedBuiltSite>('/site'));
}

/** The dev server as {@link sharedDevSite} serves it. */
export interface SharedDevSite {
  /** The dev server's origin. */
  url: string;
  /** The shared Prism mocks' base URLs by API (the pages reach them through the dev server's proxy). */
  mocks: Partial<Record<ApiName, string>>;
}

let dev: Promise<SharedDevSite> | undefined;
/**
 * The run's dev server (`npm start`: Vite serving the source, with the QA mock layer and its proxy to
 * the run's Prism mocks), started on first use. Shared by every file of the run, as the build is:
 * keep per-test state in the browser context. A file that reads a mock's log starts a mock of its
 * own and serves the run's build against it (`previewBuild`, tests/support/site.ts; tracking.test).
 */
export function sharedDevSite(): Promise<SharedDevSite> {
  return (dev ??= ask<SharedDevSite>('/dev'));
}

/**
 * The run's Chromium (headless, the flags of scripts/lib/browser.mjs), connected to from this file.
 * Each test makes and closes its own context, `browser.newContext({ ...DESKTOP })` (or a phone's
 * `SLOW_PHONE.device`), so cookies and storage are its own; the connection closes, with any context
 * left open, after the file's last `afterAll`. Started on first use. With `chromiumContexts`
 * provided, `newContext` first waits for one of the run's slots and the context's close frees it:
 * however many files and tests run at once, that many pages at most load in Chromium together, so
 * each gets its share of the machine and the site's own deadlines are met.
 */
export function sharedBrowser(): Promise<Browser> {
  return (browser ??= ask<{ wsEndpoint: string }>('/browser').then(async ({ wsEndpoint }) => {
    const { chromium } = await import('playwright-core');
    const connected = await chromium.connect(wsEndpoint, { timeout: 30_000 });
    const limit = inject('chromiumContexts');
    if (limit) {
      const newContext = connected.newContext.bind(connected);
      outsideSlots.set(connected, newContext);
      connected.newContext = async (options) => {
        const release = await chromiumSlot(limit);
        try {
          const context = await newContext(options);
          context.once('close', release);
          return context;
        } catch (error) {
          release();
          throw error;
        }
      };
    }
    return connected;
  }));
}

const outsideSlots = new WeakMap<Browser, Browser['newContext']>();

/**
 * A context of the shared Chromium that takes none of the run's slots: for a suite whose pages
 * spend their time waiting (the fault suite's cases wait out a service's deadline), so that
 * holding a slot would only keep other suites' pages from loading.
 */
export function newContextOutsideSlots(browser: Browser, options: Parameters<Browser['newContext']>[0]) {
  return (outsideSlots.get(browser) ?? browser.newContext.bind(browser))(options);
}

/**
 * Waits for one of the run's `limit` Chromium slots (tests/support/sharedResources.ts); resolves
 * the function that frees it. The slot is held by an open connection, so a file that ends or dies
 * frees whatever it held.
 */
function chromiumSlot(limit: number): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const req = request(`${inject('sharedResources')}/slot/${limit}`, { agent: false }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`no Chromium slot: status ${res.statusCode}`));
      res.on('error', () => {}); // freeing the slot destroys the connection
      res.setEncoding('utf8');
      let said = '';
      res.on('data', (chunk: string) => {
        said += chunk;
        if (/^slot /m.test(said)) resolve(() => req.destroy());
      });
      res.on('end', () => reject(new Error(`no Chromium slot: the run's resources closed (${said.trim()})`)));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * The base URL of the run's Prism mock of `api` (`--errors`, the contract in openapi/), started on
 * first use. Every file reaching it sees the same mock: it keeps no state between requests, but its
 * log is everyone's, so a test that reads a mock's log starts its own.
 */
export function sharedMock(api: ApiName): Promise<string> {
  let url = mocks.get(api);
  if (!url) {
    url = ask<{ url: string }>(`/mock/${api}`).then((answer) => answer.url);
    mocks.set(api, url);
  }
  return url;
}

/** Closes this file's connection to the shared Chromium, if it made one (tests/support/sharedSetup.ts). */
export async function disconnectShared(): Promise<void> {
  const connected = browser;
  browser = undefined;
  await (await connected?.catch(() => undefined))?.close();
}
