// @ts-check
// A prerendered page in the build: where a route's file lives, and the site's template filled with
// a rendered page. The build, the publish server and the editing host all write pages with these.
import { escapeHtml } from '../../../src/core/escapeHtml.mjs';

/** The unrendered app page a host serves for app-only paths (a wildcard item such as `/products/<id>`). */
export const SHELL_FILE = 'shell.html';

/**
 * The file of a prerendered route in the build (`/` → `index.html`, `/news` → `news/index.html`).
 * @param {string} path
 * @returns {string}
 */
export function pageFile(path) {
  const trimmed = path.replace(/^\/+/, '').replace(/(?<!\/)\/+$/, '');
  return trimmed === '' ? 'index.html' : `${trimmed}/index.html`;
}

/**
 * A server-rendered page: the site's index.html (`template`, built or transformed by the dev server)
 * with the page's language, head, body and data, and its `preloads` (`''` for none). The static
 * build writes its pages with it, the editing host answers with it.
 * @param {string} template
 * @param {{ lang: string; head: string; body: string; state: string; preloads: string }} page
 * @returns {string}
 */
export function fillTemplate(template, page) {
  const filled = template
    .replace(/<html lang="[^"]*">/, () => `<html lang="${escapeHtml(page.lang)}">`)
    .replace(/<title>[^<]*<\/title>/, () => page.head)
    .replace('</head>', () => `${page.preloads}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.body}</div>\n    ${page.state}`);
  if (!filled.includes(page.state)) throw new Error('index.html has no <div id="root"></div> to prerender into');
  return filled;
}
