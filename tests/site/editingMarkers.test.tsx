import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import type { LayoutContext, PageMode, RouteData } from '../../src/content/index.ts';
import { EditorScripts, editorData, editorScriptUrls } from '../../src/site/content/editorScripts.tsx';
import { DEFAULT_PLACEHOLDER_UID, EMPTY_FIELD_TEXT } from '../../src/site/content/markers.tsx';
import { ContentImage, ContentLink, ContentText } from '../../src/site/content/fields.tsx';
import { Placeholder, RouteRenderer } from '../../src/site/content/placeholder.tsx';
import type { ContentComponentProps, EditMode } from '../../src/site/content/renderingContext.ts';
import { pageViewOf } from '../../src/site/content/renderingContext.ts';
import { Columns } from '../../src/site/content/sections.tsx';

// The hosted page editor (metadata edit mode): the answer carries each field's `metadata` and no
// markup; the site writes the field, placeholder and rendering markers itself, in the platform SDK's
// order and with its ids. And the chromes editor's details: empty placeholders, hidden renderings,
// repeated uids, any element entry.

afterEach(cleanup);

const meta = (fieldId: string, rawValue: string) => ({
  datasource: { id: '{11111111-2222-3333-4444-555555555555}', language: 'en', revision: 'r1', version: 1 },
  fieldId,
  fieldType: 'Single-Line Text',
  rawValue,
});

function Card({ fields }: ContentComponentProps) {
  return (
    <section>
      <ContentText field={fields.heading} tag="h2" />
      <ContentText field={fields.text} tag="p" />
    </section>
  );
}

function Teaser({ fields }: ContentComponentProps) {
  return (
    <aside>
      <ContentImage field={fields.image} />
      <ContentLink field={fields.link} />
    </aside>
  );
}

const components = { Card, Teaser, Columns };

// A page with a route-level placeholder, a container with dynamic placeholders (one empty), a
// nested rendering, an empty field and the route's second placeholder.
const ROUTE = {
  name: 'about',
  itemId: 'a1',
  itemLanguage: 'en',
  layoutId: 'l1',
  fields: {},
  placeholders: {
    main: [
      {
        uid: 'c0ffee00-0000-4000-8000-000000000001',
        componentName: 'Card',
        fields: {
          heading: { value: 'Who we are', metadata: meta('f-heading', 'Who we are') },
          text: { value: '', metadata: meta('f-text', '') },
        },
      },
      {
        uid: 'c0ffee00-0000-4000-8000-000000000002',
        componentName: 'Columns',
        params: { DynamicPlaceholderId: '1' },
        placeholders: {
          'columns-left-{*}': [
            {
              uid: 'c0ffee00-0000-4000-8000-000000000003',
              componentName: 'Teaser',
              fields: {
                image: {
                  value: { src: '/-/media/a.png', alt: 'A', width: 10, height: 10 },
                  metadata: meta('f-img', ''),
                },
                link: { value: { href: '/careers', text: 'Careers' }, metadata: meta('f-link', '') },
              },
            },
          ],
          'columns-right-{*}': [],
        },
      },
    ],
  },
} as unknown as RouteData;

function renderRoute(mode: PageMode, editMode: EditMode, route: RouteData = ROUTE) {
  return render(
    <RouteRenderer
      components={components}
      route={route}
      mode={mode}
      editMode={editMode}
      url={new URL('https://www.aero.example/about')}
    >
      <Suspense fallback={null}>
        <Placeholder name="main" />
      </Suspense>
    </RouteRenderer>,
  ).container;
}

/** The element at `selector` under `root`, once it is there (chrome entries load on demand). */
const found = (root: ParentNode, selector: string) =>
  waitFor(() => {
    const element = root.querySelector(selector);
    expect(element, selector).not.toBeNull();
    return element!;
  });

/** The markers and the fields' text between them, in document order, as the editor reads the page. */
function outline(root: ParentNode): string[] {
  const lines: string[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node as Element;
    if (el.matches('code[chrometype]')) {
      const id = el.getAttribute('id');
      const json =
        el.getAttribute('kind') === 'open' && el.getAttribute('chrometype') === 'field' ? el.textContent : '';
      lines.push(
        `${el.getAttribute('chrometype')} ${el.getAttribute('kind')}${id ? ` #${id}` : ''}${json ? ` ${JSON.parse(json).fieldId}` : ''}`,
      );
    } else if (el.matches('h2, p, a, img, .sc-empty-field')) {
      lines.push(
        `  ${el.tagName.toLowerCase()}${el.matches('.sc-empty-field') ? '.empty' : ''} ${el.textContent || el.getAttribute('src')}`,
      );
    }
  }
  return lines;
}

