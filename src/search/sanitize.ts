// Service HTML: the template for the device, sanitized before it reaches the DOM.
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import type { Appearance, Device } from './types.ts';

/**
 * The site's DOMPurify profile for service and editors' HTML: the HTML profile only (no SVG/MathML
 * namespaces, where most mutation tricks live); no inline styles (CSS can exfiltrate and redress), no
 * forms, frames, embeds or document-level elements; `id`/`name` prefixed `user-content-`. Frozen:
 * other profiles (the content editor's, in the site) derive from it and cannot weaken it.
 */
export const sanitizerConfig: Readonly<Config> = Object.freeze({
  USE_PROFILES: Object.freeze({ html: true }),
  FORBID_TAGS: Object.freeze([
    'style',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'base',
    'link',
    'meta',
    'template',
  ]) as string[],
  FORBID_ATTR: Object.freeze(['style', 'srcset', 'srcdoc', 'formaction', 'action', 'ping']) as string[],
  // Kept so editors can open links in a new tab; the hook below adds rel="noopener noreferrer".
  ADD_ATTR: Object.freeze(['target']) as string[],
  ALLOW_DATA_ATTR: false,
  // `id` and `name` become `user-content-…`: content must not take an id the page's code looks up
  // (`site-state`, the consent platform's `OptanonWrapper`) or clobber a global through a named element.
  SANITIZE_NAMED_PROPS: true,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  RETURN_TRUSTED_TYPE: false,
});

let shared: DOMPurify | undefined;
let serverWindow: Window | undefined;

/**
 * Gives the sanitizer a DOM where there is no `window` (a server rendering pages, with e.g. jsdom's
 * window), so server HTML holds the same sanitized markup a browser would show instead of nothing.
 */
export function setSanitizerWindow(win: Window): void {
  serverWindow = win;
  shared = undefined;
}

/** The DOM the sanitizers work in: the page's `window`, or on a server the one {@link setSanitizerWindow} gave. */
export function sanitizerWindow(): Window | undefined {
  return typeof window === 'undefined' ? serverWindow : window;
}

function purifier(): DOMPurify | undefined {
  const win = sanitizerWindow();
  if (!win) return undefined;
  if (!shared) {
    // A private instance, so the hook below never leaks into other users of DOMPurify.
    shared = createDOMPurify(win as Window & typeof globalThis);
    shared.addHook('afterSanitizeAttributes', (node) => {
      if (node.nodeName === 'A' && node.hasAttribute('target')) node.setAttribute('rel', 'noopener noreferrer');
    });
  }
  return shared;
}

/**
 * Sanitizes service HTML (HTML blocks, banners, content blocks, SEO copy) with
 * DOMPurify before it reaches the DOM: scripts, event handlers, `javascript:`
 * URLs, SVG/MathML, frames, forms, styles and `srcdoc` are removed, and `id`/`name`
 * values are prefixed `user-content-` (no element of content can take an id the page uses). Where no DOM
 * is available (a server without {@link setSanitizerWindow}) it returns `''` rather
 * than the unsanitized input. `options.purify` injects another DOMPurify instance. Defaults to a private
 * instance over `window`.
 */
export function sanitizeHtml(html: unknown, options: { purify?: DOMPurify } = {}): string {
  if (typeof html !== 'string' || html === '') return '';
  const purify = options.purify ?? purifier();
  if (!purify?.isSupported) return '';
  return String(purify.sanitize(html, sanitizerConfig));
}

interface TrustedTypesLike {
  createPolicy(name: string, rules: { createHTML(input: string): string }): { createHTML(input: string): TrustedHTML };
}

let policy: { createHTML(input: string): TrustedHTML } | null | undefined;

/**
 * Sanitized HTML in the form `innerHTML` takes on this page: where the browser has Trusted Types,
 * a `TrustedHTML` made by the `sanitized-html` policy (whose only rule is {@link sanitizeHtml}), so
 * a page that enforces them (`require-trusted-types-for 'script'; trusted-types sanitized-html`)
 * still shows it; elsewhere (no Trusted Types, a server, a policy the page refuses) the string.
 */
export function sanitizedMarkup(html: unknown): string | TrustedHTML {
  const trustedTypes =
    typeof window === 'undefined' ? undefined : (window as { trustedTypes?: TrustedTypesLike }).trustedTypes;
  if (trustedTypes && policy === undefined) {
    try {
      policy = trustedTypes.createPolicy('sanitized-html', { createHTML: (input) => sanitizeHtml(input) });
    } catch {
      // The page's CSP does not allow this policy name: strings it is (and a refusal stays in its rendering).
      policy = null;
    }
  }
  return policy && typeof html === 'string' && html !== '' ? policy.createHTML(html) : sanitizeHtml(html);
}

/**
 * The HTML template of a widget answer for a device, falling back to `pc`
 * (the default device), then to any device. Returns `''` when there is none.
 * The result is untrusted: pass it through `sanitizeHtml`.
 */
export function pickTemplate(
  appearance: Appearance | undefined,
  device: Device = 'pc',
  kind: 'html' | 'css' = 'html',
): string {
  const devices = appearance?.templates?.[kind]?.devices;
  if (!devices) return '';
  const chosen = devices[device] ?? devices.pc ?? devices.mobile ?? devices.tablet;
  return typeof chosen?.content === 'string' ? chosen.content : '';
}
