// @ts-check
// Debian's Chromium driven by playwright-core, with the flags this workplace needs
// (../shared/toolchain.md). Shared by the browser tests and the site benchmarks.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

/** @import { BrowserContext, BrowserServer } from 'playwright-core' */

/**
 * The screen Chromium emulates.
 * @typedef {object} Device
 * @property {{ width: number; height: number }} viewport
 * @property {number} [deviceScaleFactor]
 * @property {boolean} [isMobile]
 * @property {boolean} [hasTouch]
 */

/**
 * Options of {@link launchBrowser}.
 * @typedef {object} LaunchOptions
 * @property {string} [executablePath] Defaults to `$CHROMIUM_PATH`, else `/usr/bin/chromium`.
 * @property {number} [launchTimeoutMs] How long Chromium may take to answer. Defaults to 30 000 ms.
 * @property {Device} [device] The screen to emulate. Defaults to a 1280 × 800 desktop window.
 */

/** The screen of a desktop visit: a 1280 × 800 window (what {@link launchBrowser} emulates by default). */
export const DESKTOP = Object.freeze({ viewport: Object.freeze({ width: 1280, height: 800 }) });

/** The flags Chromium runs with here. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Launches headless Chromium with a fresh profile; returns `{ context, close }`.
 * Fails at once, with the install command, when `executablePath` does not
 * exist, and after `launchTimeoutMs` when Chromium starts but never answers
 * (playwright's own default is 180 s). `executablePath` defaults to
 * `$CHROMIUM_PATH`, else `/usr/bin/chromium`; `launchTimeoutMs` to 30 000. `device` is the screen
 * to emulate (`{ viewport, deviceScaleFactor, isMobile, hasTouch }`, such as pageVitals.mjs's
 * `SLOW_PHONE.device`); defaults to a 1280 × 800 desktop window.
 * @param {LaunchOptions} [options]
 * @returns {Promise<{ context: BrowserContext; close(): Promise<void> }>}
 */
export async function launchBrowser({
  executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  launchTimeoutMs = 30_000,
  device = DESKTOP,
} = {}) {
  assertChromium(executablePath);
  const profile = mkdtempSync(join(tmpdir(), 'chromium-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath,
      headless: true,
      args: CHROMIUM_ARGS,
      ...device,
      timeout: launchTimeoutMs,
    });
  } catch (error) {
    rmSync(profile, { recursive: true, force: true });
    throw startFailure(error, executablePath, launchTimeoutMs);
  }
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** Where Debian's `chromium-headless-shell` package puts the shell. */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The Chromium the test suites share ({@link launchBrowserServer}'s default): `$CHROMIUM_PATH`, else
 * Debian's `chromium-headless-shell` (Blink and V8 of the same Chromium release without the desktop
 * browser around them, the build Playwright itself tests in), else `/usr/bin/chromium`. A browser context
 * in the full browser costs about a second of CPU before its page does anything (its profile and a
 * renderer process of the desktop browser); in the shell, about a tenth of that, and a test run opens
 * hundreds of them.
 * @returns {string}
 */
function testChromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium';
}

/**
 * Launches one headless Chromium that other processes drive: `chromium.connect(server.wsEndpoint())`,
 * then a `browser.newContext()` of their own for each visit (its own cookies and storage, as a fresh
 * profile gives). Test files share it instead of each starting a Chromium. Fails as
 * {@link launchBrowser} does: at once, with the install command, when `executablePath` does not
 * exist, and after `launchTimeoutMs` when Chromium starts but never answers. `executablePath`
 * defaults to {@link testChromiumPath}; `launchTimeoutMs` to 30 000.
 * @param {Omit<LaunchOptions, 'device'>} [options]
 * @returns {Promise<BrowserServer>}
 */
export async function launchBrowserServer({ executablePath = testChromiumPath(), launchTimeoutMs = 30_000 } = {}) {
  assertChromium(executablePath);
  try {
    return await chromium.launchServer({
      executablePath,
      headless: true,
      args: CHROMIUM_ARGS,
      timeout: launchTimeoutMs,
    });
  } catch (error) {
    throw startFailure(error, executablePath, launchTimeoutMs);
  }
}

/**
 * Throws, with the install command, when there is no Chromium at `executablePath`.
 * @param {string} executablePath
 * @returns {void}
 */
function assertChromium(executablePath) {
  if (!existsSync(executablePath)) {
    throw new Error(`Chromium not found at ${executablePath}: apt-get update && apt-get install -y chromium`);
  }
}

/**
 * The error to throw for a failed launch: playwright's own, or for its timeout one that says how long was waited.
 * @param {unknown} error
 * @param {string} executablePath
 * @param {number} launchTimeoutMs
 * @returns {unknown}
 */
function startFailure(error, executablePath, launchTimeoutMs) {
  if (/** @type {Error | undefined} */ (error)?.name !== 'TimeoutError') return error;
  return new Error(`Chromium at ${executablePath} did not start within ${launchTimeoutMs} ms`, { cause: error });
}
