import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import type { LayoutContext, RouteData } from '../../src/content/index.ts';
import {
  forEachRendering,
  MAX_RENDERING_DEPTH,
  pageViewOf,
  RenderingContext,
  type RenderingContextValue,
  uniqueKeys,
  useEditing,
  useEditMode,
  usePagePath,
  usePageUrl,
  useRenderingContext,
  useRenderingScope,
  warnNotAUrl,
  warnOnce,
  type Rendering,
} from '../../src/site/content/renderingContext.ts';

// What every placeholder, rendering and field reads while it renders (renderingContext.ts), at the
// level of its functions: the walk the limits and the rendering order rely on, who is looking, the
// React keys, and the warnings content problems give (each said once).

afterEach(() => {
  vi.restoreAllMocks();
});

/** The componentName and depth of every rendering `forEachRendering` visits. */
function walk(placeholders: unknown, stopAt?: string): string[] {
  const seen: string[] = [];
  forEachRendering(placeholders, (rendering, depth) => {
    seen.push(`${rendering.componentName}@${depth}`);
    return rendering.componentName !== stopAt;
  });
  return seen;
}

const r = (componentName: string, placeholders?: Record<string, unknown[]>): Rendering => ({
  componentName,
  uid: componentName,
  ...(placeholders ? { placeholders } : {}),
});

describe('forEachRendering', () => {
  it('visits every rendering in document order: each before those it holds, placeholders in the order listed', () => {
    const placeholders = {
      main: [r('Hero', { inner: [r('Text'), r('Image', { deep: [r('Caption')] })], side: [r('Aside')] }), r('Cta')],
      footer: [r('Links')],
    };
    expect(walk(placeholders)).toEqual(['Hero@1', 'Text@2', 'Image@2', 'Caption@3', 'Aside@2', 'Cta@1', 'Links@1']);
  });

  it('ends the walk when the visitor returns false', () => {
    const placeholders = { main: [r('A', { inner: [r('B'), r('C')] }), r('D')], footer: [r('E')] };
    expect(walk(placeholders, 'B')).toEqual(['A@1', 'B@2']);
  });

  it(`goes down to depth ${MAX_RENDERING_DEPTH} and no further`, () => {
    let deepest: Rendering = r(`R${MAX_RENDERING_DEPTH + 5}`);
    for (let level = MAX_RENDERING_DEPTH + 4; level >= 1; level -= 1) deepest = r(`R${level}`, { inner: [deepest] });
    const seen = walk({ main: [deepest] });
    expect(seen).toHaveLength(MAX_RENDERING_DEPTH);
    expect(seen.at(-1)).toBe(`R${MAX_RENDERING_DEPTH}@${MAX_RENDERING_DEPTH}`);
  });

  it('skips what is not a rendering: entries without a string componentName, non-list placeholders, non-object placeholders', () => {
    const placeholders = {
      main: [
        null,
        undefined,
        'Hero',
        7,
        { uid: 'x' },
        { componentName: 5 },
        r('Kept', { inner: 'not a list' as never }),
        r('Next'),
      ],
      notAList: { componentName: 'Hidden' },
      empty: [],
      after: [r('Last')],
    };
    expect(walk(placeholders)).toEqual(['Kept@1', 'Next@1', 'Last@1']);
    expect(walk(null)).toEqual([]);
    expect(walk('main')).toEqual([]);
    expect(walk([r('InAnArray')])).toEqual([]);
    expect(walk({ main: [r('A', [[r('InAnArray')]] as never)] })).toEqual(['A@1']);
  });
});

describe('pageViewOf: who the layout answer says is looking', () => {
  const view = (context: Partial<LayoutContext> | undefined, requested: 'normal' | 'edit' | 'preview' = 'normal') =>
    pageViewOf(context as LayoutContext | undefined, requested);

  it('is what the URL asked for while there is no answer yet', () => {
    expect(view(undefined, 'edit')).toEqual({ mode: 'edit', editMode: 'chromes' });
    expect(view(undefined, 'preview')).toEqual({ mode: 'preview', editMode: 'chromes' });
  });

  it.each([
    [{ pageState: 'edit' }, { mode: 'edit', editMode: 'chromes' }],
    [
      { pageState: 'normal', pageEditing: true },
      { mode: 'edit', editMode: 'chromes' },
    ],
    [
      { pageState: 'edit', editMode: 'metadata' },
      { mode: 'edit', editMode: 'metadata' },
    ],
    [{ pageState: 'preview' }, { mode: 'preview', editMode: 'chromes' }],
    [
      { pageState: 'preview', editMode: 'metadata' },
      { mode: 'preview', editMode: 'chromes' },
    ],
    [
      { pageState: 'normal', editMode: 'metadata' },
      { mode: 'normal', editMode: 'chromes' },
    ],
    [
      { pageState: 'normal', pageEditing: 'true' },
      { mode: 'normal', editMode: 'chromes' },
    ],
    [{}, { mode: 'normal', editMode: 'chromes' }],
  ])('%j → %j, whatever the URL asked', (context, expected) => {
    expect(view(context as Partial<LayoutContext>, 'edit')).toEqual(expected);
  });
});

