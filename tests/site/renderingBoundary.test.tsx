import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { prerender } from 'react-dom/static';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PageMode, RouteData } from '../../src/content/index.ts';
import {
  RouteRenderer,
  type ComponentRegistry,
  type ContentComponentProps,
} from '../../src/site/content/rendering.tsx';

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
