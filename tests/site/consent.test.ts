import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ANALYTICS_GROUP,
  consentLoaderScript,
  createConsentStore,
  loadConsentScript,
  parseActiveGroups,
} from '../../src/site/consent.ts';

type ConsentGlobals = { OnetrustActiveGroups?: unknown; OptanonWrapper?: () => void };
const w = window as Window & ConsentGlobals;

afterEach(() => {
  delete w.OnetrustActiveGroups;
  delete w.OptanonWrapper;
  document.head.innerHTML = '';
});

describe('parseActiveGroups', () => {
  it.each([
    [',C0001,C0002,', ['C0001', 'C0002']],
    ['  ,C0002, ', ['C0002']],
    ['C0001', ['C0001']],
    ['', []],
    [',,,', []],
    [undefined, []],
    [42, []],
    [['C0002'], []],
  ])('reads %j as %j', (value, groups) => {
    expect([...parseActiveGroups(value)]).toEqual(groups);
  });
});

describe('createConsentStore', () => {
  it('starts from the global and hears OptanonWrapper calls, chaining the earlier wrapper', () => {
    const earlier = vi.fn();
    w.OptanonWrapper = earlier;
    w.OnetrustActiveGroups = ',C0001,';
    const store = createConsentStore();
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.hasAnalytics()).toBe(false);
    w.OnetrustActiveGroups = `,C0001,${ANALYTICS_GROUP},`;
    w.OptanonWrapper!();
    expect(earlier).toHaveBeenCalledTimes(1);
    expect(store.hasAnalytics()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    store.dispose();
    expect(w.OptanonWrapper).toBe(earlier);
  });

  it('re-evaluates on OneTrustGroupsUpdated, including a withdrawal, and ignores no-op updates', () => {
    w.OnetrustActiveGroups = ',C0001,C0002,';
    const store = createConsentStore();
    const listener = vi.fn();
    store.subscribe(listener);
    window.dispatchEvent(new Event('OneTrustGroupsUpdated'));
    expect(listener).not.toHaveBeenCalled();
    w.OnetrustActiveGroups = ',C0001,';
    window.dispatchEvent(new Event('OneTrustGroupsUpdated'));
    expect(store.hasAnalytics()).toBe(false);
    expect(listener).toHaveBeenCalledTimes(1);
    store.dispose();
    w.OnetrustActiveGroups = ',C0001,C0002,';
    window.dispatchEvent(new Event('OneTrustGroupsUpdated'));
    expect(listener).toHaveBeenCalledTimes(1);
  });
});

describe('analytics consent: unknown, granted, denied', () => {
  it('is unknown until the platform publishes, denied only once it says so, and tells listeners each change', () => {
    const store = createConsentStore();
    const listener = vi.fn();
    store.subscribe(listener);
    expect(store.getAnalyticsConsent()).toBe('unknown');
    // The platform's first answer, before the visitor chose: no analytics group.
    w.OnetrustActiveGroups = ',C0001,';
    w.OptanonWrapper!();
    expect(store.getAnalyticsConsent()).toBe('denied');
    w.OnetrustActiveGroups = ',C0001,C0002,';
    window.dispatchEvent(new Event('OneTrustGroupsUpdated'));
    expect(store.getAnalyticsConsent()).toBe('granted');
    w.OnetrustActiveGroups = ',C0001,';
    window.dispatchEvent(new Event('OneTrustGroupsUpdated'));
    expect(store.getAnalyticsConsent()).toBe('denied');
    expect(listener).toHaveBeenCalledTimes(3);
    store.dispose();
  });

  it('reads an empty group list the platform published as denied, not unknown', () => {
    w.OnetrustActiveGroups = '';
    const store = createConsentStore();
    expect(store.getAnalyticsConsent()).toBe('denied');
    store.dispose();
  });
});

describe('loadConsentScript', () => {
  it('adds the script once, async, with its domain script id', () => {
    const a = loadConsentScript({ src: '/consent-stub.js', domainScript: 'abc-123' });
    const b = loadConsentScript({ src: '/consent-stub.js' });
    expect(a).toBe(b);
    expect(document.querySelectorAll('script[data-consent-script]')).toHaveLength(1);
    expect(a.async).toBe(true);
    expect(a.getAttribute('src')).toBe('/consent-stub.js');
    expect(a.dataset.domainScript).toBe('abc-123');
  });
});

describe('consentLoaderScript', () => {
  // The page's head as served (parsed, not run), then its one script run as the page would, at `url`.
  const runServed = (url: string, html: string) => {
    const scripts = new DOMParser().parseFromString(`<head>${html}</head>`, 'text/html').querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    history.replaceState(null, '', url);
    new Function(scripts[0]!.text)();
    return document.querySelectorAll<HTMLScriptElement>('script[data-consent-script]');
  };
  afterEach(() => history.replaceState(null, '', '/'));

  it.each(['/careers', '/careers?sc_mode=preview', '/?sc_mode=normal'])(
    'starts the consent platform from the head of %s, at high priority',
    (url) => {
      const scripts = runServed(url, consentLoaderScript({ src: '/consent-stub.js', domainScript: 'abc-123' }));
      expect(scripts).toHaveLength(1);
      const script = scripts[0]!;
      expect(script.getAttribute('src')).toBe('/consent-stub.js');
      expect(script.async).toBe(true);
      expect(script.fetchPriority).toBe('high');
      expect(script.dataset.domainScript).toBe('abc-123');
      // What the page's code does later finds it and adds none.
      expect(loadConsentScript({ src: '/consent-stub.js' })).toBe(script);
    },
  );

  it.each([
    '/careers?sc_mode=edit',
    '/?sc_mode=EDIT&x=1',
    '/api/editing/render?sc_site=aero&sc_itemid=x&sc_lang=en&route=%2Fabout&mode=edit',
  ])("loads nothing in edit mode or on an editing host's page (%s), where editors get no consent banner", (url) => {
    expect(runServed(url, consentLoaderScript({ src: '/consent-stub.js' }))).toHaveLength(0);
  });

  it('keeps a URL that closes the script tag inside its string', () => {
    const src = '/consent.js?x=</script><script>window.injected=1</script>';
    const scripts = runServed('/', consentLoaderScript({ src }));
    expect(scripts[0]?.getAttribute('src')).toBe(src);
  });
});
