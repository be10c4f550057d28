import { escapeHtml } from '../core/escapeHtml.mjs';
import { jsonOnly, trustedPolicy, type Trusted } from '../core/trustedTypes.ts';
import { useEffect } from 'react';
import type { RouteData } from '../content/index.ts';
import { booleanOf, contentUrl, imageOf, type ImageValue, textOf } from './content/fieldValues.ts';
import { warnNotAUrl } from './content/renderingContext.ts';
import { needsSession } from './content/route.tsx';
import { DEFAULT_LANGUAGE, pathIn } from './language.ts';

// The page's <head> from its route: the prerender writes it into the static HTML (what crawlers and
// link previews read), and the browser keeps it in step on every client-side navigation. One function
// decides the tags for both, so the two can never disagree.

/** One managed tag of the page head: a `<meta>`, `<link>` or JSON-LD `<script>`, found again by `key`. */
interface HeadTag {
  /** Identifies the tag across navigations (`description`, `og:title`, `canonical`, …). */
  key: string;
  tag: 'meta' | 'link' | 'script';
  attrs: Record<string, string>;
  /** The script's text (JSON-LD). */
  text?: string;
}

/** The head of one page: its title, its language and its managed tags. */
interface PageHead {
  title: string;
  lang: string;
  tags: HeadTag[];
}

/** What {@link pageHead} needs besides the route. */
interface HeadOptions {
  /** The site's public origin, for canonical and Open Graph URLs (`https://www.example.com`). */
  origin: string;
  /** The site's name (`og:site_name`, the JSON-LD organization, the not-found title). */
  siteName: string;
  /** The layout answer's language, used when the route has none. Defaults to `'en'`. */
  language?: string;
  /**
   * The languages the route has a version in (its layout answer's `languages`): with more than one,
   * an `hreflang` alternate per language and `x-default` (the default language's). Defaults to none.
   */
  languages?: readonly string[];
  /** The route's content item (the path without its language prefix), for the alternates. Defaults to the URL's path. */
  item?: string;
  /** The not-found page's title before the site name, in the page's language. Defaults to `'Page not found'`. */
  notFoundTitle?: string;
}

/** The attribute that marks the head tags this module manages (so stale ones can be removed). */
const HEAD_ATTRIBUTE = 'data-head';

/** Whether search engines may index the route: not when editors say `noIndex` or it needs a session. */
export function isIndexable(route: RouteData): boolean {
  return !booleanOf(route.fields.noIndex) && !needsSession(route);
}

/**
 * The site path of a URL's `pathname`: one `/` where the URL had several, or backslashes, at its
 * start (`//capabilities`, `/\\capabilities` → `/capabilities`). A path starting `//` resolves as
 * a network-path reference (another host), so none becomes a URL on the site's origin as it is.
 */
function sitePathOf(pathname: string): string {
  return `/${pathname.replace(/^[/\\]+/, '')}`;
}

/** A share image: the image and its URL, absolute on the public origin. */
type ShareImage = ImageValue & { url: string };

// The route's share image: its `ogImage` field, else the first hero's image. One whose URL the guard
// refuses (or that does not parse) is left out, said once per page and field.
function shareImage(route: RouteData, path: string, origin: string): ShareImage | null {
  const [field, image] = ogImageOf(route);
  if (!image) return null;
  const src = contentUrl(image.src, origin);
  if (src !== undefined) return { ...image, url: new URL(src, origin).href };
  warnNotAUrl(path, field, image.src, 'the tag is left out');
  return null;
}

function ogImageOf(route: RouteData): [field: string, image: ImageValue | null] {
  const own = imageOf(route.fields.ogImage);
  if (own) return ['ogImage', own];
  // Any entry of `main` may be anything: only a Hero's own image counts.
  type Entry = { componentName?: unknown; fields?: Record<string, never> } | null | undefined;
  const main = (route.placeholders as Record<string, unknown> | undefined)?.main;
  const hero = Array.isArray(main) ? (main as Entry[]).find((entry) => entry?.componentName === 'Hero') : undefined;
  return ['Hero.image', imageOf(hero?.fields?.image)];
}

const meta = (key: string, attrs: Record<string, string>): HeadTag => ({ key, tag: 'meta', attrs });

/**
 * The `hreflang` alternates of `item` in `languages`, on `origin`, plus `x-default` (the default
 * language's version, where the route has one); none for a route in one language only.
 */
function alternates(item: string, languages: readonly string[], origin: string): HeadTag[] {
  if (languages.length < 2) return [];
  const link = (hreflang: string, language: string): HeadTag => ({
    key: `alternate:${hreflang}`,
    tag: 'link',
    attrs: { rel: 'alternate', hreflang, href: new URL(pathIn(sitePathOf(item), language), origin).href },
  });
  const tags = languages.map((language) => link(language, language));
  if (languages.includes(DEFAULT_LANGUAGE)) tags.push(link('x-default', DEFAULT_LANGUAGE));
  return tags;
}

/**
 * The head of the page at `url` showing `route` (`null`: the not-found page, which is never indexed
 * and has no canonical URL). Titles and descriptions come from the route's `pageTitle` and
 * `metaDescription`; URLs are absolute on the public origin, without the query string, the page's
 * path as the site's ({@link sitePathOf}). A route that needs a session gets its title, canonical URL
 * and `noindex` only. Content that is no URL leaves its tag out; no content makes this throw.
 */
