import { describe, expect, it, vi } from 'vitest';
import { navigate, subscribeLocation } from '../../src/site/router.tsx';

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
