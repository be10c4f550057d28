import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withPrism } from '../support/prism.ts';
import type { EngageSdk, EngageSettings } from '../../src/engagement/index.ts';
import { json, recordFetch, resetBrowser, setPage, type RecordedRequest } from './support.ts';

const prism = withPrism('engagement');
let calls: RecordedRequest[];

/** A fresh copy of the SDK module, i.e. a new page load (the first-page-view flag is per load). */
async function freshSdk(settings: Partial<EngageSettings> = {}): Promise<EngageSdk> {
  vi.resetModules();
  const { init } = await import('../../src/engagement/index.ts');
  document.cookie = 'bid_ck=b-123; Path=/';
  return init({ clientKey: 'ck', targetURL: prism.url, pointOfSale: 'ngc', ...settings });
}
const lastBody = () => json(calls.at(-1)) as Record<string, unknown>;

beforeEach(() => {
  resetBrowser();
  calls = recordFetch();
});
afterEach(() => vi.unstubAllGlobals());

describe('page and language', () => {
  it.each([
    ['/', 'Home Page'],
    ['/careers/space-systems', 'space-systems'],
    ['/careers/', ''],
  ])('infers page %j as %j', async (path, page) => {
    const sdk = await freshSdk();
    setPage(path, 'en');
    await sdk.pageView();
    expect(lastBody().page).toBe(page);
  });

  it.each([
    ['en-US', 'EN'],
    ['english', 'ENGLISH'],
    ['zh-Hant-TW', 'ZH'],
    ['fr', 'FR'],
  ])('infers language from <html lang=%j> as %j', async (lang, language) => {
    const sdk = await freshSdk();
    setPage('/', lang);
    await sdk.event('CTA_CLICK');
    expect(lastBody().language).toBe(language);
  });

  it('omits language for a one-letter or missing lang, and an explicit page or language wins', async () => {
    const sdk = await freshSdk();
    setPage('/careers', 'e');
    await sdk.event('CTA_CLICK');
    expect(lastBody()).not.toHaveProperty('language');
    setPage('/careers', 'en');
    await sdk.event('CTA_CLICK', { language: 'DE', page: 'custom page' });
    expect(lastBody()).toMatchObject({ language: 'DE', page: 'custom page' });
    expect(calls.every((c) => c.status === 201)).toBe(true);
  });

  it('base fields win over event-data fields of the same name in a custom event', async () => {
    const sdk = await freshSdk();
    await sdk.event('CTA_CLICK', { browser_id: 'forged', client_key: 'forged', pos: 'forged', label: 'x' });
    expect(lastBody()).toMatchObject({ browser_id: 'b-123', client_key: 'ck', pos: 'ngc', label: 'x' });
  });
});

describe('pageView inference (the VIEW event)', () => {
  it('copies utm_* parameters from the decoded query with lower-cased names, only when includeUTMParameters', async () => {
    const sdk = await freshSdk();
    setPage('/careers?UTM_Campaign=graduate%20engineers&utm_source=linkedin&other=x', 'en');
    await sdk.pageView();
    expect(lastBody()).toMatchObject({ utm_campaign: 'graduate engineers', utm_source: 'linkedin' });
    expect(lastBody()).not.toHaveProperty('other');
    const off = await freshSdk({ includeUTMParameters: false });
    await off.pageView();
    expect(Object.keys(lastBody()).filter((k) => k.startsWith('utm_'))).toEqual([]);
  });

  it('takes pageVariantId from the event data, else the URL variantid, else the extension data', async () => {
    const sdk = await freshSdk();
    setPage('/careers?variantid=from-url', 'en');
    await sdk.pageView({ pageVariantId: 'from-event' }, { pageVariantId: 'from-ext', k: 1 });
    expect(lastBody().ext).toEqual({ pageVariantId: 'from-event', k: 1 });
    await sdk.pageView({}, { pageVariantId: 'from-ext' });
    expect(lastBody().ext).toEqual({ pageVariantId: 'from-url' });
    setPage('/careers', 'en');
    await sdk.pageView({}, { pageVariantId: 'from-ext' });
    expect(lastBody().ext).toEqual({ pageVariantId: 'from-ext' });
    await sdk.pageView();
    expect(lastBody()).not.toHaveProperty('ext');
  });

  it('sends an external document.referrer on the first page view of a page load only', async () => {
    Object.defineProperty(document, 'referrer', { value: 'https://www.linkedin.com/feed/', configurable: true });
    try {
      const sdk = await freshSdk();
      await sdk.pageView();
      expect(lastBody().referrer).toBe('https://www.linkedin.com/feed/');
      await sdk.pageView();
      expect(lastBody()).not.toHaveProperty('referrer');
      await sdk.pageView({ referrer: 'https://explicit.example.com/' });
      expect(lastBody().referrer).toBe('https://explicit.example.com/');
      expect(calls.every((c) => c.status === 201)).toBe(true);
    } finally {
      Object.defineProperty(document, 'referrer', { value: '', configurable: true });
    }
  });

  it('sends no referrer when document.referrer is on the same host', async () => {
    Object.defineProperty(document, 'referrer', { value: `${location.origin}/previous`, configurable: true });
    try {
      const sdk = await freshSdk();
      await sdk.pageView();
      expect(lastBody()).not.toHaveProperty('referrer');
    } finally {
      Object.defineProperty(document, 'referrer', { value: '', configurable: true });
    }
  });

  it('drops event-data fields a VIEW does not know', async () => {
    const sdk = await freshSdk();
    await sdk.pageView({ channel: 'WEB', ...({ label: 'dropped' } as object) });
    expect(lastBody()).not.toHaveProperty('label');
    expect(calls.at(-1)?.status).toBe(201);
  });
});

describe('extension data', () => {
  it('flattens nested keys with _, keeps arrays, drops undefined, null and {} values, omits an empty ext', async () => {
    const sdk = await freshSdk();
    await sdk.event(
      'CTA_CLICK',
      {},
      { a: { b: 1, c: { d: 'x' } }, list: [1, { e: 2 }], no: undefined, nil: null, empty: {}, deep: { empty: {} } },
    );
    expect(lastBody().ext).toEqual({ a_b: 1, a_c_d: 'x', list: [1, { e: 2 }] });
    await sdk.event('CTA_CLICK', {}, { nil: null, empty: {} });
    expect(lastBody()).not.toHaveProperty('ext');
  });
});