export function pageHead(
  route: RouteData | null,
  url: URL,
  {
    origin,
    siteName,
    language = 'en',
    languages = [],
    item = url.pathname,
    notFoundTitle = 'Page not found',
  }: HeadOptions,
): PageHead {
  if (!route) {
    return {
      title: `${notFoundTitle} | ${siteName}`,
      lang: language,
      tags: [meta('robots', { name: 'robots', content: 'noindex' })],
    };
  }
  const title = textOf(route.fields.pageTitle) || siteName;
  const path = sitePathOf(url.pathname);
  const canonical = new URL(path, origin).href;
  const lang = route.itemLanguage || language;
  // A page that needs a session tells crawlers and link previews its title and nothing else of
  // its content (its static page is its gate: see entry-server.tsx).
  if (needsSession(route)) {
    return {
      title,
      lang,
      tags: [
        { key: 'canonical', tag: 'link', attrs: { rel: 'canonical', href: canonical } },
        meta('robots', { name: 'robots', content: 'noindex' }),
      ],
    };
  }
  const description = textOf(route.fields.metaDescription);
  const image = shareImage(route, path, origin);
  const tags: HeadTag[] = [
    meta('description', { name: 'description', content: description }),
    { key: 'canonical', tag: 'link', attrs: { rel: 'canonical', href: canonical } },
    ...alternates(item, languages, origin),
    meta('og:type', { property: 'og:type', content: 'website' }),
    meta('og:site_name', { property: 'og:site_name', content: siteName }),
    meta('og:title', { property: 'og:title', content: title }),
    meta('og:description', { property: 'og:description', content: description }),
    meta('og:url', { property: 'og:url', content: canonical }),
    meta('twitter:card', { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' }),
    meta('twitter:title', { name: 'twitter:title', content: title }),
    meta('twitter:description', { name: 'twitter:description', content: description }),
  ];
  if (image) {
    tags.push(
      meta('og:image', { property: 'og:image', content: image.url }),
      meta('twitter:image', { name: 'twitter:image', content: image.url }),
    );
    if (image.alt) tags.push(meta('og:image:alt', { property: 'og:image:alt', content: image.alt }));
    if (image.width && image.height) {
      tags.push(meta('og:image:width', { property: 'og:image:width', content: String(image.width) }));
      tags.push(meta('og:image:height', { property: 'og:image:height', content: String(image.height) }));
    }
  }
  if (!isIndexable(route)) tags.push(meta('robots', { name: 'robots', content: 'noindex' }));
  if (sitePathOf(item) === '/') {
    const organization = {
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: siteName,
      url: new URL('/', origin).href,
      ...(image ? { logo: image.url } : {}),
    };
    tags.push({
      key: 'organization',
      tag: 'script',
      attrs: { type: 'application/ld+json' },
      text: JSON.stringify(organization),
    });
  }
  return { title, lang, tags };
}

/** The head as HTML, for the static page: `<title>` first, then every managed tag. */
export function headHtml(head: PageHead): string {
  const tags = head.tags.map(({ key, tag, attrs, text }) => {
    const attributes = Object.entries({ ...attrs, [HEAD_ATTRIBUTE]: key })
      .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
      .join('');
    if (tag === 'script') return `<script${attributes}>${(text ?? '').replace(/</g, '\\u003c')}</script>`;
    return `<${tag}${attributes}>`;
  });
  return [`<title>${escapeHtml(head.title)}</title>`, ...tags].join('\n    ');
}

/**
 * Brings `doc`'s head in line with `head` after a client-side navigation: the title, `<html lang>`,
 * each managed tag updated in place (or added), and managed tags the new page does not have removed.
 */
export function applyHead(doc: Document, head: PageHead): void {
  if (doc.title !== head.title) doc.title = head.title;
  doc.documentElement.lang = head.lang;
  const existing = new Map(
    [...doc.head.querySelectorAll(`[${HEAD_ATTRIBUTE}]`)].map((el) => [el.getAttribute(HEAD_ATTRIBUTE)!, el]),
  );
  for (const { key, tag, attrs, text } of head.tags) {
    let el = existing.get(key);
    existing.delete(key);
    if (el?.localName !== tag) {
      el?.remove();
      el = doc.createElement(tag);
      el.setAttribute(HEAD_ATTRIBUTE, key);
      doc.head.append(el);
    }
    for (const attr of [...el.attributes])
      if (attr.name !== HEAD_ATTRIBUTE && !(attr.name in attrs)) el.removeAttribute(attr.name);
    for (const [name, value] of Object.entries(attrs))
      if (el.getAttribute(name) !== value) el.setAttribute(name, value);
    if (text !== undefined && el.textContent !== text) {
      // A script's text (the structured data) passes the `head-json` policy under Trusted Types: JSON only.
      const policy = tag === 'script' ? trustedPolicy('head-json', { createScript: jsonOnly }) : null;
      (el as { textContent: string | Trusted | null }).textContent = policy ? policy.createScript(text) : text;
    }
  }
  for (const stale of existing.values()) stale.remove();
}

/**
 * Keeps the document's head on the page shown: `route` at `url` (`null`: not found; `undefined`:
 * nothing shown yet, the head stays as it is). Runs after render, so a static page's own head
 * (written by the prerender from the same {@link pageHead}) is left as it was on hydration.
 */
export function usePageHead(route: RouteData | null | undefined, url: URL, options: HeadOptions): void {
  const { origin, siteName, language, languages, item, notFoundTitle } = options;
  const languageList = languages?.join(',');
  useEffect(() => {
    if (route !== undefined)
      applyHead(document, pageHead(route, url, { origin, siteName, language, languages, item, notFoundTitle }));
  }, [route, url.pathname, origin, siteName, language, languageList, item, notFoundTitle]); // eslint-disable-line react-hooks/exhaustive-deps -- the head depends on the path only
}
