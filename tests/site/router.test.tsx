import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Suspense, lazy, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { Link, navigate, subscribeLocation, useLocation } from '../../src/site/router.tsx';

describe('navigate', () => {
  it('pushes same-origin URLs and notifies; refuses other origins', () => {
    const listener = vi.fn();
    const stop = subscribeLocation(listener);
    expect(navigate('/search?q=radar')).toBe(true);
    expect(location.pathname + location.search).toBe('/search?q=radar');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(navigate('https://evil.example.com/phish')).toBe(false);
    expect(navigate('//evil.example.com/phish')).toBe(false);
    expect(navigate('/\\evil.example.com/phish')).toBe(false);
    expect(navigate('/\t/evil.example.com/phish')).toBe(false);
    expect(navigate('javascript:alert(1)')).toBe(false);
    expect(location.pathname).toBe('/search');
    stop();
  });
});

describe('the router with hostile strings', () => {
  const home = `${location.origin}/`;
  const pieces = fc
    .array(
      fc.constantFrom(
        '/',
        '\\',
        '.',
        '..',
        '%2e',
        '\t',
        '\n',
        '//',
        'evil.example',
        'https:',
        'javascript:',
        `${location.origin}`,
        '?',
        '#',
        'x',
      ),
      { maxLength: 8 },
    )
    .map((parts) => parts.join(''));

  it.each(['/.//evil.example/x', `${location.origin}//evil.example/x`, '/%2e//evil.example', '/x/..//evil.example'])(
    'refuses %j without throwing, and stays where it was',
    (url) => {
      history.replaceState(null, '', '/start');
      expect(navigate(url)).toBe(false);
      expect(location.href).toBe(`${location.origin}/start`);
    },
  );

  it('never throws and never leaves the origin, whatever the string', () => {
    fc.assert(
      fc.property(fc.oneof(pieces, fc.string({ maxLength: 30 })), (url) => {
        history.replaceState(null, '', '/');
        expect(() => navigate(url)).not.toThrow();
        expect(location.origin).toBe(new URL(home).origin);
        expect(location.pathname.startsWith('//')).toBe(false);
      }),
      { numRuns: 1500 },
    );
  });

  it('renders a refused link as "#" and does not navigate on its click', () => {
    history.replaceState(null, '', '/start');
    render(
      <>
        <Link href="/.//evil.example/x">dot</Link>
        <Link href="data:text/html,hi">data</Link>
        <Link href="/capabilities">ok</Link>
      </>,
    );
    expect(screen.getByText('data').getAttribute('href')).toBe('#');
    fireEvent.click(screen.getByText('dot'));
    expect(location.pathname).toBe('/start');
    fireEvent.click(screen.getByText('ok'));
    expect(location.pathname).toBe('/capabilities');
  });

  it('reads a location whose path starts with // as a path of this site', () => {
    history.replaceState(null, '', '/x');
    // What a visitor who opens https://<site>//evil.example has in the address bar.
    history.replaceState(null, '', `${location.origin}//evil.example/a`);
    const seen: URL[] = [];
    function Probe() {
      seen.push(useLocation());
      return null;
    }
    render(<Probe />);
    expect(seen.at(-1)!.origin).toBe(location.origin);
    expect(seen.at(-1)!.pathname).toBe('//evil.example/a');
  });
});

describe('a prerendered page whose address has its own query', () => {
  it('applies the query once hydrated without swapping the page for a loading state', async () => {
    // The prerendered /search, opened as /search?q=f-35 (a shared link): the results' code is still
    // loading when the query applies, and the page stays on screen meanwhile.
    let arrive = (_: { default: (props: { q: string }) => ReactNode }) => {};
    const Results = lazy(
      () => new Promise<{ default: (props: { q: string }) => ReactNode }>((resolve) => (arrive = resolve)),
    );
    function Page({ serverUrl }: { serverUrl?: string }) {
      const q = useLocation(serverUrl).searchParams.get('q');
      return (
        <>
          <h1>Search</h1>
          {q ? <Results q={q} /> : <p>Type to search</p>}
        </>
      );
    }
    const page = (
      <Suspense fallback={<p>Loading…</p>}>
        <Page serverUrl="/search" />
      </Suspense>
    );
    const container = document.createElement('div');
    container.innerHTML = renderToString(page);
    document.body.append(container);
    history.replaceState(null, '', '/search?q=f-35');
    const root = await act(async () => hydrateRoot(container, page));
    expect(screen.queryByText('Loading…')).toBeNull();
    expect(screen.getByRole('heading').textContent).toBe('Search');
    expect(screen.getByText('Type to search')).toBeTruthy();
    await act(async () => arrive({ default: ({ q }) => <p>{`Results for ${q}`}</p> }));
    expect(screen.getByText('Results for f-35')).toBeTruthy();
    expect(screen.getByRole('heading').textContent).toBe('Search');
    act(() => root.unmount());
    container.remove();
  });
});
