import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import type { Field, RouteData } from '../../src/content/index.ts';
import { ContentDate, ContentImage, ContentLink, ContentNumber, ContentText } from '../../src/site/content/fields.tsx';
import { fieldItemsOf, imageOf, linkOf, numberOf, textOf } from '../../src/site/content/fieldValues.ts';
import { RouteRenderer } from '../../src/site/content/placeholder.tsx';
import type { ContentComponentProps } from '../../src/site/content/renderingContext.ts';
import { CapabilityCards, LinkGroup } from '../../src/site/content/sections.tsx';
import { CareersList } from '../../src/site/content/careers.tsx';
import { srcsetCandidates } from '../support/srcset.ts';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('content fields pass the link guard', () => {
  it.each(['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', '//evil.example/x.png'])(
    'an image field with src %j renders nothing',
    (src) => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      const { container } = render(<ContentImage field={{ value: { src, width: 10, height: 10 } }} />);
      expect(container.querySelector('img')).toBeNull();
    },
  );

  it('an image on the site or a media host keeps its src', () => {
    const { container } = render(
      <ContentImage field={{ value: { src: '/-/media/hero.jpg', width: 10, height: 10 } }} />,
    );
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/-/media/hero.jpg');
  });

  it.each(['vbscript:msgbox(1)', '/\\evil.example', '\\\\evil.example'])('a link field to %j renders "#"', (href) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { container } = render(<ContentLink field={{ value: { href, text: 'go' } }} />);
    expect(container.querySelector('a')!.getAttribute('href')).toBe('#');
  });
});

/** Where a URL points, on the page: what a browser would fetch, without the query (a rendition's `mw`). */
const fetched = (url: string) => {
  const { origin, pathname } = new URL(url, location.href);
  return `${origin}${pathname}`;
};

describe('an image field’s srcset', () => {
  it.each([
    '/a.png 1w, https://evil.example/x.png',
    '/a.png,https://evil.example/x.png 9w',
    '/a.png\f1w, https://evil.example/x.png',
    '/a.png 2x,//evil.example/x.png',
    'https://cdn.example/a.png 1w, https://evil.example/x.png',
  ])('from a src of %j makes the browser fetch the field’s own URL only', (src) => {
    const { container } = render(
      <ContentImage field={{ value: { src, width: 1280, height: 720 } }} widths={[320, 640]} />,
    );
    const img = container.querySelector('img')!;
    const own = fetched(img.getAttribute('src')!);
    for (const { url } of srcsetCandidates(img.getAttribute('srcset') ?? '')) expect(fetched(url)).toBe(own);
  });

  it('lists the renditions below the field’s width and the field’s own file, each one candidate', () => {
    const { container } = render(
      <ContentImage
        field={{ value: { src: '/-/media/hero.jpg?v=2', width: 1280, height: 720 } }}
        widths={[640, 2000]}
      />,
    );
    expect(srcsetCandidates(container.querySelector('img')!.getAttribute('srcset')!)).toEqual([
      { url: '/-/media/hero.jpg?v=2&mw=640', descriptors: ['640w'] },
      { url: '/-/media/hero.jpg?v=2', descriptors: ['1280w'] },
    ]);
  });

  it('puts the rendition’s width before a fragment, where the server reads it', () => {
    const { container } = render(
      <ContentImage field={{ value: { src: '/-/media/hero.jpg#top', width: 1280, height: 720 } }} widths={[640]} />,
    );
    expect(srcsetCandidates(container.querySelector('img')!.getAttribute('srcset')!)[0]).toEqual({
      url: '/-/media/hero.jpg?mw=640#top',
      descriptors: ['640w'],
    });
  });
});

describe('an image field’s size', () => {
  it.each([Number.NaN, -1280, 0, 1e308, 12.5, Infinity, 'wide', '12px', '', {}, [1280], true, null])(
    'of %j is left out, and so is the srcset that would need it',
    (width) => {
      const error = vi.spyOn(console, 'error');
      const field = { value: { src: '/-/media/hero.jpg', width, height: width } } as unknown as Field;
      const { container } = render(<ContentImage field={field} widths={[640]} />);
      const img = container.querySelector('img')!;
      expect(img.getAttribute('src')).toBe('/-/media/hero.jpg');
      expect(img.hasAttribute('width')).toBe(false);
      expect(img.hasAttribute('height')).toBe(false);
      expect(img.hasAttribute('srcset')).toBe(false);
      expect(error).not.toHaveBeenCalled();
    },
  );

  it('of a whole number of pixels, as a number or as the platform’s text, is kept', () => {
    const field = { value: { src: '/-/media/hero.jpg', width: '1280', height: 720 } } as unknown as Field;
    const { container } = render(<ContentImage field={field} widths={[640]} />);
    const img = container.querySelector('img')!;
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1280', '720']);
    expect(img.getAttribute('srcset')).toBe('/-/media/hero.jpg?mw=640 640w, /-/media/hero.jpg 1280w');
    expect(imageOf(field)).toEqual({ src: '/-/media/hero.jpg', width: 1280, height: 720 });
  });
});