describe('the hooks a rendering reads who is looking and the page with', () => {
  const url = new URL('https://www.aero.example/en/about?q=1');
  const within = (value: Partial<RenderingContextValue> | null) =>
    function Provider({ children }: { children: ReactNode }) {
      const context = value && { components: {}, route: {} as RouteData, mode: 'normal' as const, url, ...value };
      return <RenderingContext.Provider value={context}>{children}</RenderingContext.Provider>;
    };
  const read = (value: Partial<RenderingContextValue> | null) =>
    renderHook(
      () => ({ editing: useEditing(), editMode: useEditMode(), path: usePagePath(), scope: useRenderingScope() }),
      { wrapper: within(value) },
    ).result.current;

  it('tell edit mode and its editor (chromes unless said), and nothing else as editing', () => {
    expect(read({ mode: 'edit' })).toMatchObject({ editing: true, editMode: 'chromes' });
    expect(read({ mode: 'edit', editMode: 'metadata' })).toMatchObject({ editing: true, editMode: 'metadata' });
    expect(read({ mode: 'preview', editMode: 'metadata' })).toMatchObject({ editing: false, editMode: undefined });
    expect(read({ mode: 'normal' })).toMatchObject({ editing: false, editMode: undefined });
    expect(read(null)).toMatchObject({ editing: false, editMode: undefined });
  });

  it("give the page's URL and path, and '(no route)' outside a RouteRenderer", () => {
    expect(read({}).path).toBe('/en/about');
    expect(renderHook(() => usePageUrl(), { wrapper: within({}) }).result.current).toBe(url);
    expect(read(null).path).toBe('(no route)');
  });

  it('start at the route’s own scope, depth 0, outside any rendering', () => {
    expect(read(null).scope).toEqual({ depth: 0 });
  });

  it('tell the developer what to wrap when a placeholder renders outside a RouteRenderer', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useRenderingContext(), { wrapper: within(null) })).toThrow(
      'No RouteRenderer found: render placeholders inside <RouteRenderer route={…} components={…}>',
    );
  });
});

describe('uniqueKeys', () => {
  it('keys each entry by its id, counting repeats, and by its position without a usable id', () => {
    const entries = [{ id: 'a' }, { id: 'b' }, { id: 'a' }, {}, { id: '' }, { id: 7 }, { id: 'a' }];
    expect(uniqueKeys(entries, (entry) => entry.id)).toEqual(['a', 'b', 'a#1', 'entry-3', 'entry-4', 'entry-5', 'a#2']);
  });
});

describe('warnings about content', () => {
  // The set of what was said is the module's, shared by every file of a jsdom worker (vitest.config.ts
  // `isolate: false`): each test uses keys of its own, under this file's page `/warnings-test`.
  const spy = () => vi.spyOn(console, 'warn').mockImplementation(() => {});

  it('says each problem once, and builds the message only when it says it', () => {
    const warn = spy();
    const message = vi.fn(() => 'the problem');
    warnOnce('/warnings-test once:a', message);
    warnOnce('/warnings-test once:a', message);
    warnOnce('/warnings-test once:b', () => 'another problem');
    expect(warn.mock.calls).toEqual([['the problem'], ['another problem']]);
    expect(message).toHaveBeenCalledTimes(1);
  });

  it('says a problem again once a thousand others were said since, so the memory stays bounded', async () => {
    // A fresh copy of the module, so what the other tests said does not count.
    vi.resetModules();
    const { warnOnce } = await import('../../src/site/content/renderingContext.ts');
    const warn = spy();
    warnOnce('bounded:first', () => 'first');
    for (let i = 1; i < 1000; i += 1) warnOnce(`bounded:${i}`, () => 'other');
    warnOnce('bounded:first', () => 'first');
    expect(warn.mock.calls.filter(([text]) => text === 'first')).toHaveLength(1);
    warnOnce('bounded:1000', () => 'other');
    warnOnce('bounded:first', () => 'first');
    expect(warn.mock.calls.filter(([text]) => text === 'first')).toHaveLength(2);
  });

  it('says which page, field and value is not a URL, and what is done instead', () => {
    const warn = spy();
    warnNotAUrl('/warnings-test/about', 'ogImage', 'http://[bad', 'the tag is left out');
    expect(warn.mock.calls).toEqual([
      ['[site] /warnings-test/about: ogImage: "http://[bad" is not a URL; the tag is left out'],
    ]);
  });

  it('quotes a long value by its first 120 characters', () => {
    const warn = spy();
    const exact = `http://[${'x'.repeat(112)}`;
    warnNotAUrl('/warnings-test/long', 'link', exact, 'left out');
    warnNotAUrl('/warnings-test/long', 'link', `${exact}y`, 'left out');
    expect(warn.mock.calls).toEqual([
      [`[site] /warnings-test/long: link: "${exact}" is not a URL; left out`],
      [`[site] /warnings-test/long: link: "${exact}…" is not a URL; left out`],
    ]);
  });

  it('says it again for another page, field or value, once for values alike in their first 200 characters', () => {
    const warn = spy();
    warnNotAUrl('/warnings-test/p', 'link', 'http://[a', 'left out');
    warnNotAUrl('/warnings-test/p', 'link', 'http://[a', 'left out');
    warnNotAUrl('/warnings-test/q', 'link', 'http://[a', 'left out');
    warnNotAUrl('/warnings-test/p', 'image', 'http://[a', 'left out');
    warnNotAUrl('/warnings-test/p', 'link', 'http://[b', 'left out');
    const long = `http://[${'z'.repeat(200)}`;
    warnNotAUrl('/warnings-test/p', 'link', `${long}1`, 'left out');
    warnNotAUrl('/warnings-test/p', 'link', `${long}2`, 'left out');
    expect(warn).toHaveBeenCalledTimes(5);
  });
});
