import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { listedRoutes } from '../../scripts/lib/contentMock.mjs';
import { siteConfig } from '../../src/site/siteConfig.ts';
import type { ApiName } from '../../scripts/lib/prism.mjs';
import { mapConcurrently, routerListening } from '../support/browser.ts';
import { newContextOutsideSlots, sharedBrowser, sharedBuiltSite } from '../support/shared.ts';

// The fault suite: every route of the route list (plus a product and a search), with each of the six
// services failing in turn, as an error answer (the QA scenario `?mock=<api>:code=…`) and as no answer
// at all (the request is held forever), on a fresh load and after a client-side navigation from `/`.
// Each case asserts what a visitor gets: the route's heading and text (or, where the route needs the
// failed service, its message with a retry), no uncaught error, no console error but the failure's
// own lines, nothing still loading once the service's deadline has passed (plus one second), and a
// cumulative layout shift of at most 0.02.

type Service = ApiName;
type Fault = 'error' | 'no answer';
type Arrival = 'fresh' | 'client navigation';

/** The services the site calls: each has its deadline in src/site/siteConfig.ts. */
const SERVICES = Object.keys(siteConfig.deadlines) as readonly Service[];
const FAULTS: readonly Fault[] = ['error', 'no answer'];
const ARRIVALS: readonly Arrival[] = ['fresh', 'client navigation'];
const ALL_ROUTES = [...listedRoutes().map((r) => r.path), '/products/TIT-FAST-100', '/search?q=f-35'];

/**
 * The focused routes: each service failing on the pages that depend on it (one page of each kind:
 * the home page's personalised offer, recommendations and banners; a product and the cart; the gated
 * account page and sign-in; search results; an article).
 */
const FOCUSED: Readonly<Record<string, readonly Service[]>> = {
  '/': ['engagement', 'search', 'oneconnect', 'auth', 'content'],
  '/products/TIT-FAST-100': ['commerce', 'auth'],
  '/cart': ['commerce', 'auth'],
  '/account': ['auth', 'content'],
  '/api/auth/signin': ['auth'],
  '/search?q=f-35': ['search'],
  '/news/f-35-sustainment': ['content', 'engagement'],
};
/**
 * Which cases run (`FAULT_MATRIX`):
 * - `full` (`npm run test:faults`'s default): every route with every service, every fault and arrival;
 * - `focused`: the focused routes with their services, every fault and arrival (60 cases);
 * - `pairs` (`npm test`'s default): the focused routes with their services, each pair in two cases
 *   that between them hold both faults and both arrivals (30 cases). Which two alternates from one
 *   route of a service to the next, so a service on two routes or more meets all four combinations
 *   (oneconnect, on the home page only, meets each fault and each arrival once).
 */
const MATRIX = process.env.FAULT_MATRIX ?? 'pairs';
if (!['full', 'focused', 'pairs'].includes(MATRIX))
  throw new Error(`FAULT_MATRIX must be full, focused or pairs, not "${MATRIX}"`);
const FULL = MATRIX === 'full';
/** `FAULT_ROUTES=/cart,/account npx vitest run tests/browser/faults.test.ts` runs some routes only (QA, debugging). */
const ROUTES = process.env.FAULT_ROUTES
  ? process.env.FAULT_ROUTES.split(',')
  : FULL
    ? ALL_ROUTES
    : Object.keys(FOCUSED);
/** The services failed on `route`: every one in the full matrix (or for a route picked by hand). */
const servicesOn = (route: string): readonly Service[] => (FULL || !FOCUSED[route] ? SERVICES : FOCUSED[route]);

/** Every fault with every arrival; in `pairs`, the two diagonals of that square, taken in turn. */
const EVERY: readonly (readonly [Fault, Arrival])[] = FAULTS.flatMap((f) => ARRIVALS.map((a) => [f, a] as const));
const DIAGONALS: readonly (readonly (readonly [Fault, Arrival])[])[] = [
  [EVERY[0]!, EVERY[3]!],
  [EVERY[1]!, EVERY[2]!],
];
/** The (fault, arrival) combinations of `service` on `route`: in `pairs`, a diagonal, alternating over the service's routes. */
function combinationsOf(route: string, service: Service): readonly (readonly [Fault, Arrival])[] {
  if (MATRIX !== 'pairs') return EVERY;
  const turn = ROUTES.filter((r) => servicesOn(r).includes(service)).indexOf(route);
  return DIAGONALS[turn % 2]!;
}