describe('metadata edit mode', () => {
  it('wraps every placeholder, rendering and field in the editor markers, in order, with the platform ids', async () => {
    const root = renderRoute('edit', 'metadata');
    await waitFor(() => expect(root.querySelector('a')).not.toBeNull());
    expect(outline(root)).toEqual([
      `placeholder open #main_${DEFAULT_PLACEHOLDER_UID}`,
      'rendering open #c0ffee00-0000-4000-8000-000000000001',
      'field open f-heading',
      '  h2 Who we are',
      'field close',
      'field open f-text',
      `  span.empty ${EMPTY_FIELD_TEXT}`,
      'field close',
      'rendering close',
      'rendering open #c0ffee00-0000-4000-8000-000000000002',
      'placeholder open #columns-left-{*}_c0ffee00-0000-4000-8000-000000000002',
      'rendering open #c0ffee00-0000-4000-8000-000000000003',
      'field open f-img',
      '  img /sitecore/shell/-/media/a.png',
      'field close',
      'field open f-link',
      '  a Careers',
      'field close',
      'rendering close',
      'placeholder close',
      'placeholder open #columns-right-{*}_c0ffee00-0000-4000-8000-000000000002',
      'placeholder close',
      'rendering close',
      'placeholder close',
    ]);
  });

  it("carries each field's metadata as JSON in its open marker, in the SDK's marker form", async () => {
    const root = renderRoute('edit', 'metadata');
    await waitFor(() => expect(root.querySelector('h2')).not.toBeNull());
    const open = root.querySelector('code[chrometype="field"][kind="open"]')!;
    expect(open.outerHTML).toMatch(/^<code type="text\/sitecore" chrometype="field" class="scpm" kind="open">/);
    expect(JSON.parse(open.textContent!)).toEqual(meta('f-heading', 'Who we are'));
    expect(root.querySelector('code[chrometype="field"][kind="close"]')!.textContent).toBe('');
  });

  it('shows an empty placeholder as a drop target around its markers', async () => {
    const root = renderRoute('edit', 'metadata');
    await waitFor(() => expect(root.querySelector('.sc-jss-empty-placeholder')).not.toBeNull());
    const empty = root.querySelector('.sc-jss-empty-placeholder')!;
    expect([...empty.children].map((c) => `${c.getAttribute('chrometype')} ${c.getAttribute('kind')}`)).toEqual([
      'placeholder open',
      'placeholder close',
    ]);
    expect(empty.firstElementChild!.id).toBe('columns-right-{*}_c0ffee00-0000-4000-8000-000000000002');
  });

  it.each([
    ['normal', 'metadata'],
    ['preview', 'metadata'],
    ['edit', 'chromes'],
  ] as const)('writes no marker and no empty-field text in %s mode (%s)', async (mode, editMode) => {
    const root = renderRoute(mode, editMode);
    await waitFor(() => expect(root.querySelector('a')).not.toBeNull());
    expect(root.querySelectorAll('code').length).toBe(0);
    expect(root.textContent).not.toContain(EMPTY_FIELD_TEXT);
    // The dynamic placeholder's renderings show in every mode.
    expect(root.querySelector('a')!.textContent).toBe('Careers');
  });
});

describe('who is looking comes from the answer', () => {
  const context = (extra: Partial<LayoutContext> & Record<string, unknown>) =>
    ({ pageEditing: false, pageState: 'normal', ...extra }) as LayoutContext;

  it('renders an answer for visitors as a visitor page, whatever the URL asked', () => {
    expect(pageViewOf(context({}), 'edit')).toEqual({ mode: 'normal', editMode: 'chromes' });
  });

  it("renders an editor's answer in its mode and editor, whatever the URL asked", () => {
    expect(pageViewOf(context({ pageEditing: true, pageState: 'edit', editMode: 'metadata' }), 'normal')).toEqual({
      mode: 'edit',
      editMode: 'metadata',
    });
    expect(pageViewOf(context({ pageEditing: true, pageState: 'edit' }), 'normal').editMode).toBe('chromes');
    expect(pageViewOf(context({ pageState: 'preview', editMode: 'metadata' }), 'edit')).toEqual({
      mode: 'preview',
      editMode: 'chromes',
    });
  });
});

