import { Suspense, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createAuthClient } from '../../src/auth/index.ts';
import { SessionProvider } from '../../src/auth/react.tsx';
import {
  createContentClient,
  type Field,
  type FieldMap,
  type PageMode,
  type RouteData,
} from '../../src/content/index.ts';
import { ContentProvider } from '../../src/content/react.tsx';
import { usePageRoute } from '../../src/site/content/route.tsx';
import { ContentDate, ContentImage, ContentLink, ContentNumber, ContentText } from '../../src/site/content/fields.tsx';
import { Placeholder, RouteRenderer } from '../../src/site/content/placeholder.tsx';
import type { ContentComponentProps } from '../../src/site/content/renderingContext.ts';
import { ContentRichText } from '../../src/site/content/richText.tsx';
import { sanitizeEditable } from '../../src/site/content/sanitizedHtml.tsx';
import { SanitizedRichText } from '../../src/site/content/sanitizerParts.ts';
import { readContract } from '../../scripts/contract/contracts.mjs';
import { CONTENT_SPEC } from '../../scripts/lib/contentMock.mjs';

// Edit mode (`sc_mode=edit`): the field components render the platform's editable markup and
// placeholders its chrome entries, as the platform's React SDK does; preview and visitors never see either.

const contract = readContract(CONTENT_SPEC);
const routeOf = (name: string) => contract.components.examples[name].value.sitecore.route as RouteData;
const fieldsOf = (name: string, componentName: string) =>
  (routeOf(name).placeholders.main as Array<{ componentName?: string; fields?: FieldMap }>).find(
    (r) => r.componentName === componentName,
  )!.fields!;
// The contract's edit-mode answers: every field carries its editable markup (the same fields a visitor gets, plus that).
const hero = fieldsOf('home.edit', 'Hero');
const draft = fieldsOf('home.edit', 'PromoCta');
const article = fieldsOf('news-f-35-sustainment.edit', 'ArticleBody');

const EMPTY_ROUTE = { name: 'home', fields: {}, placeholders: {} } as unknown as RouteData;

afterEach(cleanup);

/** Renders `ui` inside a route's rendering context in `mode` (editing markup loads on demand). */
function inMode(mode: PageMode, ui: ReactNode, route: RouteData = EMPTY_ROUTE, components = {}) {
  return render(
    <RouteRenderer components={components} route={route} mode={mode} url={new URL('https://www.aero.example/')}>
      <Suspense fallback={<p>loading</p>}>{ui}</Suspense>
    </RouteRenderer>,
  ).container;
}

/** The element at `selector` under `root`, once it is there (editing markup loads on demand). */
const found = (root: ParentNode, selector: string) =>
  waitFor(() => {
    const element = root.querySelector(selector);
    expect(element, selector).not.toBeNull();
    return element!;
  });

/** What only editing markup has: the hidden value input, the chrome data, the editable element. */
const editingMarkupIn = (root: ParentNode) =>
  root.querySelectorAll('input, .scChromeData, .scWebEditInput, code, .sc-image-wrapper, .sc-link-wrapper').length;

/** The platform's id of a field's editable element (`fld_…_edit`) in its markup. */
const editId = (field: Field | undefined) =>
  /id="(fld_[^"]+_edit)"/.exec(
    (field as { editable?: string; editableFirstPart?: string }).editable ??
      (field as { editableFirstPart: string }).editableFirstPart,
  )![1]!;

interface Case {
  name: string;
  ui: ReactNode;
  field: Field | undefined;
  /** What a visitor (and an editor in preview) sees. */
  visitor: (root: HTMLElement, mode: 'normal' | 'preview') => void;
  /** Where the editable markup lands in edit mode. */
  wrapper: string;
}

