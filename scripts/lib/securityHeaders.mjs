// @ts-check
// The security headers a static host sends with the build (`npm run build` writes them next to the
// pages: `_headers` for hosts that read that file, `headers.json` for any other host or CDN to
// translate; `npm run preview` sends them): a strict Content-Security-Policy whose only inline code is
// the build's own, by hash, with Trusted Types for every script the site adds; no framing; no
// sniffing; long-lived caching for hashed assets and revalidation for everything else.
// docs/deploying.md "The security headers" says why each, and what a deployer changes for a new host.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** @import { Connect, Plugin } from 'vite' */

/** The file of header rules for hosts that read it (Cloudflare Pages, Netlify): path pattern, then headers. */
export const HEADERS_FILE = '_headers';

/** The same rules as JSON, `[{ source, headers, detach? }]`, for any other host or CDN (and the preview). */
export const HEADERS_JSON = 'headers.json';

/**
 * The hosts a build's pages talk to and the policies they create (the server build's
 * `buildSettings`: src/site/serviceOrigins.ts, src/core/trustedTypes.ts).
 * @typedef {object} PolicySources
 * @property {{ connect: string[]; script: string[]; img: string[] }} origins
 * @property {readonly string[]} trustedTypes
 * @property {string} publicOrigin
 */

/**
 * A header rule: the paths it applies to (`/*` all, `/assets/*` a folder), its headers, and the
 * headers of earlier rules it drops for those paths (`detach`).
 * @typedef {{ source: string; headers: Record<string, string>; detach?: string[] }} HeaderRule
 */

/**
 * The CSP source of `text` as the browser hashes an inline element's content.
 * @param {string} text
 * @returns {string}
 */
