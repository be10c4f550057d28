import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONTENT_SPEC,
  exampleNameFor,
  layoutExampleNames,
  preferForItem,
  preferForRequest,
} from '../../scripts/lib/contentMock.mjs';
import { root } from '../../scripts/lib/prism.mjs';
import { readContract } from '../../scripts/contract/contracts.mjs';

// Every example of the layout service and the item it answers (the contract's naming rule).
const ITEMS: Record<string, string> = {
  '/': 'home',
  '/capabilities': 'capabilities',
  '/capabilities/space': 'capabilities-space',
  '/capabilities/space/satellite-payloads': 'capabilities-space-satellite-payloads',
  '/capabilities/air': 'capabilities-air',
  '/capabilities/air/f-35-sustainment': 'capabilities-air-f-35-sustainment',
  '/news': 'news',
  '/news/f-35-sustainment': 'news-f-35-sustainment',
  '/news/f-35-training-centre': 'news-f-35-training-centre',
  '/news/hypersonic-testing': 'news-hypersonic-testing',
  '/news/maritime-patrol': 'news-maritime-patrol',
  '/campaigns/airshow-2025': 'campaigns-airshow-2025',
  '/careers': 'careers',
  '/search': 'search',
  '/products/*': 'products-wildcard',
  '/cart': 'cart',
  '/account': 'account',
  '/api/auth/signin': 'api-auth-signin',
  '/api/auth/error': 'api-auth-error',
  '/about': 'about',
  '/about/leadership': 'about-leadership',
  '/about/locations': 'about-locations',
  '/contact': 'contact',
  '/investors': 'investors',
  '/suppliers': 'suppliers',
  '/media-centre': 'media-centre',
  '/careers/engineering': 'careers-engineering',
  '/careers/graduate-programme': 'careers-graduate-programme',
  '/careers/jobs/systems-engineer-satellite-payloads': 'careers-jobs-systems-engineer-satellite-payloads',
  '/events/airshow': 'events-airshow',
  '/legal/privacy': 'legal-privacy',
  '/legal/cookies': 'legal-cookies',
  '/legal/terms': 'legal-terms',
  '/legal/accessibility': 'legal-accessibility',
  '/legal/modern-slavery': 'legal-modern-slavery',
  '/legal/export-control': 'legal-export-control',
};

// The items with a German version (`/de/…` on the site; the contract's `.de` examples).
const GERMAN = ['/', '/capabilities', '/capabilities/space', '/news', '/news/f-35-sustainment', '/careers'];

