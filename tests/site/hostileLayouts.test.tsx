import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { parse } from 'yaml';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { App } from '../../src/site/App.tsx';
import { components } from '../../src/site/content/registry.tsx';

// The browser's page of a hostile layout answer, the whole site around it (App: the frame, the
// providers, the registry): values of any type where the contract says a string, URLs that do not
// parse, componentNames that are Object.prototype's, renderings nested thousands deep, for visitors
// and editors. The page always shows its frame and the rest of its content; only the bad parts are
// left out (or, for editors, shown as failed). The prerender's half is tests/node/hostileLayouts.test.ts.

const contract = parse(readFileSync(join(import.meta.dirname, '../../openapi/content/openapi.yaml'), 'utf8'), {
  maxAliasCount: -1,
});
const DICTIONARY =
  contract.paths['/sitecore/api/jss/dictionary/{appName}/{language}'].get.responses['200'].content['application/json']
    .examples.en.value;

/** JSON text of `root` at any depth: `JSON.stringify` recurses, and a few thousand levels overflow it. */
function deepJson(root: unknown): string {
  const parts: string[] = [];
  const todo: Array<{ text: string } | { value: unknown }> = [{ value: root }];
  while (todo.length > 0) {
    const task = todo.pop()!;
    if ('text' in task) {
      parts.push(task.text);
      continue;
    }
    const { value } = task;
    if (value === null || typeof value !== 'object') {
      parts.push(JSON.stringify(value) ?? 'null');
      continue;
    }
    const entries: Array<[string | null, unknown]> = Array.isArray(value)
      ? value.map((item) => [null, item])
      : Object.keys(value).flatMap((key) => {
          const item = (value as Record<string, unknown>)[key];
          return item === undefined ? [] : [[key, item] as [string, unknown]];
        });
    const next: typeof todo = [{ text: Array.isArray(value) ? '[' : '{' }];
    entries.forEach(([key, item], index) => {
      next.push({ text: `${index ? ',' : ''}${key === null ? '' : `${JSON.stringify(key)}:`}` }, { value: item });
    });
    next.push({ text: Array.isArray(value) ? ']' : '}' });
    for (let i = next.length - 1; i >= 0; i -= 1) todo.push(next[i]!);
  }
  return parts.join('');
}

// ---- Hostile layouts (the same shapes as the prerender's property) ----