const cases: Case[] = [
  {
    name: 'a text field',
    ui: <ContentText tag="h1" field={hero.heading} />,
    field: hero.heading,
    visitor: (root) => expect(root.querySelector('h1')!.textContent).toBe('Engineering what flies next'),
    wrapper: 'h1',
  },
  {
    name: 'a rich text field',
    ui: <ContentRichText field={article.body} />,
    field: article.body,
    visitor: (root) =>
      expect(root.querySelector('.rich-text h2')!.textContent).toBe(
        'Predicting failures before they ground an aircraft',
      ),
    wrapper: 'div.rich-text',
  },
  {
    name: 'an image field',
    ui: <ContentImage field={hero.image} widths={[640]} loading="lazy" />,
    field: hero.image,
    // An editor (preview) gets content media through the shell media route, written so from the start
    // (rewriting it afterwards fetched every image twice), the original kept.
    visitor: (root, mode) => {
      const img = root.querySelector('img')!;
      const shell = mode === 'preview' ? '/sitecore/shell' : '';
      expect(img.getAttribute('src')).toBe(`${shell}/-/media/images/hero-1280.svg`);
      expect(img.getAttribute('srcset')).toBe(
        `${shell}/-/media/images/hero-1280.svg?mw=640 640w, ${shell}/-/media/images/hero-1280.svg 1280w`,
      );
      expect(img.getAttribute('data-original-src')).toBe(mode === 'preview' ? '/-/media/images/hero-1280.svg' : null);
    },
    wrapper: 'span.sc-image-wrapper',
  },
  {
    name: 'a link field',
    ui: <ContentLink className="cta" field={hero.cta} />,
    field: hero.cta,
    visitor: (root) => {
      expect(root.querySelector('a')!.getAttribute('href')).toBe('/capabilities');
      expect(root.querySelector('a')!.textContent).toBe('Explore our capabilities');
    },
    wrapper: 'span.sc-link-wrapper',
  },
  {
    name: 'a date field',
    ui: <ContentDate tag="time" field={article.publishedDate} format={(iso) => `on ${iso.slice(0, 10)}`} />,
    field: article.publishedDate,
    visitor: (root) => expect(root.querySelector('time')!.textContent).toBe('on 2025-03-14'),
    wrapper: 'time',
  },
  {
    name: 'a number field',
    ui: <ContentNumber tag="strong" field={article.viewCount} />,
    field: article.viewCount,
    visitor: (root) => expect(root.querySelector('strong')!.textContent).toBe('2140'),
    wrapper: 'strong',
  },
];

describe('field components', () => {
  // As a page does before it shows rich text from the layout service (preloadPage).
  beforeAll(() => SanitizedRichText.preload());

  describe.each(['normal', 'preview'] as const)('in %s mode', (mode) => {
    it.each(cases)('render $name as its value, never its editable markup', ({ ui, visitor }) => {
      const root = inMode(mode, ui);
      visitor(root, mode);
      expect(editingMarkupIn(root)).toBe(0);
    });

    it('render an empty field as nothing', () => {
      const root = inMode(mode, <ContentText tag="p" field={draft.text} />);
      expect(root.innerHTML).toBe('');
    });
  });

  describe('in edit mode', () => {
    it.each(cases)('render $name as the platform sent its editable markup', async ({ ui, field, wrapper }) => {
      const root = inMode('edit', ui);
      const editable = await found(root, `#${editId(field)}`);
      expect(editable.closest(wrapper)).toBe(root.firstElementChild);
      // The hidden value the editor saves from, paired with its editable element by the platform's id.
      const input = root.querySelector<HTMLInputElement>('input.scFieldValue')!;
      expect(input.type).toBe('hidden');
      expect(`${input.id}_edit`).toBe(editable.id);
      expect(input.name).toBe(input.id);
      expect(root.querySelector('.scChromeData, code[chrometype="field"]')).not.toBeNull();
    });

    it('render a text field editable in place, with its value', async () => {
      const root = inMode('edit', <ContentText tag="h1" field={hero.heading} />);
      const editable = await found(root, 'h1 .scWebEditInput');
      expect(editable.getAttribute('contenteditable')).toBe('true');
      expect(editable.getAttribute('scfieldtype')).toBe('single-line text');
      expect(editable.textContent).toBe('Engineering what flies next');
    });

    it('render an empty field as its editable markup, so an editor can fill it', async () => {
      const root = inMode('edit', <ContentText tag="p" field={draft.text} />);
      const editable = await found(root, 'p > .scWebEditInput');
      expect(editable.textContent).toBe('[No text in field]');
      expect(editable.getAttribute('contenteditable')).toBe('true');
    });

    it("render an image's editable markup with the component's attributes and renditions on the platform's <img>", async () => {
      const root = inMode('edit', <ContentImage field={hero.image} widths={[640]} loading="lazy" />);
      const img = await found(root, 'span.sc-image-wrapper img');
      expect(img.previousElementSibling!.matches('code[chrometype="field"][kind="open"]')).toBe(true);
      expect(img.getAttribute('alt')).toBe('An aircraft climbing into a clear sky');
      expect(img.getAttribute('loading')).toBe('lazy');
      // Through the shell media route from the start (the sanitizer writes it so), the original kept.
      expect(img.getAttribute('src')).toBe('/sitecore/shell/-/media/images/hero-1280.svg');
      expect(img.getAttribute('data-original-src')).toBe('/-/media/images/hero-1280.svg');
      expect(img.getAttribute('srcset')).toBe(
        '/sitecore/shell/-/media/images/hero-1280.svg?mw=640 640w, /sitecore/shell/-/media/images/hero-1280.svg 1280w',
      );
    });

    it("render a link's two parts as one editable link styled as the component's, and the component's own anchor after it when it has children", async () => {
      const root = inMode(
        'edit',
        <ContentLink className="cta" data-track="cta" field={hero.cta}>
          <span>Go</span>
        </ContentLink>,
      );
      const platformLink = await found(root, 'span.sc-link-wrapper > a');
      expect(platformLink.getAttribute('href')).toBe('/capabilities');
      expect(platformLink.textContent).toBe('Explore our capabilities');
      expect(platformLink.className).toBe('cta');
      expect(platformLink.getAttribute('data-track')).toBe('cta');
      expect(platformLink.nextElementSibling!.matches('code[chrometype="field"][kind="close"]')).toBe(true);
      const own = root.querySelector('span.sc-link-wrapper + a')!;
      expect(own.textContent).toBe('Go');
    });
  });
});

