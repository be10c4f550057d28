import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { App } from '../../src/site/App.tsx';
import { navigate } from '../../src/site/router.tsx';
import { withPrism } from '../support/prism.ts';
import { sendToMocks } from './mockedSite.ts';

// What a visitor meets around the page's content, the whole site (App) against the content and banner
// mocks: the headings in order, search forms told apart, and a footer on every page.

const content = withPrism('content');
const oneconnect = withPrism('oneconnect');

beforeEach(() => sendToMocks({ content: content.url, oneconnect: oneconnect.url }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  history.replaceState(null, '', '/');
});

/** Renders the site at `path` and waits for its h1. */
async function show(path: string) {
  history.replaceState(null, '', path);
  const view = render(<App />);
  await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
  return view;
}

/** The page's headings in document order, as `h1 text`. */
const headings = (root: HTMLElement) =>
  [...root.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => `${h.tagName.toLowerCase()} ${h.textContent}`);

describe('the heading order of a page with banners', () => {
  it.for(['/', '/campaigns/airshow-2025', '/de'])(
    "%s: the page's h1 comes first, the banners' headings after the page's content",
    async (path) => {
      const { container } = await show(path);
      await waitFor(() => expect(container.querySelectorAll('[data-banner-id]').length).toBeGreaterThan(0), {
        timeout: 10_000,
      });
      const order = headings(container);
      expect(order[0]).toMatch(/^h1 /);
      // The tray follows the page's content in the document (it is docked to the window's bottom on screen).
      const main = container.querySelector('main')!;
      const tray = container.querySelector('.banners')!;
      expect(main.lastElementChild?.contains(tray) || main.lastElementChild === tray).toBe(true);
    },
  );
});

// Until its first use (on a page without search widgets) the header's search is the site's own form.
describe("the header's search form", () => {
  it.for([
    ['/capabilities', 'Site search'],
    ['/de/capabilities', 'Website-Suche'],
  ])("%s: is a search landmark named apart from the search page's form (%s)", async ([path, name]) => {
    const { container } = await show(path!);
    const header = container.querySelector('header')!;
    const form = within(header).getByRole('search');
    expect(form.getAttribute('aria-label')).toBe(name);
  });
});

describe('a URL with no route (the not-found page)', () => {
  it("reached from a page in another language: the footer in the page's language, not the last page's", async () => {
    const { container } = await show('/capabilities');
    const footer = container.querySelector('footer')!;
    await within(footer).findByRole('heading', { name: 'Company' }, { timeout: 10_000 });
    act(() => void navigate('/de/no/such/page'));
    await screen.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' }, { timeout: 10_000 });
    await within(footer).findByRole('heading', { name: 'Unternehmen' }, { timeout: 10_000 });
    expect(within(footer).queryByRole('heading', { name: 'Company' })).toBeNull();
  });
});

describe('a first visit to a URL with no route (the not-found page)', () => {
  it.for([
    ['/no/such/page', 'Page not found', 'Company', 'About us'],
    ['/de/no/such/page', 'Seite nicht gefunden', 'Unternehmen', 'Über uns'],
  ])("%s: has the footer of the home page in the page's language", async ([path, heading, group, link]) => {
    const { container } = await show(path!);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(heading);
    const footer = container.querySelector('footer')!;
    await within(footer).findByRole('heading', { name: group }, { timeout: 10_000 });
    expect(within(footer).getByRole('link', { name: link }).getAttribute('href')).toBe('/about');
  });
});
