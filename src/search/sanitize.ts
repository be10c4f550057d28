// Service HTML: the template for the device, sanitized before it reaches the DOM.
import { trustedPolicy } from '../core/trustedTypes.ts';
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
  // `formtarget` too: a submit button's window takes its noopener from the button's form, not from
  // the button, so no rel on the element could guard it.
  FORBID_ATTR: Object.freeze(['style', 'srcset', 'srcdoc', 'formaction', 'action', 'ping', 'formtarget']) as string[],
  // Kept so editors can open links in a new tab; the hook below adds rel="noopener noreferrer".
  ADD_ATTR: Object.freeze(['target']) as string[],
  ALLOW_DATA_ATTR: false,
  // `id` and `name` become `user-content-…`: content must not take an id the page's code looks up
  // (`site-state`, the consent platform's `OptanonWrapper`) or clobber a global through a named element.
  SANITIZE_NAMED_PROPS: true,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  RETURN_TRUSTED_TYPE: false,
});

// Every element that keeps a `target` gets rel="noopener noreferrer", whatever rel it had: a window
// opened by a link (`a`), an image-map area (`area`) or a form (`form`) would otherwise get
// `window.opener`, and could send this tab elsewhere (to a look-alike sign-in page). Any element
// rather than a list of those, so an element a later profile keeps cannot be missed; on the others
// `rel` means nothing. The content editor's profile (site/content/sanitizedHtml.tsx) does the same.
const noOpener = (node: Element): void => {
  if (node.hasAttribute('target')) node.setAttribute('rel', 'noopener noreferrer');
};

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
    shared.addHook('afterSanitizeAttributes', noOpener);
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
  return String(purify.sanitize(html, withPurifierPolicy(sanitizerConfig)));
}

/**
 * `config` with the page's one `dompurify` Trusted Types policy where the browser has them: DOMPurify
 * parses the HTML it is given through such a policy, and each instance (the visitors' and the
 * editor's profile) would otherwise create its own under that name, which a page allowing each name
 * once refuses. Unchanged elsewhere.
 */
export function withPurifierPolicy(config: Config): Config {
  // Passes its input through: DOMPurify only parses with it, then sanitizes what it parsed.
  const policy = trustedPolicy('dompurify', { createHTML: (input) => input, createScriptURL: (input) => input });
  return policy ? { ...config, TRUSTED_TYPES_POLICY: policy as unknown as Config['TRUSTED_TYPES_POLICY'] } : config;
}

/**
 * Sanitized HTML in the form `innerHTML` takes on this page: where the browser has Trusted Types,
 * a `TrustedHTML` made by the `sanitized-html` policy (whose only rule is {@link sanitizeHtml}), so
 * a page that enforces them (`require-trusted-types-for 'script'; trusted-types sanitized-html`)
 * still shows it; elsewhere (no Trusted Types, a server, a policy the page refuses) the string.
 */
export function sanitizedMarkup(html: unknown): string | TrustedHTML {
  const policy = trustedPolicy('sanitized-html', { createHTML: (input) => sanitizeHtml(input) });
  return policy && typeof html === 'string' && html !== ''
    ? (policy.createHTML(html) as TrustedHTML)
    : sanitizeHtml(html);
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