/** The QA scenario giving each service's error answer (a status its contract declares). */
const ERROR_SCENARIO: Record<Service, string> = {
  commerce: 'commerce:code=403',
  engagement: 'engagement:code=500',
  search: 'search:code=500',
  oneconnect: 'oneconnect:code=500',
  auth: 'auth:code=500',
  content: 'content:code=500',
};

/** The browser-side calls of each service (as the site's proxy serves them). */
const CALLS: Record<Service, RegExp> = {
  commerce: /\/commerce-api\//,
  engagement: /\/engage-api\//,
  search: /\/discover\/v2\/|\/event\/[^/]+\/v4\/publish/,
  oneconnect: /\/api\/oneconnect\//,
  auth: /\/api\/auth\//,
  content: /\/content-api\//,
};

/** The site's deadline for each service (src/site/siteConfig.ts `deadlines`). */
const DEADLINE_MS: Record<Service, number> = siteConfig.deadlines;
/** The longest deadline: a page's other parts, which load normally, are done by then. */
const LONGEST_MS = Math.max(...Object.values(DEADLINE_MS));

/** The lines each failure may write to the console (its own log lines and the browser's resource errors). */
const OWN_LINES: Record<Service, RegExp> = {
  commerce: /^\[commerce\] /,
  engagement: /^\[engagement\] |There was a problem on the service call/,
  search: /There was a problem on the service call/,
  oneconnect: /^Failed to fetch (banners|close events)/,
  auth: /^\[auth\]\[error\]\[CLIENT_FETCH_ERROR\]/,
  content: /^\[content\] /,
};

/**
 * The personalization decision's timeout line, allowed whichever service a case fails. Its 3 s run from
 * the call and include loading the SDK's personalize module; with eight pages loading at once on two
 * cores they pass now and then although the events mock answers in time (measured: no events call
 * took 3 s in the cases that logged it). What the visitor gets is still held: the editor's default
 * text stays, nothing moves, no other error.
 */
const PERSONALIZATION_TIMEOUT = /^\[engagement\] EngageError: \[IE-0003\]/;

/** What a visitor sees on one page, read in the page. */
interface Seen {
  /** The document's title. */
  title: string;
  heading: string;
  /** The main text (banners left out: they come and go with their service). */
  text: string;
  /** Whether `main` has an alert and a "Try again" button (a part's service message). */
  problem: boolean;
  /** Loading indicators on the page: statuses saying they load, busy regions, progress bars. */
  loading: string[];
  cls: number;
}

function readPage(): Seen {
  const main = document.querySelector('main');
  const copy = main?.cloneNode(true) as HTMLElement | undefined;
  copy?.querySelectorAll('.banners, [role="status"], script').forEach((el) => el.remove());
  const loading = [...document.querySelectorAll('[role="status"], [aria-busy="true"], [role="progressbar"]')]
    .filter(
      (el) =>
        el.getAttribute('aria-busy') === 'true' ||
        el.getAttribute('role') === 'progressbar' ||
        /loading|checking|…/i.test(el.textContent ?? ''),
    )
    .map((el) => `${el.tagName.toLowerCase()}[${el.getAttribute('role') ?? 'aria-busy'}] ${el.textContent?.trim()}`);
  return {
    title: document.title,
    heading: document.querySelector('main h1')?.textContent?.trim() ?? '',
    text: (copy?.textContent ?? '').replace(/\s+/g, ' ').trim(),
    problem:
      !!main?.querySelector('[role="alert"]') &&
      [...(main?.querySelectorAll('button') ?? [])].some((b) => /try again/i.test(b.textContent ?? '')),
    loading,
    cls: (window as unknown as { __cls: number }).__cls,
  };
}

// Before any script of the page: a visitor who has consented (so analytics and personalization run and
// can fail) and has nothing else stored (storage of an earlier case in this context is cleared, once per
// tab: a static page loaded as a fallback keeps what the case stored), and layout shifts summed as CLS
// counts them.
function prepare() {
  if (!sessionStorage.getItem('fault-case')) {
    localStorage.clear();
    sessionStorage.setItem('fault-case', '1');
  }
  localStorage.setItem('consent-stub:groups', 'C0001,C0002,C0003,C0004');
  const w = window as unknown as { __cls: number };
  w.__cls = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
      if (!entry.hadRecentInput) w.__cls += entry.value;
  }).observe({ type: 'layout-shift', buffered: true });
}

let site: { url: string };
let browser: Browser;

interface Outcome {
  label: string;
  problems: string[];
}

/**
 * One case: the route, with `service` failing as `fault`, reached by `arrival`, in a tab of `context`
 * (a context per concurrent case: its HTTP cache is shared from case to case, its cookies are not).
 */
