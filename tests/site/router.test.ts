import { describe, expect, it, vi } from 'vitest';
import { matchRoute, type RouteDefinition } from '../../src/site/router/matchRoute.ts';
import { navigate, subscribeLocation } from '../../src/site/router/history.ts';

const routes: RouteDefinition[] = [
  { name: 'home', path: '/', layoutId: 'landing' },
  { name: 'product', path: '/products/:id', layoutId: 'detail' },
  { name: 'account', path: '/account', layoutId: 'detail', requiresSession: true },
];

describe('matchRoute', () => {
  it('matches static and parameterised paths, ignoring a trailing slash', () => {
    expect(matchRoute(routes, '/')?.route.name).toBe('home');
    expect(matchRoute(routes, '/account/')?.route.name).toBe('account');
    expect(matchRoute(routes, '/products/FASTENER%20KIT')).toMatchObject({ route: { name: 'product' }, params: { id: 'FASTENER KIT' } });
    expect(matchRoute(routes, '/products/%E0%A4%A')?.params.id).toBe('%E0%A4%A');
    expect(matchRoute(routes, '/products')).toBeNull();
    expect(matchRoute(routes, '/nope')).toBeNull();
  });
});

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
