// @vitest-environment jsdom
// (A fresh environment of its own, vitest.config.ts: this property fails on any console error during its
// pages, and in the shared jsdom worker a file before it can still log one, from a request or timer of
// its own that outlived it. One loaded CI run saw 4 errors on its first case, a 1,000-deep spine that
// passes alone and after every other jsdom file; the assertion now prints them.)
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { App } from '../../src/site/App.tsx';
import { components } from '../../src/site/content/registry.tsx';
import { deepJson, hostileLayouts, type HostileRoute } from '../support/hostileLayouts.ts';
import { readContract } from '../../scripts/contract/contracts.mjs';
import { CONTENT_SPEC } from '../../scripts/lib/contentMock.mjs';

// The browser's page of a hostile layout answer, the whole site around it (App: the frame, the
// providers, the registry): values of any type where the contract says a string, URLs that do not
// parse, componentNames that are Object.prototype's, renderings nested thousands deep, for visitors
// and editors. The page always shows its frame and the rest of its content; only the bad parts are
// left out (or, for editors, shown as failed). The prerender's half is tests/node/hostileLayouts.test.ts.

const contract = readContract(CONTENT_SPEC);
const DICTIONARY =
  contract.paths['/sitecore/api/jss/dictionary/{appName}/{language}'].get.responses['200'].content['application/json']
    .examples.en.value;

// ---- Hostile layouts (the same shapes as the prerender's property) ----

// The registry's names but the ones that talk to other services (search, commerce, session), which
// these tests do not answer: the names are what matters here, and "Hero" and "constructor" are enough.
const QUIET = Object.keys(components).filter(
  (name) => !['SearchResults', 'RecommendationWidget', 'ProductDetail', 'Cart', 'Account'].includes(name),
);
const { spineOf, SENTINEL, HOSTILE_ROUTE } = hostileLayouts({ componentNames: QUIET });

/** The route of a {@link HOSTILE_ROUTE}. */
const hostileRoute = ({ fields, ogImage, spine, main, footer }: HostileRoute) => ({
  name: 'hostile',
  itemId: 'h1',
  itemLanguage: 'en',
  layoutId: 'fixture-layout',
  fields: { pageTitle: { value: 'Hostile | Aerospace & Defence' }, ...fields, ogImage: { value: ogImage } },
  placeholders: { main: [...spineOf(spine), ...main, SENTINEL], 'jss-footer': footer },
});

// ---- The site, over a layout service answering the generated layout ----

let layout = '';

beforeEach(() => {
  // The layout service answers `layout` for who the request says is looking; the dictionary its
  // English example; the session client "signed out", with no sign-in providers; every other service fails at once.
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (url.pathname.endsWith('/layout/render/jss')) {
      const mode = url.searchParams.get('sc_mode') ?? 'normal';
      const context = JSON.stringify({ pageEditing: mode === 'edit', pageState: mode, language: 'en', site: {} });
      return new Response(`{"sitecore":{"context":${context},"route":${layout}}}`, {
        headers: { 'content-type': 'application/json' },
      });
    }
    if (url.pathname.includes('/dictionary/')) return Response.json(DICTIONARY);
    if (url.pathname.startsWith('/api/auth/')) return Response.json({});
    return Response.json({}, { status: 503 });
  });
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  history.replaceState(null, '', '/');
});

/** Renders the site at `path` showing `route`, and waits for the route's last rendering. */
async function showPage(route: unknown, path: string) {
  layout = deepJson(route);
  history.replaceState(null, '', path);
  const view = render(<App />);
  await screen.findByText('Still here', {}, { timeout: 10_000 });
  return view;
}

describe('the browser page of random and hostile layouts (property)', () => {
  it('renders in its frame, for visitors and editors, and nothing fails', async () => {
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args.map(String).join(' ')));
    const started = performance.now();
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        HOSTILE_ROUTE,
        fc.constantFrom('', '?sc_mode=preview', '?sc_mode=edit'),
        async (parts, query) => {
          runs += 1;
          const { container, unmount } = await showPage(hostileRoute(parts), `/hostile${query}`);
          try {
            expect(container.querySelector('header')).not.toBeNull();
            expect(container.querySelector('footer')).not.toBeNull();
            const main = container.querySelector('main')!;
            expect(main.getAttribute('data-layout-id')).toBe('fixture-layout');
            expect(within(main).getByText('Still here')).toBeTruthy();
            // Nothing a visitor sees says anything failed, and no rendering failed (React and the boundaries log to console.error).
            if (!query) expect(within(main).queryByRole('group')).toBeNull();
            // Each error's start, so that a failure says what was logged (a component stack runs to megabytes).
            expect(errors.map((error) => error.slice(0, 500))).toEqual([]);
          } finally {
            unmount();
            errors.length = 0;
          }
        },
      ),
      { numRuns: 30 },
    );
    console.info(`hostile layouts: ${runs} pages in ${Math.round(performance.now() - started)} ms`);
  }, 60_000);
});
