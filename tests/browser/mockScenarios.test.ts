import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, it, type ExpectStatic } from 'vitest';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { root } from '../../scripts/lib/prism.mjs';
import { DESKTOP } from '../support/browser.ts';
import { sharedBrowser, sharedBuiltSite, sharedDevSite } from '../support/shared.ts';
import { readContract } from '../../scripts/contract/contracts.mjs';
import { CONTENT_SPEC } from '../../scripts/lib/contentMock.mjs';

// The build served by `vite preview` (what `npm run preview` runs) and the dev
// server (`npm start`), both the run's, against its Prism mocks. A scenario chosen with ?mock= lives in
// a cookie: each test is one visitor, a browser context of its own, so the tests run concurrently.
let browser: Browser;
let outDir: string;
let site: string;

beforeAll(async () => {
  const [built, shared] = await Promise.all([sharedBuiltSite(), sharedBrowser()]);
  ({ url: site, outDir } = built);
  browser = shared;
});

/** A new visitor: a browser context of its own (no cookie, so no scenario chosen yet). */
const newVisitor = () => browser.newContext({ ...DESKTOP });

interface Visit {
  page: Page;
  console: string[];
  preferSent: string[];
}

/** Opens `path` in a new page of `visitor`, keeping its cookies (the scenario it chose). */
async function visit(visitor: BrowserContext, path: string, { origin = site } = {}): Promise<Visit> {
  const page = await visitor.newPage();
  const console: string[] = [];
  const preferSent: string[] = [];
  page.on('console', (m) => console.push(m.text()));
  page.on('request', (r) => {
    if (r.headers().prefer) preferSent.push(`${r.method()} ${r.url()}`);
  });
  await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
  return { page, console, preferSent };
}

const panelToggle = (page: Page) => page.getByRole('button', { name: /^Mock scenarios/ });
// The panel's own message: a search widget's alert elsewhere on the page (its call past its deadline
// on a busy machine) is not the panel's.
const panelAlert = (page: Page) => page.getByRole('complementary', { name: 'Mock scenarios' }).getByRole('alert');
// The count once the answer is in.
const resultCount = (page: Page) => page.locator('.search-results[aria-busy="false"] .search-results__count');