async function runCase(
  context: BrowserContext,
  route: string,
  service: Service,
  fault: Fault,
  arrival: Arrival,
  baseline: Seen,
): Promise<Outcome> {
  const label = `${route} · ${service} ${fault} · ${arrival}`;
  const problems: string[] = [];
  await context.clearCookies();
  const page = await context.newPage();
  try {
    if (fault === 'no answer') {
      // Held forever: the browser waits as it would for a service that accepted the connection and went silent.
      await page.route(CALLS[service], (r: Route) => {
        if (r.request().resourceType() === 'document') return void r.continue();
      });
    }
    page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() !== 'error') return;
      const text = m.text();
      const where = m.location().url;
      const ownResource = /^Failed to load resource/.test(text) && CALLS[service].test(where);
      const lateDecision = PERSONALIZATION_TIMEOUT.test(text);
      if (!ownResource && !lateDecision && !OWN_LINES[service].test(text))
        problems.push(`console: ${text.slice(0, 160)} (${where})`);
    });
    // When the failed service was last asked: its deadline runs from there.
    let lastCall = 0;
    // When the case's arrival began (0 until it does; see below).
    let arrived = 0;
    // What happened when, from the case's start: a failed case says it.
    const started = Date.now();
    const timeline: string[] = [];
    const mark = (what: string) => timeline.push(`${((Date.now() - started) / 1000).toFixed(1)} s ${what}`);
    page.on('request', (r) => {
      const { pathname } = new URL(r.url());
      if (r.isNavigationRequest() && r.frame() === page.mainFrame()) {
        mark(`document ${pathname}`);
        // A full navigation the page started (the static fallback) is a new arrival from its request:
        // the browser shows it loading, and a busy machine may take seconds to commit it.
        if (arrived) arrived = Date.now();
      } else if (CALLS[service].test(r.url()) && r.resourceType() !== 'document') {
        lastCall = Date.now();
        mark(`${service} call ${pathname}`);
      } else if (pathname.endsWith('/static-pages.json')) mark('static pages list asked');
    });
    page.on('requestfinished', (r) => {
      if (new URL(r.url()).pathname.endsWith('/static-pages.json')) mark('static pages list answered');
    });
    const scenario = fault === 'error' ? ERROR_SCENARIO[service] : '';
    const withScenario = (path: string) =>
      scenario ? `${path}${path.includes('?') ? '&' : '?'}mock=${encodeURIComponent(scenario)}` : path;
    if (arrival === 'fresh') {
      await page.goto(`${site.url}${withScenario(route)}`);
    } else {
      await page.goto(`${site.url}${withScenario('/')}`);
      await page.locator('main h1').first().waitFor();
      // A visitor's click before the page hydrates loads the next page in full: a client-side
      // navigation starts once the router listens (the heading is in the HTML, long before).
      await routerListening(page);
      // As a visitor's click on a link: an input (layout shifts within 500 ms of it are the visitor's
      // doing, as CLS counts them), then the history API and the router's event, as back/forward do.
      await page.keyboard.press('Shift');
      await page.evaluate((path) => {
        history.pushState(null, '', path);
        dispatchEvent(new PopStateEvent('popstate'));
      }, route);
    }
    // Nothing may still load once the failed service's deadline has passed since it was last asked, plus
    // a second; parts that do not need it load as usual, within the longest deadline of the arrival (a
    // static page loaded as the fallback of a failed navigation is an arrival of its own).
    arrived = Date.now();
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      arrived = Date.now();
      mark(`arrived at ${new URL(frame.url()).pathname}`);
    });
    const seen = await settle(
      page,
      () => Math.max(arrived + LONGEST_MS, lastCall ? lastCall + DEADLINE_MS[service] : 0) + 1_000,
    );
    if (seen.loading.length) problems.push(`still loading past the deadline plus a second: ${seen.loading.join('; ')}`);
    if (seen.cls > 0.02) problems.push(`CLS ${seen.cls.toFixed(3)}`);
    const sameHeading = seen.heading === baseline.heading;
    if (!(sameHeading && seen.text.includes(keyText(baseline))) && !seen.problem)
      problems.push(`shows "${seen.heading}" / "${seen.text.slice(0, 100)}", not its page or a message with a retry`);
    if (!seen.heading) problems.push('no heading');
    // The title is the page's shown: its own, or the error page's.
    if (sameHeading && seen.title !== baseline.title) problems.push(`title "${seen.title}", not "${baseline.title}"`);
    if (seen.heading === 'This page could not be loaded' && !seen.title.startsWith(seen.heading))
      problems.push(`the error page is titled "${seen.title}"`);
    if (problems.length)
      problems.push(`timeline: ${timeline.join('; ')}; read at ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    problems.push(`failed: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    await page.close();
  }
  return { label, problems };
}

