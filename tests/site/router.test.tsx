import { describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { fireEvent, render, screen } from '@testing-library/react';
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