describe.concurrent('QA mock scenarios (?mock=) in the served site', () => {
  it('keeps the panel, the ?mock handling and any Prefer header out of the built files', ({ expect }) => {
    const files = readdirSync(outDir, { recursive: true, withFileTypes: true }).filter(
      (f) => f.isFile() && /\.(js|html|css)$/.test(f.name),
    );
    expect(files.some((f) => f.name.endsWith('.js'))).toBe(true);
    for (const file of files) {
      const text = readFileSync(join(file.parentPath, file.name), 'utf8');
      for (const needle of ['Mock scenarios', 'mock-scenarios', 'mockScenario', '?mock', 'mock=', 'Prefer']) {
        expect(text.includes(needle), `${file.name} holds ${needle}`).toBe(false);
      }
      expect(text, file.name).not.toMatch(/["'`]prefer["'`]/i);
    }
  });

  it('?mock=search:noResults shows the no-results state, and every widget stays empty without an error', async ({
    expect,
  }) => {
    const visitor = await newVisitor();
    const v = await visit(visitor, '/search?q=satellite&mock=search:noResults');
    await expect.poll(() => resultCount(v.page).innerText()).toBe('0 results');
    expect(await v.page.locator('.search-results__items li').count()).toBe(0);
    expect(await v.page.getByRole('alert').count()).toBe(0);
    // The browser sends no Prefer header: the preview server adds it on the way to the mock.
    expect(v.preferSent).toEqual([]);
    expect(await panelToggle(v.page).innerText()).toBe('Mock scenarios (1 active)');
    await visitor.close();
  });

  it('?mock=oneconnect:code=500 shows no banners and logs "Failed to fetch banners" (after consent)', async ({
    expect,
  }) => {
    const visitor = await newVisitor();
    const normal = await visit(visitor, '/?mock=');
    await normal.page.getByText('Meet us at the International Airshow').waitFor();
    // The banner calls carry the visitor's cookies, the scenario's among them, only with consent.
    await normal.page.getByRole('button', { name: 'Accept all cookies' }).click();
    await normal.page.close();
    const v = await visit(visitor, '/?mock=oneconnect:code=500');
    await expect.poll(() => v.console.some((line) => line.startsWith('Failed to fetch banners'))).toBe(true);
    await v.page.getByRole('heading', { level: 1 }).waitFor();
    expect(await v.page.getByText('Meet us at the International Airshow').count()).toBe(0);
    await visitor.close();
  });

  it('?mock=auth:signedOut shows the sign-in button, and the account page sends the reader to sign in', async ({
    expect,
  }) => {
    const visitor = await newVisitor();
    const v = await visit(visitor, '/?mock=auth:signedOut');
    await v.page.getByRole('banner').getByRole('button', { name: 'Sign in' }).waitFor();
    await v.page.goto(`${site}/account`);
    await v.page.waitForURL(/\/api\/auth\/signin\?/);
    expect(new URL(v.page.url()).searchParams.get('error')).toBe('SessionRequired');
    await v.page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await visitor.close();
  });

  it('refuses an unknown example, API or code with a message naming the valid choices, and keeps the previous state', async ({
    expect,
  }) => {
    const visitor = await newVisitor();
    (await visit(visitor, '/?mock=search:noResults')).page.close();
    const v = await visit(visitor, '/search?q=satellite&mock=search:nope');
    const alert = panelAlert(v.page);
    expect(await alert.innerText()).toContain(
      'search has no example "nope". Valid choices for search: allWidgetTypes,',
    );
    expect(await alert.innerText()).toContain('noResults');
    expect(await alert.innerText()).toContain('The previous scenario is kept.');
    expect(await panelToggle(v.page).getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => resultCount(v.page).innerText()).toBe('0 results');
    await v.page.goto(`${site}/?mock=weather:sunny`);
    expect(await panelAlert(v.page).innerText()).toContain(
      'unknown API "weather". Valid APIs: commerce, engagement, search, oneconnect, auth',
    );
    await v.page.goto(`${site}/?mock=oneconnect:code=418`);
    expect(await panelAlert(v.page).innerText()).toContain(
      'oneconnect declares no status code 418. Valid codes for oneconnect: code=200, code=400, code=500.',
    );
    await visitor.close();
  });

  it('keeps the choice across a link click inside the site and a reload, and ?mock= alone clears it', async ({
    expect,
  }) => {
    const visitor = await newVisitor();
    // The capabilities page's hero links to a search (the content decides where links go).
    const v = await visit(visitor, '/capabilities?mock=search:noResults');
    await v.page.getByRole('link', { name: 'Search all capabilities' }).click();
    await v.page.waitForURL(/\/search\?q=capabilities$/);
    await expect.poll(() => resultCount(v.page).innerText()).toBe('0 results');
    await v.page.reload({ waitUntil: 'networkidle' });
    await expect.poll(() => resultCount(v.page).innerText()).toBe('0 results');
    await v.page.goto(`${site}/search?q=satellite&mock=`, { waitUntil: 'networkidle' });
    await expect.poll(() => resultCount(v.page).innerText()).toBe('33 results');
    expect(await panelToggle(v.page).innerText()).toBe('Mock scenarios (none active)');
    await visitor.close();
  });

  it('the panel is collapsed, keyboard-operable, passes axe, applies a choice and copies a link to the state', async ({
    expect,
  }) => {
    const visitor = await newVisitor();
    await visitor.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site });
    const v = await visit(visitor, '/?mock=oneconnect:code=500');
    const toggle = panelToggle(v.page);
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await v.page.getByLabel('search', { exact: true }).isVisible()).toBe(false);
    await toggle.focus();
    await v.page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = v.page.getByRole('complementary', { name: 'Mock scenarios' });
    expect(await panel.getByText('Active:').innerText()).toBe('Active: oneconnect:code=500');
    expect(await v.page.getByLabel('oneconnect', { exact: true }).inputValue()).toBe('oneconnect:code=500');
    expect(await v.page.getByLabel('auth', { exact: true }).locator('option').allInnerTexts()).toEqual(
      expect.arrayContaining([
        'default answer',
        'signedIn',
        'signedOut',
        'code=500',
        'dynamic (generated from the schema)',
      ]),
    );

    const axe = readFileSync(join(root, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
    // Evaluated, not added as a script element: the page's Trusted Types policy refuses a script's text.
    await v.page.evaluate(axe);
    const violations = await v.page.evaluate(async () => {
      const run = (
        window as unknown as {
          axe: { run(context: unknown): Promise<{ violations: Array<{ id: string; impact: string }> }> };
        }
      ).axe.run;
      const result = await run({ include: [['#mock-scenarios']] });
      return result.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical').map((x) => x.id);
    });
    expect(violations).toEqual([]);

    await panel.getByRole('button', { name: 'Copy link to this state' }).press('Enter');
    await panel.getByText('Link copied to the clipboard.').waitFor();
    expect(await v.page.evaluate(() => navigator.clipboard.readText())).toBe(`${site}/?mock=oneconnect:code=500`);

    await v.page.getByLabel('search', { exact: true }).selectOption('search:noResults');
    await Promise.all([v.page.waitForURL(/mock=/), panel.getByRole('button', { name: 'Apply' }).press('Enter')]);
    expect(new URL(v.page.url()).searchParams.get('mock')).toBe('search:noResults,oneconnect:code=500');
    expect(await panelToggle(v.page).innerText()).toBe('Mock scenarios (2 active)');

    await panelToggle(v.page).press('Enter');
    await v.page.keyboard.press('Escape');
    expect(await panelToggle(v.page).getAttribute('aria-expanded')).toBe('false');
    expect(
      await panelToggle(v.page).evaluate(
        (el) => el.getRootNode() instanceof ShadowRoot && (el.getRootNode() as ShadowRoot).activeElement === el,
      ),
    ).toBe(true);
    await visitor.close();
  });

  it('works the same in the dev server (npm start)', async ({ expect }) => {
    const visitor = await newVisitor();
    const dev = await sharedDevSite();
    const v = await visit(visitor, '/search?q=satellite&mock=search:noResults,oneconnect:code=500', {
      origin: dev.url,
    });
    // The run's dev server optimizes the dependencies and transforms each module on its first
    // request: on a busy machine its first page took over 30 s (stop 30's CI check, passed on retry).
    // The wait is the test's (180 s), not Playwright's 30 s per action.
    await expect.poll(() => resultCount(v.page).innerText({ timeout: 90_000 }), { timeout: 120_000 }).toBe('0 results');
    expect(await panelToggle(v.page).innerText()).toBe('Mock scenarios (2 active)');
    await visitor.close();
  });
});

/** One row of the QA scenarios table (docs/qa.md): its `?mock=` choices and what the site shows. */
interface ScenarioRow {
  api: string;
  choices: string[];
  shows: string;
}

/** The rows of the "QA scenarios" table, read from docs/qa.md itself. */
function readmeScenarios(): ScenarioRow[] {
  const readme = readFileSync(join(root, 'docs', 'qa.md'), 'utf8');
  const start = readme.indexOf('| API | `?mock=` | What the site shows |');
  if (start < 0) throw new Error('docs/qa.md has no QA scenarios table');
  const lines = readme.slice(start).split('\n');
  const rows = lines.slice(
    2,
    lines.findIndex((line, i) => i > 0 && !line.startsWith('|')),
  );
  return rows.map((line) => {
    const [api = '', mock = '', shows = ''] = line
      .split('|')
      .slice(1, -1)
      .map((cell) => cell.trim());
    return { api, choices: [...mock.matchAll(/`([^`]+)`/g)].map((m) => m[1]!), shows };
  });
}

/** One row's visit: a visitor of its own, what its page printed and asked for. */
interface RowVisit {
  /** The test's own expect (the rows run concurrently). */
  expect: ExpectStatic;
  page: Page;
  console: string[];
  requests: Request[];
  /** The page's visible text, gathered by the row's check (several pages for some rows). */
  texts: string[];
}

/** The home page's personalised offer as the content contract gives it (its editor's text). */
function homeOfferFallback(): string {
  const contract = readContract(CONTENT_SPEC) as {
    components: { examples: Record<string, { value: unknown }> };
  };
  const pending: unknown[] = [contract.components.examples.home!.value];
  while (pending.length) {
    const node = pending.pop();
    if (!node || typeof node !== 'object') continue;
    const rendering = node as { componentName?: unknown; fields?: { fallbackText?: { value?: string } } };
    if (rendering.componentName === 'PersonalizedOffer') return rendering.fields!.fallbackText!.value!;
    pending.push(...Object.values(node));
  }
  throw new Error('the home page has no PersonalizedOffer');
}

const SEARCH_UNAVAILABLE = 'Search is unavailable just now.';
const BANNERS = /\/api\/oneconnect\/get-segment-banners/;
const CLOSE_EVENTS = /\/api\/oneconnect\/get-user-banner-events/;

/** Waits for the answer of the page's first request to `pattern` (the flow that follows it has its data). */
const answered = (visit: RowVisit, pattern: RegExp) =>
  visit.page.waitForResponse((r) => pattern.test(r.url()), { timeout: 20_000 });

/** Accepts the consent platform's prompt (the development stand-in's). */
const consent = (visit: RowVisit) => visit.page.getByRole('button', { name: 'Accept all cookies' }).click();

/** The page's text, kept for the row's quoted texts. */
async function read(visit: RowVisit): Promise<string> {
  const text = await visit.page.locator('body').innerText();
  visit.texts.push(text);
  return text;
}

/**
 * What each `?mock=` choice of the table is checked with: the page it opens, and the row's claims
 * that are no quoted text (those are checked for every row: see the test).
 */
const SCENARIO_CHECKS: Record<string, { path: string; check(visit: RowVisit): Promise<void> }> = {
  'search:noResults': {
    path: '/search?q=satellite',
    async check(v) {
      await v.expect.poll(() => resultCount(v.page).innerText()).toBe('0 results');
      v.expect(await v.page.locator('.search-results__items li').count()).toBe(0);
    },
  },
  'search:code=500': {
    path: '/search?q=satellite',
    async check(v) {
      const alert = v.page.locator('main').getByRole('alert');
      await v.expect.poll(() => alert.innerText()).toBe(SEARCH_UNAVAILABLE);
      await v.page.locator('main').getByRole('button', { name: 'Try again' }).waitFor();
      v.expect(await read(v)).not.toContain('Internal server error');
    },
  },
  'search:xss': {
    path: '/search?q=x',
    async check(v) {
      const items = v.page.locator('.search-results[aria-busy="false"] .search-results__items li');
      await v.expect.poll(() => items.count()).toBe(3);
      v.expect(await items.first().innerText()).toContain('<img src=x onerror=alert(11)>Satellite payloads open day');
      const hostile = await v.page.evaluate(
        () =>
          [...document.querySelectorAll('main *')].filter((el) =>
            [...el.attributes].some((a) => /^on/i.test(a.name) || /^\s*javascript:/i.test(a.value)),
          ).length,
      );
      v.expect(hostile).toBe(0);
    },
  },
  'search:rfkidNotFound': {
    path: '/search?q=satellite',
    async check(v) {
      await v.expect.poll(() => v.page.locator('main').getByRole('alert').innerText()).toBe(SEARCH_UNAVAILABLE);
      v.expect(await v.page.locator('main h1').innerText()).not.toBe('');
    },
  },
  'oneconnect:code=500': {
    path: '/',
    async check(v) {
      await consent(v);
      await v.expect.poll(() => v.console.some((line) => line.startsWith('Failed to fetch banners'))).toBe(true);
      v.expect(await v.page.getByRole('region', { name: 'Announcements' }).count()).toBe(0);
    },
  },
  'oneconnect:anonymous': {
    path: '/',
    async check(v) {
      await v.page.waitForLoadState('networkidle');
      const before = v.requests.length;
      const segments = answered(v, /\/api\/oneconnect\/get-segment-cookies/);
      await consent(v);
      await segments;
      await v.page.waitForLoadState('networkidle');
      await v.expect.poll(() => v.page.getByRole('region', { name: 'Announcements' }).count()).toBe(0);
      // The visitor's flow: no segments, so no banners asked for.
      v.expect(v.requests.slice(before).filter((r) => BANNERS.test(r.url()))).toEqual([]);
    },
  },
  'oneconnect:none': {
    path: '/',
    async check(v) {
      await consent(v);
      // The flow with the visitor's segments: banners asked for, none answered, so no close events.
      await v.expect.poll(() => v.requests.filter((r) => BANNERS.test(r.url())).length).toBeGreaterThan(0);
      await v.page.waitForLoadState('networkidle');
      v.expect(await v.page.getByRole('region', { name: 'Announcements' }).count()).toBe(0);
      v.expect(v.requests.filter((r) => CLOSE_EVENTS.test(r.url()))).toEqual([]);
    },
  },
  'auth:signedOut': {
    path: '/',
    async check(v) {
      await v.page.getByRole('banner').getByRole('button', { name: 'Sign in' }).waitFor();
      await v.page.goto(`${site}/account`);
      await v.page.waitForURL(/\/api\/auth\/signin\?/);
    },
  },
  'auth:internal': {
    path: '/',
    async check(v) {
      await v.page.getByRole('banner').getByRole('button', { name: 'Sign in' }).waitFor({ timeout: 20_000 });
      await v.expect.poll(() => v.console.some((line) => line.includes('CLIENT_FETCH_ERROR'))).toBe(true);
    },
  },
  'engagement:flowFailed': {
    path: '/',
    async check(v) {
      const decision = v.page.waitForResponse((r) => /\/engage-api\/v2\/callFlows/.test(r.url()), {
        timeout: 20_000,
      });
      await consent(v);
      v.expect((await decision).status()).toBe(500);
      const offer = v.page.locator('.personalized-offer');
      // The editor's text stays: a failed flow's answer has no headline to show.
      v.expect(await offer.locator('p').innerText()).toBe(homeOfferFallback());
    },
  },
  'commerce:code=401': {
    path: '/products/TIT-FAST-100',
    async check(v) {
      await v.page.getByRole('button', { name: 'Try again' }).waitFor({ timeout: 20_000 });
      await read(v);
      await v.page.goto(`${site}/cart`);
      await v.page.getByRole('button', { name: 'Try again' }).waitFor({ timeout: 20_000 });
    },
  },
  'commerce:NotFound': {
    path: '/products/TIT-FAST-100',
    async check(v) {
      await v.page.getByText('There is no product at this address.').waitFor({ timeout: 20_000 });
      v.expect(await v.page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      await read(v);
      await v.page.goto(`${site}/cart`);
      await v.page.getByText('We could not find your cart.').waitFor({ timeout: 20_000 });
      v.expect(await v.page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    },
  },
  '<api>:dynamic': {
    path: '/search?q=satellite&mock=search:dynamic,oneconnect:dynamic,commerce:dynamic',
    async check(v) {
      await v.page.waitForLoadState('networkidle');
      v.expect(await v.page.locator('main h1').innerText()).not.toBe('');
      await v.page.goto(`${site}/products/TIT-FAST-100`, { waitUntil: 'networkidle' });
      v.expect(await v.page.locator('main h1').innerText()).not.toBe('');
    },
  },
};

/** Every choice of every row of the table (docs/qa.md), with its row. */
const SCENARIO_CASES = readmeScenarios().flatMap((row) => row.choices.map((choice) => ({ choice, row })));

describe.concurrent('the QA scenarios table (docs/qa.md), row by row', () => {
  it('lists a choice for every API with a mock, and each choice has a check here', ({ expect }) => {
    expect(SCENARIO_CASES.length).toBeGreaterThanOrEqual(13);
    expect(SCENARIO_CASES.map((c) => c.choice).filter((choice) => !SCENARIO_CHECKS[choice])).toEqual([]);
  });

  it.for(SCENARIO_CASES)('?mock=$choice shows what the table says', async ({ choice, row }, { expect }) => {
    const scenario = SCENARIO_CHECKS[choice];
    if (!scenario) return;
    const visitor = await newVisitor();
    try {
      const page = await visitor.newPage();
      const visit: RowVisit = { expect, page, console: [], requests: [], texts: [] };
      const uncaught: string[] = [];
      page.on('console', (m) => visit.console.push(m.text()));
      page.on('request', (r) => visit.requests.push(r));
      page.on('pageerror', (e) => uncaught.push(e.message));
      page.on('dialog', (d) => void d.dismiss().then(() => uncaught.push(`dialog: ${d.message()}`)));
      const path = scenario.path.includes('mock=')
        ? scenario.path
        : `${scenario.path}${scenario.path.includes('?') ? '&' : '?'}mock=${encodeURIComponent(choice)}`;
      await page.goto(`${site}${path}`);
      await page.locator('main h1').first().waitFor({ timeout: 20_000 });
      await scenario.check(visit);
      await read(visit);
      // Every "quoted" text of the row is on the page; every `code` text of it is in the console.
      for (const [, quoted] of row.shows.matchAll(/"([^"]+)"/g))
        expect(
          visit.texts.some((text) => text.includes(quoted!)),
          `"${quoted}" on the page`,
        ).toBe(true);
      for (const [, logged] of row.shows.matchAll(/`([^`]+)`/g))
        expect(
          visit.console.some((line) => line.includes(logged!)),
          `\`${logged}\` in the console`,
        ).toBe(true);
      expect(uncaught).toEqual([]);
    } finally {
      await visitor.close();
    }
  });
});