describe("the editor's scripts and data", () => {
  const ORIGIN = 'https://pages.editor.example';
  const editing = {
    pageEditing: true,
    pageState: 'edit',
    editMode: 'metadata',
    clientScripts: [
      `${ORIGIN}/canvas.js`,
      'https://evil.example/x.js',
      'javascript:alert(1)',
      `${ORIGIN}/canvas.js`,
      '//evil.example/y.js',
    ],
    clientData: {
      'hrz-canvas-state': { itemId: 'a1', note: '</script><script>alert(1)</script>' },
      root: {},
      'bad id': {},
    },
  } as unknown as LayoutContext;

  it("loads scripts from the editor's origin only, each once", () => {
    expect(editorScriptUrls(editing, ORIGIN)).toEqual([`${ORIGIN}/canvas.js`]);
    expect(editorScriptUrls(editing, undefined)).toEqual([]);
  });

  it('writes each data entry with a usable id as JSON that cannot close its script element', () => {
    const data = editorData(editing);
    expect(data.map(([id]) => id)).toEqual(['hrz-canvas-state']);
    expect(data[0]![1]).not.toContain('</script>');
    expect(JSON.parse(data[0]![1])).toEqual({ itemId: 'a1', note: '</script><script>alert(1)</script>' });
  });

  it("adds the editor's data, then the development stand-in's script, to the head once the page is on screen", async () => {
    // .env.development's VITE_EDITOR_ORIGIN is `/`: the page's own origin.
    const context = { ...editing, clientScripts: ['/editor-stub/canvas.js', 'https://evil.example/x.js'] };
    const { container } = render(<EditorScripts context={context as unknown as LayoutContext} />);
    // Nothing in the page's own markup: a server-rendered page hydrates as it was served.
    expect(container.innerHTML).toBe('');
    await waitFor(() => expect(document.head.querySelectorAll('script[data-editor-script]').length).toBe(1));
    const state = document.getElementById('hrz-canvas-state') as HTMLScriptElement;
    expect(state.type).toBe('application/json');
    expect(JSON.parse(state.textContent!).itemId).toBe('a1');
    // The data comes first: the editor's script reads it as it runs.
    expect(state.compareDocumentPosition(document.head.querySelector('script[data-editor-script]')!)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    const script = document.head.querySelector<HTMLScriptElement>('script[data-editor-script]')!;
    expect(new URL(script.src).pathname).toBe('/editor-stub/canvas.js');
    script.remove();
    state.remove();
  });
});

describe('chromes edit mode details', () => {
  const chrome = (attributes: Record<string, unknown>, name = 'code', contents: string | null = '') => ({
    name,
    type: 'text/sitecore',
    contents,
    attributes,
  });

  function renderChromes(placeholders: Record<string, unknown[]>) {
    const route = { ...ROUTE, placeholders } as unknown as RouteData;
    return renderRoute('edit', 'chromes', route);
  }

  it('makes an empty placeholder a full-width drop target around its markers', async () => {
    const root = renderChromes({
      main: [
        chrome({
          type: 'text/sitecore',
          chrometype: 'placeholder',
          kind: 'open',
          id: 'main',
          key: 'main',
          class: 'scpm',
        }),
        chrome({ type: 'text/sitecore', chrometype: 'placeholder', kind: 'close', class: 'scpm' }),
      ],
    });
    const box = await found(root, '.sc-jss-empty-placeholder');
    expect(box.querySelectorAll('code').length).toBe(2);
    // The marker keeps the platform's id and key.
    await waitFor(() => expect(box.querySelector('code')!.getAttribute('key')).toBe('main'));
    expect(box.querySelector('code')!.id).toBe('main');
  });

  it("shows a hidden rendering's block through the site's class, never the answer's inline style", async () => {
    const root = renderChromes({
      main: [
        chrome(
          { style: { backgroundColor: 'white', opacity: 0.35 } },
          'div',
          '<div style="height:50px;background: url(/x.png)"></div>',
        ),
      ],
    });
    const hidden = await found(root, 'div.sc-hidden-rendering');
    expect(hidden.getAttribute('style')).toBeNull();
    expect(hidden.innerHTML).not.toContain('style');
  });

  it('renders renderings that repeat a uid without a duplicate key warning', async () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args);
    try {
      const card = ROUTE.placeholders.main![0]!;
      const root = renderChromes({ main: [card, card] });
      await waitFor(() => expect(root.querySelectorAll('h2').length).toBe(2));
    } finally {
      console.error = original;
    }
    expect(errors.map(String).join('\n')).not.toMatch(/same key/i);
  });

  it('renders element entries of any tag the sanitizer allows, and none it refuses', async () => {
    const root = renderChromes({
      main: [
        chrome({ src: '/-/media/x.png', alt: 'marker', onerror: 'alert(1)' }, 'img', 'ignored'),
        chrome({ src: 'javascript:alert(1)', alt: 'bad' }, 'img', null),
        chrome({ src: '/x.js' }, 'script', 'alert(1)'),
        chrome({ srcdoc: '<script>alert(1)</script>' }, 'iframe', null),
      ],
    });
    const img = await found(root, 'img[alt="marker"]');
    expect(img.getAttribute('src')).toBe('/-/media/x.png');
    expect(img.getAttribute('onerror')).toBeNull();
    expect(root.querySelector('img[alt="bad"]')!.getAttribute('src')).toBeNull();
    expect(root.querySelector('script, iframe')).toBeNull();
  });
});
