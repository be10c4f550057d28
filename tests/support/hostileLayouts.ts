import fc from 'fast-check';

// The hostile layout answers both halves of the property test share (the prerender's,
// tests/node/hostileLayouts.test.ts, and the browser's, tests/site/hostileLayouts.test.tsx): values of
// any type where the contract says a string, URLs that do not parse, componentNames that are
// Object.prototype's, renderings nested thousands deep.

/** JSON text of `root` at any depth: `JSON.stringify` recurses, and a few thousand levels overflow it. */
export function deepJson(root: unknown): string {
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

/** Image URLs an editor's typo makes: none of them parses. */
export const TYPOS = [
  'https://cdn.example:8O/x.png',
  'http://[bad',
  'https://cdn example.com/x.png',
  'http://a b/',
  'https://:80/x',
  'http://[::1/x',
  'https://cdn.example:99999/x.png',
  'http://%zz/',
];

/** What sets each file's answers apart: the componentNames it places, and extra URLs, field and param names. */
export interface HostileOptions {
  componentNames: readonly string[];
  extraUrls?: readonly string[];
  extraFieldNames?: readonly string[];
  extraParamNames?: readonly string[];
}

/**
 * The arbitraries of hostile routes: `HOSTILE_ROUTE` (a route's parts: its fields, a spine of nested
 * renderings, random entries in `main` and the footer), `spineOf` (a spine's renderings), `SENTINEL`
 * (a rendering placed after the hostile ones, which the page shows whatever came before), and the
 * pieces the files' own tests use.
 */
export function hostileLayouts({
  componentNames,
  extraUrls = [],
  extraFieldNames = [],
  extraParamNames = [],
}: HostileOptions) {
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
      ...extraUrls,
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
        ...[
          'applyLink',
          'fallbackText',
          'ogImage',
          'pageTitle',
          'metaDescription',
          ...extraFieldNames,
          '__proto__',
          'constructor',
        ],
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
  const NAMES = fc.oneof(
    { weight: 6, arbitrary: fc.constantFrom(...componentNames) },
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
      fc.constantFrom('DynamicPlaceholderId', 'friendlyId', ...extraParamNames, 'channel', 'currency', '__proto__'),
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
  return { loose, FIELD_NAMES, SIMPLE_FIELD, IMAGE, ENTRY, SPINE, spineOf, SENTINEL, HOSTILE_ROUTE };
}

/** A route's parts, as `hostileLayouts`' `HOSTILE_ROUTE` makes them. */
export type HostileRoute = ReturnType<typeof hostileLayouts>['HOSTILE_ROUTE'] extends fc.Arbitrary<infer T> ? T : never;
