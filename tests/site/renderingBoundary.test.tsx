import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageMode, RouteData } from '../../src/content/index.ts';
import { Placeholder, RouteRenderer } from '../../src/site/content/placeholder.tsx';
import type { ComponentRegistry, ContentComponentProps } from '../../src/site/content/renderingContext.ts';

const route = {
  name: 'home',
  fields: {},
  placeholders: {
    main: [
      { componentName: 'Hello', uid: 'a', fields: { text: { value: 'Before' } } },
      { componentName: 'Boom', uid: 'b' },
      { componentName: 'Hello', uid: 'c', fields: { text: { value: 'After' } } },
    ],
  },
} as unknown as RouteData;

function Hello({ fields }: ContentComponentProps) {
  return <p>{String((fields.text as { value: string }).value)}</p>;
}

const page = (components: ComponentRegistry, mode: PageMode = 'normal') => (
  <main>
    <h1>Home</h1>
    <RouteRenderer components={components} route={route} mode={mode} url={new URL('https://www.aero.example/')} />
  </main>
);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a rendering that throws', () => {
  it('in the browser leaves the rest of the page in place for visitors, logged', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Boom = () => {
      throw new Error('kaboom');
    };
    render(page({ Hello, Boom }));
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(screen.getByText('Before')).toBeTruthy();
    expect(screen.getByText('After')).toBeTruthy();
    expect(screen.queryByRole('group')).toBeNull();
    expect(error.mock.calls.some((args) => String(args[0]).includes('The Boom rendering failed'))).toBe(true);
  });

  it.each(['edit', 'preview'] as const)('shows editors a labelled box in %s mode', (mode) => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Boom = () => {
      throw new Error('kaboom');
    };
    render(page({ Hello, Boom }, mode));
    expect(screen.getByRole('group', { name: 'Failed component: Boom' })).toBeTruthy();
    expect(screen.getByText('After')).toBeTruthy();
  });

  it('on the server still gives the page, and the browser hydrates it without the failed rendering', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const Boom = () => {
      throw new Error('kaboom');
    };
    const serverErrors: unknown[] = [];
    const { prelude } = await prerender(page({ Hello, Boom }), { onError: (e) => void serverErrors.push(e) });
    const html = await new Response(prelude).text();
    expect(html).toContain('Before');
    expect(html).toContain('After');
    expect(html).toContain('<h1>Home</h1>');
    expect(serverErrors).toHaveLength(1);

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const heading = container.querySelector('h1');
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, page({ Hello, Boom }), { onRecoverableError: (e) => void recoverable.push(e) });
    });
    expect(container.querySelector('h1')).toBe(heading);
    expect(container.textContent).toBe('HomeBeforeAfter');
    container.remove();
  });
});

// The limits a layout renders within (src/site/README.md, "Limits"): renderings nested 20 deep, 500 per page.
const DEPTH = 20;
const RENDERINGS = 500;

function Box({ rendering }: ContentComponentProps) {
  return (
    <section data-uid={rendering.uid}>
      <Placeholder name="inside" rendering={rendering} />
    </section>
  );
}

/** A route whose `main` holds `levels` Boxes, each inside the one before. */
function nested(levels: number): RouteData {
  const main: unknown[] = [];
  let inside = main;
  for (let level = 1; level <= levels; level += 1) {
    const box = { componentName: 'Box', uid: `box-${level}`, placeholders: { inside: [] as unknown[] } };
    inside.push(box);
    inside = box.placeholders.inside;
  }
  return { name: 'deep', fields: {}, placeholders: { main } } as unknown as RouteData;
}

/** A route whose `main` holds `count` Boxes side by side. */
const wide = (count: number) =>
  ({
    name: 'wide',
    fields: {},
    placeholders: {
      main: Array.from({ length: count }, (_, i) => ({ componentName: 'Box', uid: `box-${i + 1}` })),
    },
  }) as unknown as RouteData;

const pageOf = (layout: RouteData, mode: PageMode = 'normal') => (
  <main>
    <h1>Home</h1>
    <RouteRenderer components={{ Box }} route={layout} mode={mode} url={new URL('https://www.aero.example/deep')} />
  </main>
);

describe('a deep or large layout', () => {
  it(`of 1,000 nested renderings renders the first ${DEPTH} levels for visitors and leaves the rest out, logged once`, () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const layout = nested(1000);
    const { container, rerender } = render(pageOf(layout));
    rerender(pageOf(layout));
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(container.querySelectorAll('section')).toHaveLength(DEPTH);
    expect(container.querySelector(`[data-uid="box-${DEPTH}"]`)).not.toBeNull();
    expect(screen.queryByRole('group')).toBeNull();
    expect(warn.mock.calls.map((call) => call[0])).toEqual([
      `[site] /deep: renderings nested more than ${DEPTH} deep are left out (the first in Box, box-${DEPTH})`,
    ]);
  });

  it.each(['edit', 'preview'] as const)(
    'of 1,000 nested renderings shows editors a failed rendering where it is cut, in %s mode',
    (mode) => {
      vi.spyOn(console, 'warn').mockImplementation(() => {});
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const { container } = render(pageOf(nested(1000), mode));
      expect(container.querySelectorAll('section')).toHaveLength(DEPTH);
      const failed = screen.getByRole('group', { name: 'Failed component: Box' });
      expect(container.querySelector(`[data-uid="box-${DEPTH}"]`)!.contains(failed)).toBe(true);
    },
  );

  it('of 1,000 nested renderings prerenders on the server, as deep as the browser renders it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { prelude } = await prerender(pageOf(nested(1000)));
    const html = await new Response(prelude).text();
    expect(html.match(/<section/g)).toHaveLength(DEPTH);
  });

  it('of 1,000 nested renderings hydrates its prerendered page as it is', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const layout = nested(1000);
    const { prelude } = await prerender(pageOf(layout));
    const container = document.createElement('div');
    container.innerHTML = await new Response(prelude).text();
    document.body.append(container);
    const deepest = container.querySelector(`[data-uid="box-${DEPTH}"]`);
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, pageOf(layout), { onRecoverableError: (e) => void recoverable.push(e) });
    });
    expect(recoverable).toEqual([]);
    expect(container.querySelector(`[data-uid="box-${DEPTH}"]`)).toBe(deepest);
    container.remove();
  });

  it(`of ${RENDERINGS + 100} renderings renders the first ${RENDERINGS}, with one warning; editors see one failed rendering after them`, () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const layout = wide(RENDERINGS + 100);
    const { container, unmount } = render(pageOf(layout));
    expect(container.querySelectorAll('section')).toHaveLength(RENDERINGS);
    expect(container.querySelector(`[data-uid="box-${RENDERINGS}"]`)).not.toBeNull();
    expect(warn.mock.calls.map((call) => call[0])).toEqual([
      `[site] /deep: ${RENDERINGS + 100} renderings; those after the first ${RENDERINGS} are left out`,
    ]);
    unmount();
    render(pageOf(layout, 'preview'));
    expect(screen.getAllByRole('group', { name: 'Failed component: Box' })).toHaveLength(1);
  });
});
