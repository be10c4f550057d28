// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { safeLinkTarget, sameOriginPath } from '../../src/core/index.ts';

// Prerendering and other server code have no page (no `location`): the guards resolve relative
// targets against a stand-in page of their own, so a site path still passes and another host does not.

describe('the URL guard without a page', () => {
  it('lets site paths through and refuses another host, with no location to read', () => {
    expect(typeof location).toBe('undefined');
    expect(safeLinkTarget('/news/today?x=1#top')).toBe('/news/today?x=1#top');
    expect(safeLinkTarget('//evil.example/x')).toBeUndefined();
    expect(sameOriginPath('/account?tab=orders')).toBe('/account?tab=orders');
    expect(sameOriginPath('https://evil.example/x')).toBeUndefined();
  });
});