describe("the editing markup's sanitizer", () => {
  it("keeps what the platform's editor needs: its ids, hidden inputs, contenteditable and chrome attributes", () => {
    const markup = (hero.heading as { editable: string }).editable;
    const clean = document.createElement('div');
    clean.innerHTML = sanitizeEditable(markup);
    const original = document.createElement('div');
    original.innerHTML = markup;
    expect(clean.innerHTML).toBe(original.innerHTML);
    const image = document.createElement('div');
    image.innerHTML = sanitizeEditable((hero.image as { editable: string }).editable);
    expect(image.querySelector('code')!.getAttribute('chrometype')).toBe('field');
    expect(image.querySelector('code')!.getAttribute('scfieldtype')).toBe('image');
  });

  it("drops what an editor's content could run or redress, and gives other ids the visitors' prefix", () => {
    const hostile =
      '<span class="scWebEditInput" contenteditable="true" id="fld_a_edit" onfocus="alert(1)" style="position:fixed">' +
      '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">x</a><script>alert(4)</script>' +
      '<iframe src="https://evil.example"></iframe><p id="site-state">p</p><input type="text" name="q"></span>';
    const root = document.createElement('div');
    root.innerHTML = sanitizeEditable(hostile);
    expect(root.innerHTML).toBe(
      '<span class="scWebEditInput" contenteditable="true" id="fld_a_edit">' +
        '<img src="x"><a>x</a><p id="user-content-site-state">p</p><input type="hidden" name="user-content-q"></span>',
    );
  });
});