const TYPOS = [
  'https://cdn.example:8O/x.png',
  'http://[bad',
  'https://cdn example.com/x.png',
  'http://a b/',
  'https://:80/x',
  'http://[::1/x',
  'https://cdn.example:99999/x.png',
  'http://%zz/',
];
const loose = fc.jsonValue({ maxDepth: 2 });
const URLS = fc.oneof(
  fc.constantFrom(
    ...TYPOS,
    '/a.png 1w, https://evil.example/x.png',
    'javascript:alert(1)',
    '//evil.example/x.png',
    '/\\evil.example',
    ' /-/media/hero.jpg ',
    '/-/media/hero.jpg#x',
    'https://cdn.example/a.png',
    `/a${' '.repeat(20_000)}b`,
  ),
  fc.webUrl(),
  fc.string({ maxLength: 30 }),
);
const NUMBERISH = fc.oneof(
  fc.integer({ min: -1e9, max: 1e9 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(1e308, 0, '1280', '12px', ''),
  loose,
);
const IMAGE = fc.record(
  { src: fc.oneof(URLS, loose), alt: fc.oneof(fc.string(), loose), width: NUMBERISH, height: NUMBERISH },
  { requiredKeys: [] },
);
const LINK = fc.record(
  {
    href: fc.oneof(URLS, loose),
    text: fc.oneof(fc.string(), loose),
    target: fc.oneof(fc.constantFrom('_blank', ''), loose),
    linktype: fc.oneof(fc.constantFrom('internal', 'media', 'external'), loose),
  },
  { requiredKeys: [] },
);
const FIELD_NAMES = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.constantFrom(
      ...['heading', 'text', 'cta', 'secondaryLink', 'image', 'cards', 'links', 'link', 'title', 'summary'],
      ...['articles', 'author', 'publishedDate', 'viewCount', 'likeCount', 'body', 'jobs', 'location'],
      ...['applyLink', 'fallbackText', 'ogImage', 'pageTitle', 'metaDescription', '__proto__', 'constructor'],
    ),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 8 }) },
);
const VALUE = fc.oneof(fc.string({ maxLength: 40 }), NUMBERISH, IMAGE, LINK, loose);
const SIMPLE_FIELD = fc.oneof(
  { weight: 3, arbitrary: fc.record({ value: VALUE }, { requiredKeys: [] }) },
  { weight: 1, arbitrary: fc.oneof(fc.string({ maxLength: 8 }), fc.double(), fc.boolean()) },
  { weight: 1, arbitrary: loose },
);
const ITEMS = fc.array(
  fc.oneof(
    fc.record(
      {
        id: fc.oneof(fc.string({ maxLength: 8 }), loose),
        url: fc.oneof(URLS, loose),
        fields: fc.oneof(fc.dictionary(FIELD_NAMES, SIMPLE_FIELD, { maxKeys: 4 }), loose),
      },
      { requiredKeys: [] },
    ),
    loose,
  ),
  { maxLength: 3 },
);
const FIELDS = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(FIELD_NAMES, fc.oneof(SIMPLE_FIELD, ITEMS), { maxKeys: 6 }) },
  { weight: 1, arbitrary: loose },
);
// The registry's names but the ones that talk to other services (search, commerce, session), which
// these tests do not answer: the names are what matters here, and "Hero" and "constructor" are enough.
const QUIET = Object.keys(components).filter(
  (name) => !['SearchResults', 'RecommendationWidget', 'ProductDetail', 'Cart', 'Account'].includes(name),
);
const NAMES = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...QUIET) },
  {
    weight: 1,
    arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'Hidden Rendering', ''),
  },
  { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
);
const PLACEHOLDER_NAMES = fc.oneof(
  fc.constantFrom('main', 'columns-left', 'columns-right', 'columns-left-{*}', 'columns-right-7', '__proto__'),
  fc.string({ maxLength: 8 }),
);
const PARAMS = fc.oneof(
  fc.dictionary(
    fc.constantFrom('DynamicPlaceholderId', 'friendlyId', 'channel', 'currency', '__proto__'),
    fc.oneof(fc.string({ maxLength: 8 }), loose),
    { maxKeys: 3 },
  ),
  loose,
);
const { entry: ENTRY } = fc.letrec<{ rendering: Record<string, unknown>; entry: unknown }>((tie) => ({
  rendering: fc.record(
    {
      componentName: fc.oneof({ weight: 9, arbitrary: NAMES }, { weight: 1, arbitrary: loose }),
      uid: fc.oneof(fc.string({ maxLength: 8 }), loose),
      dataSource: fc.oneof(fc.string({ maxLength: 8 }), loose),
      params: PARAMS,
      fields: FIELDS,
      placeholders: fc.oneof(
        fc.dictionary(PLACEHOLDER_NAMES, fc.array(tie('entry'), { maxLength: 3 }), { maxKeys: 2 }),
        loose,
      ),
    },
    { requiredKeys: ['componentName'] },
  ),
  entry: fc.oneof({ depthSize: 'small', maxDepth: 4 }, tie('rendering'), loose),
}));
/**
 * A chain of `depth` renderings, each inside the one before (containers most of the time, so it
 * renders as deep as it may). Kept as its description, so that a failing case prints as one.
 */
const SPINE = fc.record({
  depth: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 1000, max: 3000 })),
  names: fc.array(fc.oneof(fc.constant('Columns'), NAMES), { minLength: 1, maxLength: 4 }),
  inside: fc.constantFrom('columns-left', 'columns-left-{*}', 'main'),
});

/** The renderings of a {@link SPINE}. */
function spineOf({ depth, names, inside }: { depth: number; names: string[]; inside: string }): unknown[] {
  const main: unknown[] = [];
  let into = main;
  for (let level = 0; level < depth; level += 1) {
    const rendering = {
      componentName: names[level % names.length],
      uid: `s${level}`,
      params: inside === 'columns-left' ? {} : { DynamicPlaceholderId: '7' },
      placeholders: { [inside]: [] as unknown[] },
    };
    into.push(rendering);
    into = rendering.placeholders[inside]!;
  }
  return main;
}
/** A rendering placed after the hostile ones: the page shows it whatever came before. */
const SENTINEL = { componentName: 'PromoCta', uid: 'sentinel', fields: { heading: { value: 'Still here' } } };
/** A hostile route, as its parts: its own fields, a spine and random entries in `main`, random entries in the footer. */
const HOSTILE_ROUTE = fc.record({
  fields: fc.dictionary(FIELD_NAMES, SIMPLE_FIELD, { maxKeys: 5 }),
  ogImage: fc.oneof(IMAGE, loose),
  spine: SPINE,
  main: fc.array(ENTRY, { maxLength: 6 }),
  footer: fc.array(ENTRY, { maxLength: 2 }),
});

/** The route of a {@link HOSTILE_ROUTE}. */
const hostileRoute = ({
  fields,
  ogImage,
  spine,
  main,
  footer,
}: typeof HOSTILE_ROUTE extends fc.Arbitrary<infer T> ? T : never) => ({
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
            expect(errors).toEqual([]);
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
