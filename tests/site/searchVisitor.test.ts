// @vitest-environment-options { "url": "https://www.example.com/search?q=orbit&utm_source=newsletter" }
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSiteSearchClient } from '../../src/site/searchWidgets.tsx';

afterEach(() => {
  document.documentElement.removeAttribute('lang');
  vi.restoreAllMocks();
});

describe("the site's search client", () => {
  it('stores no visitor before consent, stores it once C0002 is given, and deletes it when consent is withdrawn', () => {
    document.documentElement.lang = 'en-GB';
    const written = vi.spyOn(Document.prototype, 'cookie', 'set');
    const search = createSiteSearchClient();
    expect(search.trackingConsent).toBe(false);
    expect(written).not.toHaveBeenCalled();
    expect(search.context.get()).toMatchObject({
      locale: { country: 'gb', language: 'en' },
      campaign: { utm_source: 'newsletter' },
      page: { uri: '/search' },
    });

    search.setTrackingConsent(true);
    expect(written.mock.calls.map(([c]) => c.split('=')[0])).toEqual(['__ruid', '__rutma', '__rutmb']);
    expect(document.cookie).toContain(`__ruid=${search.uuid}`);
    expect(createSiteSearchClient().uuid).not.toBe(search.uuid); // the next page has no consent yet

    search.setTrackingConsent(false);
    expect(document.cookie).toBe('');
  });
});