describe('placeholders with chrome entries', () => {
  function Promo({ fields }: ContentComponentProps) {
    return <ContentText tag="h2" field={fields.heading} />;
  }
  const code = (attributes: Record<string, string>, contents = '') => ({
    name: 'code',
    type: 'text/sitecore',
    contents,
    attributes: { type: 'text/sitecore', ...attributes },
  });
  const route = {
    name: 'home',
    fields: {},
    placeholders: {
      main: [
        code(
          {
            chrometype: 'placeholder',
            kind: 'open',
            id: 'main',
            key: 'main',
            class: 'scpm',
            'data-selectable': 'true',
          },
          '{"displayName":"Main"}',
        ),
        code({ chrometype: 'rendering', kind: 'open', hintname: 'Promo', id: 'r_1' }, '{"displayName":"Promo"}'),
        { uid: 'u1', componentName: 'Promo', fields: { heading: { value: 'First' } } },
        code({ chrometype: 'rendering', kind: 'close', hintkey: 'Promo', id: 'scEnclosingTag_r_' }),
        code({ chrometype: 'rendering', kind: 'open', hintname: 'Promo', onclick: 'alert(1)', style: 'color:red' }),
        { uid: 'u2', componentName: 'Promo', fields: { heading: { value: 'Second' } } },
        code({ chrometype: 'rendering', kind: 'close', hintkey: 'Promo' }),
        { name: 'script', type: '', contents: 'window.ran = true', attributes: { src: '/x.js' } },
        code({ chrometype: 'placeholder', kind: 'close', hintname: 'main', id: 'scEnclosingTag_' }),
      ],
    },
  } as unknown as RouteData;

  it('in edit mode render every entry where it was sent, between the renderings, with its attributes as sent', async () => {
    const root = inMode('edit', <Placeholder name="main" />, route, { Promo });
    await waitFor(() => expect(root.querySelectorAll('code')).toHaveLength(6));
    const order = [...root.children].map((el) =>
      el.tagName === 'CODE' ? `${el.getAttribute('chrometype')}:${el.getAttribute('kind')}` : el.textContent,
    );
    expect(order).toEqual([
      'placeholder:open',
      'rendering:open',
      'First',
      'rendering:close',
      'rendering:open',
      'Second',
      'rendering:close',
      'placeholder:close',
    ]);
    const open = root.querySelector('code')!;
    expect(Object.fromEntries([...open.attributes].map((a) => [a.name, a.value]))).toEqual({
      type: 'text/sitecore',
      chrometype: 'placeholder',
      kind: 'open',
      id: 'main',
      key: 'main',
      class: 'scpm',
      'data-selectable': 'true',
    });
    expect(open.textContent).toBe('{"displayName":"Main"}');
    // Event handlers and styles never reach the page; an element that is no chrome marker is not rendered.
    expect(root.querySelector('[onclick], [style], script')).toBeNull();
    expect((window as { ran?: boolean }).ran).toBeUndefined();
  });

  it("in a container's nested placeholder too", async () => {
    function Box({ rendering }: ContentComponentProps) {
      return (
        <section aria-label="box">
          <Placeholder name="inside" rendering={rendering} />
        </section>
      );
    }
    const nested = {
      name: 'home',
      fields: {},
      placeholders: {
        main: [{ uid: 'b', componentName: 'Box', placeholders: { inside: route.placeholders.main } }],
      },
    } as unknown as RouteData;
    inMode('edit', <Placeholder name="main" />, nested, { Promo, Box });
    const box = await screen.findByRole('region', { name: 'box' });
    await waitFor(() => expect(box.querySelectorAll('code[chrometype="rendering"]')).toHaveLength(4));
  });

  it.each(['normal', 'preview'] as const)('in %s mode render the renderings only', (mode) => {
    const root = inMode(mode, <Placeholder name="main" />, route, { Promo });
    expect([...root.children].map((el) => el.outerHTML)).toEqual(['<h2>First</h2>', '<h2>Second</h2>']);
  });
});

describe("an editor's page is never cached", () => {
  // Guards what was already true (the layout answer of edit and preview mode is never reused): kept tested.
  it.each([
    ['edit', 2],
    ['preview', 2],
    ['normal', 1],
  ] as const)(
    'in %s mode, coming back to a page seen before asks the layout service %i time(s) in all',
    async (mode, times) => {
      const items: string[] = [];
      const content = createContentClient({
        baseUrl: 'https://cd.aero.example',
        apiKey: '2E7D5A8C-4B1F-4C9A-9D3E-6F0A1B2C3D4E',
        fetch: async (input, init) => {
          const item = new URL(new Request(input, init).url).searchParams.get('item')!;
          items.push(item);
          const context = { pageEditing: mode === 'edit', pageState: mode };
          return Response.json({ sitecore: { context, route: { name: item, fields: {}, placeholders: {} } } });
        },
      });
      const auth = createAuthClient({
        baseUrl: 'https://www.aero.example',
        fetch: async () => Response.json({}),
        navigate: () => {},
        storage: null,
        logger: { error() {}, warn() {}, debug() {} },
      });
      const queries = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      function Page({ path }: { path: string }) {
        const page = usePageRoute(new URL(path, 'https://www.aero.example'), mode);
        return <p>{page.status === 'route' ? `shown ${page.route.name}` : page.status}</p>;
      }
      const at = (path: string) => (
        <QueryClientProvider client={queries}>
          <SessionProvider client={auth}>
            <ContentProvider client={content}>
              <Page path={path} />
            </ContentProvider>
          </SessionProvider>
        </QueryClientProvider>
      );
      const view = render(at('/'));
      await screen.findByText('shown /');
      view.rerender(at('/news'));
      await screen.findByText('shown /news');
      view.rerender(at('/'));
      await screen.findByText('shown /');
      await waitFor(() => expect(items.filter((item) => item === '/')).toHaveLength(times));
    },
  );
});