describe('fields of any shape', () => {
  const shapes: unknown[] = [
    'text',
    42,
    true,
    null,
    [],
    [null, 'x', 3, { id: 1 }],
    {},
    { value: null },
    { value: {} },
    { value: [] },
    { value: { src: 3, href: {} } },
    { value: { src: {}, alt: { x: 1 }, width: '1e3' } },
    { value: { href: '/a', text: { label: 'x' }, target: 3 } },
    { value: Number.NaN },
    { value: '\u0000' },
  ];

  it.each(shapes)('read from %j give their empty values, never a throw', (shape) => {
    const field = shape as Field;
    expect(typeof textOf(field)).toBe('string');
    expect(Number.isFinite(numberOf(field))).toBe(true);
    const image = imageOf(field);
    if (image) expect(typeof image.src).toBe('string');
    const link = linkOf(field);
    if (link) expect(typeof link.href).toBe('string');
    for (const item of fieldItemsOf(field)) expect(typeof item.fields).toBe('object');
  });

  it.each(shapes)('rendered from %j render or render nothing, never a throw', (shape) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error');
    const field = shape as Field;
    render(
      <>
        <ContentText tag="p" field={field} />
        <ContentNumber field={field} />
        <ContentDate field={field} />
        <ContentImage field={field} widths={[640]} />
        <ContentLink field={field} />
      </>,
    );
    expect(error).not.toHaveBeenCalled();
  });
});

describe('a field whose URL is not one', () => {
  function Pic({ fields }: ContentComponentProps) {
    return (
      <>
        <ContentImage field={fields.image} />
        <ContentLink field={fields.link} />
        {(fields.cards as Array<{ fields: Record<string, Field> }>).map((card, index) => (
          <ContentImage key={index} field={card.fields.image} />
        ))}
      </>
    );
  }
  const route = {
    name: 'about',
    fields: {},
    placeholders: {
      main: [
        {
          componentName: 'Pic',
          uid: 'p',
          fields: {
            image: { value: { src: 'http://[bad', width: 10, height: 10 } },
            link: { value: { href: 'https://cdn.example:99999/', text: 'Go' } },
            cards: [
              { id: 'c0', fields: {} },
              { id: 'c1', fields: { image: { value: { src: 'http://a b/' } } } },
            ],
          },
        },
      ],
    },
  } as unknown as RouteData;
  const page = () => (
    <RouteRenderer components={{ Pic }} route={route} mode="normal" url={new URL('https://www.aero.example/about')} />
  );

  it('leaves the image out and sends the link nowhere, logged once per page and field, naming both', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { container, rerender } = render(page());
    rerender(page());
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a')!.getAttribute('href')).toBe('#');
    expect(warn.mock.calls.map((call) => call[0])).toEqual([
      '[site] /about: Pic.image: "http://[bad" is not a URL; the image is left out',
      '[site] /about: Pic.link: "https://cdn.example:99999/" is not a URL; the link goes nowhere',
      '[site] /about: Pic.cards[1].image: "http://a b/" is not a URL; the image is left out',
    ]);
  });

  it.each([
    ['an image', (href: string) => <ContentImage field={{ value: { src: href } }} />],
    ['a link', (href: string) => <ContentLink field={{ value: { href, text: 'go' } }} />],
  ])('in %s, 64,000 spaces long, is refused in linear time', (_, element) => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const href = `/a${' '.repeat(64_000)}b`;
    const started = performance.now();
    render(element(href));
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});

describe('an item list holding what is no item', () => {
  const job = (id: unknown, title: string) => ({
    id,
    fields: { title: { value: title }, link: { value: { href: `/jobs/${title}` } } },
  });
  const list = [
    null,
    'x',
    3,
    [],
    { id: 'no-fields' },
    job('a', 'one'),
    job('a', 'two'),
    job({}, 'three'),
    job('', 'four'),
  ];
  const props = (fields: Record<string, unknown>) =>
    ({
      fields,
      params: {},
      rendering: { componentName: 'X', uid: 'x' },
      route: {},
    }) as unknown as ContentComponentProps;

  it.each([
    ['CareersList', () => <CareersList {...props({ jobs: list })} />, 'li'],
    ['CapabilityCards', () => <CapabilityCards {...props({ cards: list })} />, 'article'],
    ['LinkGroup', () => <LinkGroup {...props({ links: list })} />, 'li'],
  ] as const)('renders %s with its items, each once, and nothing logged', (_, element, tag) => {
    const error = vi.spyOn(console, 'error');
    const { container } = render(element());
    expect(container.querySelectorAll(tag)).toHaveLength(5);
    expect(error).not.toHaveBeenCalled();
  });
});