describe('content mock: item → Prefer', () => {
  it('has exactly one example per item above, plus the edit-mode home and article, the preview-mode home and the German items', () => {
    expect([...layoutExampleNames()].sort()).toEqual(
      [
        ...Object.values(ITEMS),
        'home.edit',
        'news-f-35-sustainment.edit',
        'about.edit',
        'home.preview',
        ...GERMAN.map((item) => `${ITEMS[item]}.de`),
        'home.de.preview',
      ].sort(),
    );
  });

  it.each(Object.entries(ITEMS))('answers %s with example=%s', (item, name) => {
    expect(exampleNameFor(item)).toBe(name);
    expect(preferForItem(item)).toBe(`example=${name}`);
  });

  it('matches without regard to case or a trailing slash', () => {
    expect(preferForItem('/Capabilities/Space/')).toBe('example=capabilities-space');
    expect(preferForItem('')).toBe('example=home');
  });

  it('answers every product id with the wildcard item, one level deep only', () => {
    expect(preferForItem('/products/sku-act-seal-kit-35')).toBe('example=products-wildcard');
    expect(preferForItem('/products/a/b')).toBe('code=404');
    expect(preferForItem('/products')).toBe('code=404');
  });

  it('answers an unknown item with code=404 (the route: null answer)', () => {
    expect(preferForItem('/nope')).toBe('code=404');
    expect(preferForItem('/capabilities/maritime')).toBe('code=404');
    expect(preferForItem('/news/f-35-sustainment/comments')).toBe('code=404');
  });

  it('picks the edit-mode or preview-mode example in that mode where one exists, else the normal one', () => {
    expect(preferForItem('/', { mode: 'edit' })).toBe('example=home.edit');
    expect(preferForItem('/', { mode: 'preview' })).toBe('example=home.preview');
    expect(preferForItem('/news/f-35-sustainment', { mode: 'preview' })).toBe('example=news-f-35-sustainment');
    expect(preferForItem('/careers', { mode: 'edit' })).toBe('example=careers');
    expect(preferForItem('/', { mode: 'normal' })).toBe('example=home');
    expect(preferForItem('/about', { mode: 'edit' })).toBe('example=about.edit');
    expect(preferForItem('/about', { mode: 'preview' })).toBe('example=about');
  });

  it("picks the item's example in the language of sc_lang (then the mode), and 404 where the item has no version in it", () => {
    for (const item of GERMAN) expect(preferForItem(item, { language: 'de' }), item).toBe(`example=${ITEMS[item]}.de`);
    expect(preferForItem('/', { language: 'de', mode: 'preview' })).toBe('example=home.de.preview');
    expect(preferForItem('/', { language: 'de', mode: 'edit' })).toBe('example=home.de');
    expect(preferForItem('/', { language: 'en' })).toBe('example=home');
    // No German version: not a page in German.
    expect(preferForItem('/capabilities/air', { language: 'de' })).toBe('code=404');
    expect(preferForItem('/products/abc', { language: 'de' })).toBe('code=404');
    expect(preferForItem('/', { language: 'fr' })).toBe('code=404');
  });

  it('maps dictionary requests by their language and route listings by sc_lang', () => {
    const api = '/content-api/sitecore/api/jss';
    expect(preferForRequest(`${api}/dictionary/aero/en?sc_apikey=x`)).toBe('example=en');
    expect(preferForRequest(`${api}/dictionary/aero/de?sc_apikey=x`)).toBe('example=de');
    expect(preferForRequest(`${api}/dictionary/aero/fr?sc_apikey=x`)).toBe('code=404');
    expect(preferForRequest(`${api}/routes?sc_apikey=x&sc_lang=en`)).toBe('example=aero');
    expect(preferForRequest(`${api}/routes?sc_apikey=x`)).toBe('example=aero');
    expect(preferForRequest(`${api}/routes?sc_apikey=x&sc_lang=de`)).toBe('example=aero.de');
    expect(preferForRequest(`${api}/routes?sc_apikey=x&sc_lang=fr`)).toBe('code=404');
    expect(preferForRequest('/content-api/sitecore/api/layout/render/jss?item=/capabilities&sc_lang=de')).toBe(
      'example=capabilities.de',
    );
  });

  it('maps only content requests, reading item and sc_mode from the URL', () => {
    const layout = '/content-api/sitecore/api/layout/render/jss';
    expect(preferForRequest(`${layout}?item=%2Fcapabilities%2Fspace&sc_apikey=x`)).toBe('example=capabilities-space');
    expect(preferForRequest(`${layout}?item=/&sc_mode=edit`)).toBe('example=home.edit');
    expect(preferForRequest(`${layout}?item=/&sc_mode=preview`)).toBe('example=home.preview');
    expect(preferForRequest(`${layout}?item=/nope`)).toBe('code=404');
    expect(preferForRequest(`${layout}?sc_apikey=x`)).toBeUndefined();
    expect(preferForRequest('/content-api/sitecore/api/other?item=/')).toBeUndefined();
  });
});

describe('content mock: image fields', () => {
  // A browser reserves an image's box from the field's width and height before the file arrives: a
  // field whose proportions differ from its file's makes the page jump when the file lands.
  it('declare the width and height proportions of the file they point to', () => {
    const contract = readContract(CONTENT_SPEC);
    const images: Array<{ src: string; width: number; height: number }> = [];
    const walk = (node: unknown): void => {
      if (!node || typeof node !== 'object') return;
      const value = node as { src?: unknown; width?: unknown; height?: unknown };
      if (typeof value.src === 'string' && typeof value.width === 'number' && typeof value.height === 'number')
        images.push(value as (typeof images)[number]);
      Object.values(node).forEach(walk);
    };
    walk(contract.components.examples);
    const media = images.filter((i) => i.src.startsWith('/-/media/'));
    expect(media.length).toBeGreaterThan(10);
    const mismatched = media.flatMap(({ src, width, height }) => {
      const svg = readFileSync(join(root, 'public', new URL(src, 'http://site').pathname), 'utf8').match(
        /<svg[^>]*\swidth="(\d+)"[^>]*\sheight="(\d+)"/,
      );
      const ratio = Number(svg?.[1]) / Number(svg?.[2]);
      return Math.abs(width / height - ratio) / ratio > 0.01
        ? [`${src} declared ${width}×${height}, file ${svg?.[1]}×${svg?.[2]}`]
        : [];
    });
    expect(mismatched).toEqual([]);
  });
});