/** What must survive of a page: the start of its main text after the heading. */
const keyText = (seen: Seen) => seen.text.slice(seen.text.indexOf(seen.heading) + seen.heading.length).slice(0, 24);

/**
 * Reads the page once nothing on it says it is loading (twice in a row, 250 ms apart), or once the
 * time `end()` gives has passed; a document replaced meanwhile (the static fallback) is read anew.
 */
async function settle(page: Page, end: () => number): Promise<Seen> {
  let quiet = 0;
  for (;;) {
    const seen = await page.evaluate(readPage).catch(() => undefined);
    quiet = seen && seen.loading.length === 0 && seen.heading ? quiet + 1 : 0;
    if ((seen && quiet >= 2) || (seen && Date.now() > end())) return seen;
    await page.waitForTimeout(250);
  }
}

const outcomes = new Map<string, Promise<Outcome[]>>();
/** How many cases each route has. */
const casesOf = new Map<string, number>();
const contexts: BrowserContext[] = [];
/**
 * How many cases run at once (most of a case's time is waiting for a deadline): eight in the full
 * matrix; three in the focused one, which is meant to run beside other suites. Their contexts take
 * none of the run's Chromium slots (vitest.config.ts `chromiumContexts`): a case that waits out a
 * deadline uses next to no CPU, and holding three of the six slots for the whole suite kept the
 * other suites' pages waiting (vitest 392 s with, 344 s without, `npm test` on a quiet machine).
 */
const CONCURRENCY = FULL ? 8 : 3;

beforeAll(async () => {
  // The run's production build against its mocks, and its Chromium: each case in a context of its own.
  [site, browser] = await Promise.all([sharedBuiltSite(), sharedBrowser()]);
  // Every route's page without a fault: what each case must still show.
  const baselines = new Map<string, Seen>();
  await mapConcurrently(ROUTES, CONCURRENCY, async (route) => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(prepare);
    const page = await context.newPage();
    await page.goto(`${site.url}${route}`);
    const arrived = Date.now();
    baselines.set(route, await settle(page, () => arrived + 10_000));
    await context.close();
  });
  // Every case starts now, at most CONCURRENCY at a time, each in a free context; each route's test
  // reads its own cases once all of them have run.
  const free = await Promise.all(
    Array.from({ length: CONCURRENCY }, () =>
      newContextOutsideSlots(browser, { viewport: { width: 1280, height: 800 } }),
    ),
  );
  await Promise.all(free.map((context) => context.addInitScript(prepare)));
  contexts.push(...free);
  const inContext = async (task: (context: BrowserContext) => Promise<Outcome>) => {
    const context = free.pop()!;
    try {
      return await task(context);
    } finally {
      free.push(context);
    }
  };
  const cases = ROUTES.flatMap((route) =>
    servicesOn(route).flatMap((service) =>
      combinationsOf(route, service).map(([fault, arrival]) => ({ route, service, fault, arrival })),
    ),
  );
  // A case never throws (runCase reports its problems), so every case runs.
  const all = mapConcurrently(cases, CONCURRENCY, ({ route, service, fault, arrival }) =>
    inContext((context) => runCase(context, route, service, fault, arrival, baselines.get(route)!)),
  );
  for (const route of ROUTES) casesOf.set(route, cases.filter((c) => c.route === route).length);
  for (const route of ROUTES)
    outcomes.set(
      route,
      all.then((results) => results.filter((_, i) => cases[i]!.route === route)),
    );
  // In `npm test` its pages wait for the run's Chromium slots, which the other suites hold too.
}, 600_000);

afterAll(async () => {
  await Promise.allSettled(outcomes.values());
  await Promise.allSettled(contexts.map((context) => context.close()));
});

describe('one service down: every route still shows what it can, says what it cannot, and waits for nothing past its deadline', () => {
  it.each(ROUTES)(
    '%s, with each service it depends on failing (error, no answer; fresh, after a client navigation: every combination, or in pairs)',
    async (route) => {
      const results = await outcomes.get(route)!;
      expect(results).toHaveLength(casesOf.get(route)!);
      expect(results.filter((r) => r.problems.length).map((r) => `${r.label}: ${r.problems.join(' | ')}`)).toEqual([]);
    },
    600_000,
  );
});
