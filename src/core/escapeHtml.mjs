// @ts-check
// Text into HTML, escaped one way everywhere: the site's head (src/site/head.ts), the static pages'
// shell and sitemap (scripts/lib/prerender/) and the API reference's index (scripts/contract/docs.mjs).
// Plain JavaScript with JSDoc types, so that the scripts, which Node runs without a TypeScript step,
// import the same function as the site.

/** @type {Record<string, string>} */
const ESCAPED = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/**
 * `text` (a missing value as '') with `&`, `<`, `>` and `"` as character references: safe as an
 * element's text and inside a double-quoted attribute, in HTML and in XML alike. One pass over the
 * text, however long.
 * @param {unknown} text
 * @returns {string}
 */
export function escapeHtml(text) {
  return String(text ?? '').replace(/[&<>"]/g, (c) => ESCAPED[c] ?? c);
}
