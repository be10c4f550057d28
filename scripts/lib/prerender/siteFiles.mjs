// @ts-check
// The site's crawl files, written from the manifest (never from the pages): robots.txt, the sitemap
// (a sitemap index and its parts when the site has more URLs than one sitemap may hold) and
// static-pages.json, the prerendered paths a failed client-side navigation falls back to.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from '../../../src/core/escapeHtml.mjs';
import { writeFileAtomic } from './atomicWrite.mjs';

/** @import { SiteManifest } from './manifest.mjs' */

/** The list of prerendered paths the browser reads when a client-side navigation fails (same name as the site's). */
const STATIC_PAGES_FILE = 'static-pages.json';

/** The most URLs one sitemap may list (the sitemap protocol); more make a sitemap index. */
export const SITEMAP_MAX_URLS = 50_000;

/**
 * robots.txt: everything may be crawled but the session client's routes; the sitemap on the public origin.
 * @param {string} origin
 * @returns {string}
 */
export function robotsTxt(origin) {
  return `User-agent: *\nDisallow: /api/\n\nSitemap: ${new URL('/sitemap.xml', origin).href}\n`;
}

/**
 * A page of the sitemap: its path, `lastModified` and language versions.
 * @typedef {{ path: string; lastModified?: string; alternates?: { language: string; path: string }[] }} SitemapPage
 */

/**
 * sitemap.xml of `pages` on the public origin: each page with its language versions
 * (`xhtml:link rel="alternate" hreflang`, the page's own among them, and `x-default`, the
 * `defaultLanguage` version) when it has more than one.
 * @param {string} origin
 * @param {SitemapPage[]} pages
 * @param {string} [defaultLanguage]
 * @returns {string}
 */
export function sitemapXml(origin, pages, defaultLanguage = 'en') {
  const link = (/** @type {string} */ hreflang, /** @type {string} */ path) =>
    `<xhtml:link rel="alternate" hreflang="${escapeHtml(hreflang)}" href="${escapeHtml(new URL(path, origin).href)}"/>`;
  const urls = pages.map(({ path, lastModified, alternates = [] }) => {
    const lastmod = lastModified ? `<lastmod>${escapeHtml(lastModified)}</lastmod>` : '';
    const fallback = alternates.find((a) => a.language === defaultLanguage);
    const links = [
      ...alternates.map((a) => link(a.language, a.path)),
      ...(alternates.length > 1 && fallback ? [link('x-default', fallback.path)] : []),
    ];
    return `  <url><loc>${escapeHtml(new URL(path, origin).href)}</loc>${lastmod}${alternates.length > 1 ? links.join('') : ''}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('\n')}\n</urlset>\n`;
}

/**
 * The sitemap files of `pages`: `sitemap.xml` alone when they fit in one sitemap
 * ({@link SITEMAP_MAX_URLS}), else `sitemap-1.xml`, `sitemap-2.xml`, … of at most that many each,
 * and `sitemap.xml` the sitemap index naming them (robots.txt names sitemap.xml either way).
 * @param {string} origin
 * @param {SitemapPage[]} pages
 * @param {string} [defaultLanguage]
 * @param {number} [maxUrls]
 * @returns {{ file: string; text: string }[]}
 */
export function sitemapFiles(origin, pages, defaultLanguage = 'en', maxUrls = SITEMAP_MAX_URLS) {
  if (pages.length <= maxUrls) return [{ file: 'sitemap.xml', text: sitemapXml(origin, pages, defaultLanguage) }];
  const parts = [];
  for (let start = 0; start < pages.length; start += maxUrls)
    parts.push({
      file: `sitemap-${parts.length + 1}.xml`,
      text: sitemapXml(origin, pages.slice(start, start + maxUrls), defaultLanguage),
    });
  const entries = parts.map(
    ({ file }) => `  <sitemap><loc>${escapeHtml(new URL(`/${file}`, origin).href)}</loc></sitemap>`,
  );
  const index = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
  return [...parts, { file: 'sitemap.xml', text: index }];
}

/**
 * Writes robots.txt, the sitemap files and static-pages.json of the manifest's pages into `outDir`
 * (atomically), removing the parts of a larger sitemap that no longer exist. Returns the files written.
 * @param {string} outDir
 * @param {SiteManifest} manifest
 * @param {{ origin: string; defaultLanguage: string }} site
 * @returns {string[]}
 */
export function writeSiteFiles(outDir, manifest, { origin, defaultLanguage }) {
  // In the manifest's order: the route list's.
  const paths = Object.keys(manifest.routes);
  const indexable = paths.flatMap((path) => {
    const {
      indexable: listed,
      lastModified,
      alternates,
    } = /** @type {import('./manifest.mjs').ManifestEntry} */ (manifest.routes[path]);
    return listed ? [{ path, lastModified, alternates }] : [];
  });
  const files = [
    { file: 'robots.txt', text: robotsTxt(origin) },
    { file: STATIC_PAGES_FILE, text: `${JSON.stringify({ paths })}\n` },
    ...sitemapFiles(origin, indexable, defaultLanguage),
  ];
  const kept = new Set(files.map((f) => f.file));
  for (const name of readdirSync(outDir))
    if (/^sitemap-\d+\.xml$/.test(name) && !kept.has(name)) rmSync(join(outDir, name), { force: true });
  for (const { file, text } of files) writeFileAtomic(join(outDir, file), text);
  return files.map((f) => f.file);
}