export function cspHash(text) {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

// Script types the browser runs (anything else, JSON data or JSON-LD, is a data block CSP ignores).
const RUNNABLE = /^(|text\/javascript|application\/javascript|module)$/i;

/**
 * Each `<name …>text</name>` element of `html` (`script`, `style`) as `[attributes, text]`, read with
 * `indexOf` from where the last one ended: one pass, however the markup is broken.
 * @param {string} html
 * @param {string} name
 * @returns {Array<[string, string]>}
 */
function elements(html, name) {
  const lower = html.toLowerCase();
  const open = `<${name}`;
  const close = `</${name}>`;
  /** @type {Array<[string, string]>} */
  const found = [];
  let at = 0;
  for (;;) {
    const start = lower.indexOf(open, at);
    if (start < 0) return found;
    const next = lower[start + open.length];
    const tagEnd = lower.indexOf('>', start);
    if (tagEnd < 0) return found;
    if (next !== '>' && next !== ' ' && next !== '\t' && next !== '\n' && next !== '/') {
      at = start + open.length;
      continue;
    }
    const end = lower.indexOf(close, tagEnd);
    if (end < 0) return found;
    found.push([html.slice(start + open.length, tagEnd), html.slice(tagEnd + 1, end)]);
    at = end + close.length;
  }
}
// A start tag, its attributes' text with quoted values whole (a `>` or ` style=` inside a value is text),
// and each attribute's name: alternatives that start differently, so each is read in one pass.
const START_TAG = /<[a-z][a-z0-9-]*(?=[\s/>])((?:[^<>"']|"[^"]*"|'[^']*')*)>/gi;
const ATTRIBUTE = /\s([^\s=>"'/]+)(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?/g;
// Attributes the policy refuses in markup: inline styles and event handlers.
const INLINE_ATTRIBUTE = /^(style|on[a-z]+)$/i;

/**
 * The inline code of a page that a Content-Security-Policy without `'unsafe-inline'` must allow by
 * hash: its runnable inline scripts and its `<style>` elements; and the attributes it can never allow
 * (`style=`, `on…=`), by name.
 * @param {string} html
 * @returns {{ scripts: string[]; styles: string[]; attributes: string[] }}
 */
export function inlineCode(html) {
  const scripts = [];
  for (const [attributes, text] of elements(html, 'script')) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1] ?? '';
    if (RUNNABLE.test(type.trim())) scripts.push(text);
  }
  const styles = elements(html, 'style').map(([, text]) => text);
  const attributes = [...html.matchAll(START_TAG)].flatMap(([, text = '']) =>
    [...text.matchAll(ATTRIBUTE)].flatMap(([, name = '']) => (INLINE_ATTRIBUTE.test(name) ? [name.toLowerCase()] : [])),
  );
  return { scripts, styles, attributes };
}

/**
 * The Content-Security-Policy of the pages: `'self'` and the build's hosts, the inline code of the
 * page template by hash (`template`: the built index.html, whose inline code every page shares), no
 * `'unsafe-inline'` or `'unsafe-eval'`, no plugins, no `<base>`, forms to the site only, never framed,
 * and Trusted Types for scripts with the site's own policies only.
 * @param {PolicySources} sources
 * @param {string} template
 * @returns {string}
 */
export function contentSecurityPolicy({ origins, trustedTypes, publicOrigin }, template) {
  const inline = inlineCode(template);
  const list = (/** @type {string[]} */ ...sources) => [...new Set(sources)].join(' ');
  const directives = [
    `default-src 'self'`,
    `script-src ${list("'self'", ...inline.scripts.map(cspHash), ...origins.script)}`,
    `style-src ${list("'self'", ...inline.styles.map(cspHash))}`,
    `img-src ${list("'self'", ...origins.img)}`,
    `font-src 'self'`,
    `connect-src ${list("'self'", ...origins.connect)}`,
    `object-src 'none'`,
    `base-uri 'none'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
    `require-trusted-types-for 'script'`,
    `trusted-types ${trustedTypes.join(' ')}`,
    ...(publicOrigin.startsWith('https:') ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}

// The security headers that mean something on a script or stylesheet answer.
const ASSET_HEADERS = new Set(['X-Content-Type-Options', 'Strict-Transport-Security']);

/**
 * The build's header rules: every path gets the policy and the other security headers and is
 * revalidated on each visit (pages change with each publish); hashed assets (`/assets/*`) are kept a
 * year and carry only what a script or stylesheet answer uses (`nosniff`, HSTS): the policy, framing,
 * referrer, permissions and opener headers govern documents, and sent with each of a page's dozen
 * scripts they would only cost a visitor bytes. `Strict-Transport-Security` only for an https site.
 * @param {PolicySources} sources
 * @param {string} template
 * @returns {HeaderRule[]}
 */
export function headerRules(sources, template) {
  /** @type {Record<string, string>} */
  const security = {
    'Content-Security-Policy': contentSecurityPolicy(sources, template),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), browsing-topics=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    ...(sources.publicOrigin.startsWith('https:')
      ? { 'Strict-Transport-Security': 'max-age=63072000; includeSubDomains' }
      : {}),
  };
  return [
    { source: '/*', headers: { ...security, 'Cache-Control': 'no-cache' } },
    {
      source: '/assets/*',
      headers: { 'Cache-Control': 'public, max-age=31536000, immutable' },
      detach: Object.keys(security).filter((name) => !ASSET_HEADERS.has(name)),
    },
  ];
}

/**
 * The rules in the `_headers` format: a path pattern, then its headers indented. A later rule's
 * header replaces an earlier one's for the same name (`! Cache-Control` first drops the general
 * rule's), and `! Name` alone drops a detached one.
 * @param {HeaderRule[]} rules
 * @returns {string}
 */
export function headersFile(rules) {
  return `${rules
    .map(({ source, headers, detach = [] }, index) =>
      [
        source,
        ...(index > 0 ? [...detach, ...Object.keys(headers)].map((name) => `  ! ${name}`) : []),
        ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`),
      ].join('\n'),
    )
    .join('\n\n')}\n`;
}

/**
 * The headers of `pathname` under `rules`: every matching rule's, later ones replacing or detaching earlier ones'.
 * @param {HeaderRule[]} rules
 * @param {string} pathname
 * @returns {Record<string, string>}
 */
export function headersFor(rules, pathname) {
  /** @type {Record<string, string>} */
  const headers = {};
  for (const { source, headers: set, detach } of rules) {
    const matches = source.endsWith('*') ? pathname.startsWith(source.slice(0, -1)) : pathname === source;
    if (!matches) continue;
    for (const name of detach ?? []) delete headers[name];
    Object.assign(headers, set);
  }
  return headers;
}

/**
 * Throws naming every written page whose inline code the policy does not allow: an inline script or
 * style not in the template (a page-specific one, which has no hash in the policy), an inline `style=`
 * or event handler attribute. A change that adds such code fails the build, not the visitor's page.
 * @param {{ path: string; html: string }[]} pages
 * @param {string} template
 * @returns {void}
 */
export function assertInlineCodeAllowed(pages, template) {
  const allowed = inlineCode(template);
  const scripts = new Set(allowed.scripts.map(cspHash));
  const styles = new Set(allowed.styles.map(cspHash));
  const problems = pages.flatMap(({ path, html }) => {
    const code = inlineCode(html);
    return [
      ...code.scripts
        .filter((s) => !scripts.has(cspHash(s)))
        .map((s) => `an inline script (${cspHash(s)}) ${excerpt(s)}`),
      ...code.styles.filter((s) => !styles.has(cspHash(s))).map((s) => `an inline style (${cspHash(s)}) ${excerpt(s)}`),
      ...code.attributes.map((name) => `a ${name}= attribute`),
    ].map((problem) => `  - ${path}: ${problem}`);
  });
  if (problems.length > 0)
    throw new Error(
      `prerender: inline code the Content-Security-Policy does not allow (it allows the page template's inline code only, by hash):\n${[...new Set(problems)].join('\n')}`,
    );
}

/** @param {string} text */
const excerpt = (text) => JSON.stringify(text.trim().slice(0, 60));

/**
 * `vite preview` sends the build's headers (its `headers.json`, read once) with every answer, as the
 * static host would: the preview and the tests' built site run under the policy visitors get.
 * @returns {Plugin}
 */
export function previewSecurityHeaders() {
  return {
    name: 'preview-security-headers',
    configurePreviewServer(server) {
      const file = join(server.config.build.outDir, HEADERS_JSON);
      /** @type {HeaderRule[] | undefined} */
      let rules;
      try {
        rules = JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        rules = undefined; // a build without headers (`vite build` alone): nothing to send
      }
      if (!rules) return;
      /** @type {Connect.NextHandleFunction} */
      const send = (req, res, next) => {
        const pathname = new URL(req.url ?? '/', 'http://preview.invalid').pathname;
        for (const [name, value] of Object.entries(headersFor(/** @type {HeaderRule[]} */ (rules), pathname)))
          res.setHeader(name, value);
        next();
      };
      server.middlewares.use(send);
    },
  };
}
