import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { App } from '../../src/site/App.tsx';
import { ENGLISH } from '../../src/site/dictionary.tsx';
import { pathIn } from '../../src/site/language.ts';
import { siteConfig } from '../../src/site/siteConfig.ts';
import { CONTENT_SPEC, exampleNameFor, listedRoutes } from '../../scripts/lib/contentMock.mjs';
import { ONECONNECT_SPEC, preferForBannerRequest } from '../../scripts/lib/oneconnectMock.mjs';
import { withPrism } from '../support/prism.ts';
import { sendToMocks } from './mockedSite.ts';
import { readContract } from '../../scripts/contract/contracts.mjs';

// Every German page in German: each route the German route listing has, rendered by the whole site
// (App) against the content and banner mocks (through the mock layer that picks each request's
// example, as the dev and preview servers do), shows no English text: no dictionary fallback, no
// English footer, no English banner, none of the English version's own texts. What counts is what a
// visitor reads or hears: text, the document's title and the labels (aria-label, alt, placeholder, title).

const content = withPrism('content');
const oneconnect = withPrism('oneconnect');

const contract = readContract(CONTENT_SPEC);
const bannerContract = readContract(ONECONNECT_SPEC);
const examples = contract.components.examples as Record<string, { value: { sitecore: { route: unknown } } }>;

/**
 * Words a German page may show that read the same in English, each with its reason. Keep it short:
 * a German page shows German, and a word lands here only when German uses it too.
 */
const SAME_IN_BOTH: Readonly<Record<string, string>> = {};

/** Every string value below `value` (a route, a banner): its texts, link texts, alt texts. */
function stringsOf(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (value.trim() && !/^[\s\d\W]*$/.test(value)) into.add(value.trim());
  } else if (Array.isArray(value)) value.forEach((item) => stringsOf(item, into));
  else if (value && typeof value === 'object') Object.values(value).forEach((item) => stringsOf(item, into));
  return into;
}

/** The texts of a route's rendered fields: each field's `value` (text, link text, alt), not ids or paths. */
function routeTexts(route: unknown): Set<string> {
  const texts = new Set<string>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node)) {
      if (key === 'value' && typeof child === 'string') texts.add(child.trim());
      else if (key === 'value' && child && typeof child === 'object') {
        const { text, alt } = child as { text?: unknown; alt?: unknown };
        for (const s of [text, alt]) if (typeof s === 'string' && s.trim()) texts.add(s.trim());
      } else visit(child);
    }
  };
  visit(route);
  return texts;
}

const ENGLISH_FOOTER = routeTexts(
  (examples.home!.value.sitecore.route as { placeholders: Record<string, unknown> }).placeholders['jss-footer'],
);
const ENGLISH_BANNERS = stringsOf(
  (
    bannerContract.paths['/api/oneconnect/get-segment-banners'].get.responses['200'].content['application/json']
      .examples.mixed.value as { title?: string; text?: string; link?: { label?: string }; image?: { alt?: string } }[]
  ).map(({ title, text, link, image }) => [title, text, link?.label, image?.alt]),
);
// A phrase with `{name}` slots matches any filling of them.
const PHRASES = Object.values(ENGLISH).map(
  (phrase) => new RegExp(`^${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{\w+\\\}/g, '.+')}$`, 's'),
);

/** Why `text` is English, or `undefined` when it is not one of the English texts the page could show. */
function englishSource(text: string, englishRoute: ReadonlySet<string>): string | undefined {
  if (Object.hasOwn(SAME_IN_BOTH, text)) return undefined;
  if (PHRASES.some((phrase) => phrase.test(text))) return 'dictionary';
  if (ENGLISH_FOOTER.has(text)) return 'footer';
  if (ENGLISH_BANNERS.has(text)) return 'banner';
  if (englishRoute.has(text)) return 'content';
  // A label that quotes an English text ("Schließen: Meet us at …"): any English text of several words in it.
  const quoted = (texts: Iterable<string>) =>
    [...texts].some((english) => english.includes(' ') && text.includes(english));
  if (quoted(ENGLISH_BANNERS)) return 'banner';
  if (quoted(ENGLISH_FOOTER)) return 'footer';
  if (quoted(englishRoute)) return 'content';
  return undefined;
}

const HIDDEN = 'script, style, template, noscript, code[type="text/sitecore"], [hidden], [aria-hidden="true"]';
const LABELS = ['aria-label', 'alt', 'placeholder', 'title'];

/** What a visitor reads or hears on the page: its title, every text and every label, each trimmed. */
function shownTexts(): string[] {
  const texts = [document.title];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode())
    if (!node.parentElement?.closest(HIDDEN)) texts.push(node.textContent ?? '');
  for (const element of document.body.querySelectorAll('*')) {
    if (element.closest(HIDDEN)) continue;
    for (const name of LABELS) texts.push(element.getAttribute(name) ?? '');
  }
  return texts.map((text) => text.trim()).filter(Boolean);
}

const GERMAN = listedRoutes(CONTENT_SPEC, 'de').map((route) => route.path);

beforeEach(() => sendToMocks({ content: content.url, oneconnect: oneconnect.url }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  history.replaceState(null, '', '/');
});

describe('the German pages (every route of the German route listing, the whole site against the mocks)', () => {
  it.for(GERMAN)('%s shows no English', async (item) => {
    const english = examples[exampleNameFor(item)];
    const german = examples[`${exampleNameFor(item)}.de`] as { value: { sitecore: { route: { layoutId: string } } } };
    const englishRoute = routeTexts(english?.value.sitecore.route);
    history.replaceState(null, '', pathIn(item, 'de'));
    const { container } = render(<App />);
    // The page is in: its heading, its footer's groups and, where the layout shows them, its banners.
    await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
    await waitFor(() => expect(container.querySelectorAll('footer .link-group').length).toBeGreaterThan(0), {
      timeout: 10_000,
    });
    if (german.value.sitecore.route.layoutId === siteConfig.targetedBannerLayoutId)
      await waitFor(() => expect(container.querySelectorAll('[data-banner-id]').length).toBeGreaterThan(0), {
        timeout: 10_000,
      });
    await screen.findByRole('button', { name: 'Anmelden' });
    const found = [
      ...new Set(
        shownTexts().flatMap((text) => {
          const source = englishSource(text, englishRoute);
          return source ? [`${source}: ${text}`] : [];
        }),
      ),
    ];
    expect(found).toEqual([]);
  });
});

describe('the banner mock in German', () => {
  it('answers the banners call in the language it names: German for language=de, English without', async () => {
    const titles = async (query: string) => {
      const url = `${oneconnect.url}/api/oneconnect/get-segment-banners?${query}`;
      const prefer = preferForBannerRequest(url);
      const response = await fetch(url, prefer ? { headers: { Prefer: prefer } } : {});
      expect(response.status).toBe(200);
      return ((await response.json()) as { title?: string }[]).map((banner) => banner.title)[0];
    };
    expect(await titles('segments=a,b&language=de')).toBe('Treffen Sie uns auf der Internationalen Luftfahrtmesse');
    expect(await titles('segments=a,b')).toBe('Meet us at the International Airshow');
    expect(await titles('segments=a,b&language=en')).toBe('Meet us at the International Airshow');
    // A language the contract has no banners in: the service's default language, English.
    expect(await titles('segments=a,b&language=fr')).toBe('Meet us at the International Airshow');
  });
});
