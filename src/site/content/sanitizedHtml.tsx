import { createElement, useCallback, useContext, useMemo, type HTMLAttributes, type Ref } from 'react';
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import type { Field, HtmlElementRendering } from '../../content/index.ts';
import { safeLinkTarget } from '../../core/urlGuard.ts';
import { trustedPolicy } from '../../core/trustedTypes.ts';
import { sanitizedMarkup, sanitizerConfig, sanitizerWindow, withPurifierPolicy } from '../../search/index.ts';
import { rewriteMediaElement } from '../editMode.ts';
import { PresanitizeContext } from '../presanitized.ts';

// The site's HTML that needs the sanitizer in the browser: editors' rich text the browser received
// from the layout service itself (a client-side navigation, a page rendered from scratch), and the
// content platform's editing markup (edit mode). This module loads on demand (sanitizerParts.ts), so
// DOMPurify's bytes reach only a browser that has such HTML to show: a prerendered page's rich text
// was sanitized by the build and is shown as it is (richText.tsx).

// The editing markup is the platform's HTML: anyone can put `sc_mode=edit` in a URL, but only the
// content host's answer renders it, and the platform sends it only to a signed-in editor (a visitor's
// request gets none). Its editor needs it as sent (ids pairing each field's hidden value with its
// editable element, contenteditable, the chrome attributes it reads). It still holds what editors
// typed (a rich text field's HTML verbatim), and one editor's content must not run script in another's
// session; so it passes DOMPurify with the site's profile (src/search/sanitize.ts), changed only as
// the editor needs, each change listed here (the visitors' path keeps that profile unchanged):
// - `input` is allowed, and every input is forced to `type="hidden"` (the platform's `scFieldValue`
//   inputs carry each field's value; no visible form control can appear);
// - the platform's attributes are kept: `contenteditable`, `chrometype`, `kind`, `scfieldtype`,
//   `scdefaulttext`, `sc_parameters`, `hintname`, `hintkey`;
// - an `id` or `name` the platform gives its fields (`fld_…`) is kept as sent, which the editor needs;
//   every other one is prefixed `user-content-` as for visitors (DOMPurify still drops any that would
//   clobber a property of the document or of a form).
// Scripts, event handlers, `javascript:` URLs, styles, SVG, frames and forms stay out, as for visitors.
const EDITOR_CONFIG: Config = {
  ...sanitizerConfig,
  FORBID_TAGS: sanitizerConfig.FORBID_TAGS!.filter((tag) => tag !== 'input'),
  ADD_ATTR: [
    ...(sanitizerConfig.ADD_ATTR as string[]),
    'contenteditable',
    'chrometype',
    'kind',
    'scfieldtype',
    'scdefaulttext',
    'sc_parameters',
    'hintname',
    'hintkey',
  ],
  SANITIZE_NAMED_PROPS: false,
};

const PLATFORM_ID = /^fld_/;
let editorPurifier: DOMPurify | undefined;
let editorWindow: Window | undefined;

// In the browser, its window; on the editing host's server, the sanitizer's (a jsdom window), so the
// editor's page is served with the same sanitized markup the browser hydrates.
function editorPurify(): DOMPurify | undefined {
  const win = sanitizerWindow();
  if (!win) return undefined;
  if (!editorPurifier || editorWindow !== win) {
    editorWindow = win;
    // A private instance: these hooks apply to the editing markup only.
    editorPurifier = createDOMPurify(win as Window & typeof globalThis);
    editorPurifier.addHook('uponSanitizeAttribute', (_node, data) => {
      if ((data.attrName === 'id' || data.attrName === 'name') && !PLATFORM_ID.test(data.attrValue))
        data.attrValue = `user-content-${data.attrValue}`;
    });
    editorPurifier.addHook('afterSanitizeAttributes', (node) => {
      // As the site's profile does (src/search/sanitize.ts): every element that keeps a target (a link,
      // an image-map area, a form) opens its window without `window.opener`, whatever rel it had.
      if (node.hasAttribute('target')) node.setAttribute('rel', 'noopener noreferrer');
      if (node.nodeName === 'INPUT') node.setAttribute('type', 'hidden');
      // The editor sees content media through the shell media route: its images are written so from
      // the start, or the browser fetches each twice (the original, then the rewritten URL).
      rewriteMediaElement(node);
    });
  }
  return editorPurifier;
}

/**
 * The platform's editing markup sanitized with the editor's profile (above). `''` where there is no
 * DOM (a server that gave the sanitizer none).
 */
export function sanitizeEditable(html: string): string {
  const purify = editorPurify();
  return purify?.isSupported ? String(purify.sanitize(html, withPurifierPolicy(EDITOR_CONFIG))) : '';
}

// As TrustedHTML where the browser has Trusted Types (policy `editable-html`, whose only rule is
// sanitizeEditable): a page that enforces them allows that policy for edit mode to work.
function editableHtml(html: string): string | TrustedHTML {
  if (typeof window === 'undefined') return sanitizeEditable(html);
  const policy = trustedPolicy('editable-html', { createHTML: sanitizeEditable });
  return policy ? (policy.createHTML(html) as TrustedHTML) : sanitizeEditable(html);
}

/** Props of {@link EditableMarkup}: the element, the platform's editing markup, the element's attributes. */
type EditableMarkupProps = { tag: string; html: string; ref?: Ref<HTMLElement> } & HTMLAttributes<HTMLElement>;

/** A field's editing markup (edit mode), sanitized with the editor's profile, inside `tag`. */
export function EditableMarkup({ tag, html, ...attributes }: EditableMarkupProps) {
  const markup = useMemo(() => editableHtml(html), [html]);
  return createElement(tag, { ...attributes, dangerouslySetInnerHTML: { __html: markup } });
}

const ATTRIBUTE_NAME = /^[a-z][a-z0-9_.:-]*$/i;
const TAG_NAME = /^[a-z][a-z0-9-]*$/;
// Elements that hold no content: React refuses inner HTML on them.
const VOID_ELEMENTS = new Set(['area', 'br', 'col', 'embed', 'hr', 'img', 'input', 'source', 'track', 'wbr']);
// Attributes holding a URL: through the site's URL guard; `srcset` and form targets are dropped.
const URL_ATTRIBUTES = new Set(['src', 'href', 'poster', 'cite', 'background']);
const DROPPED_ATTRIBUTES = new Set(['style', 'srcset', 'action', 'formaction', 'xlink:href', 'srcdoc']);
const allowedTags = new Map<string, boolean>();

// Whether the editor's sanitizer profile keeps an element `name` (`code`, `div`, `img`: yes; `script`,
// `iframe`, `form`, `style`: no), asked of the sanitizer itself so both agree.
function allowedTag(name: string): boolean {
  const known = allowedTags.get(name);
  if (known !== undefined) return known;
  if (!TAG_NAME.test(name) || !editorPurify()) return false;
  const kept = sanitizeEditable(`<${name}></${name}>x`);
  const allowed = kept.startsWith(`<${name}>`) || kept.startsWith(`<${name} `);
  allowedTags.set(name, allowed);
  return allowed;
}

/**
 * The props of a chrome entry's element from its `attributes`, as the platform's editor reads them:
 * names lower-cased (HTML's are case-insensitive), `class` as React's `className`, URLs through the
 * site's guard; event handlers, `style` (a hidden rendering's is replaced by the site's class), `srcset`,
 * form targets and values that are not text are left out. `key` cannot be a React prop: returned apart.
 */
function chromeProps(name: string, attributes: Record<string, unknown> | undefined) {
  const props: Record<string, string> = {};
  let key: string | undefined;
  for (const [raw, value] of Object.entries(attributes ?? {})) {
    const attribute = raw.toLowerCase();
    if (!ATTRIBUTE_NAME.test(attribute) || attribute.startsWith('on') || DROPPED_ATTRIBUTES.has(attribute)) continue;
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    const text = String(value);
    if (attribute === 'key') key = text;
    else if (attribute === 'class') props.className = text;
    else if (URL_ATTRIBUTES.has(attribute)) {
      const url = safeLinkTarget(text);
      if (url !== undefined) props[attribute] = url;
    } else props[attribute] = text;
  }
  // The chromes editor's hidden rendering is a `div` that is no marker: shown hatched by the site's class.
  if (name === 'div' && props.chrometype === undefined)
    props.className = `${props.className ? `${props.className} ` : ''}sc-hidden-rendering`;
  return { props, key };
}

/**
 * An editor-only HTML element entry of a placeholder (chromes edit mode): the element `name` with its
 * `attributes` (see chromeProps) and its `contents` as HTML sanitized with the editor's profile, as
 * the platform's SDK renders it, on the server too (the editing host). An element the editor's profile
 * refuses (`script`, `iframe`, …) renders nothing; one that holds no content (`img`) gets none.
 */
export function ChromeElement({ entry }: { entry: HtmlElementRendering }) {
  const name = entry.name.toLowerCase();
  const contents = entry.contents;
  const markup = useMemo(() => (contents ? editableHtml(contents) : undefined), [contents]);
  const { props, key } = useMemo(() => chromeProps(name, entry.attributes), [name, entry.attributes]);
  // A placeholder marker's `key` (React keeps the prop for itself) is set in the DOM, as the SDK does.
  const setKey = useCallback((element: HTMLElement | null) => void (key && element?.setAttribute('key', key)), [key]);
  if (!allowedTag(name)) return null;
  const inner = markup && !VOID_ELEMENTS.has(name) ? { __html: markup } : undefined;
  return createElement(name, { ...props, ref: setKey, dangerouslySetInnerHTML: inner });
}

/** Props of {@link SanitizedRichText}. */
type SanitizedRichTextProps = {
  /** The element (`div`). */
  tag: string;
  /** The editors' HTML (the field's value). */
  html: string;
  /** The rich text field it is the value of. */
  field: Field | undefined;
  /** Its editing markup in edit mode, shown instead (sanitized with the editor's profile). */
  editable: string | undefined;
} & HTMLAttributes<HTMLElement>;

/**
 * A rich text field's HTML sanitized by the site's one sanitizer (the search layer's DOMPurify profile),
 * as Trusted Types where the browser has them, inside `tag`; in edit mode its editing markup with the
 * editor's profile. On the build's server it also hands the sanitized HTML to the prerenderer
 * ({@link PresanitizeContext}), which puts it in the page's data, so the browser need not sanitize it again.
 */
export function SanitizedRichText({ tag, html, field, editable, ...attributes }: SanitizedRichTextProps) {
  const markup = useMemo(
    () => (editable !== undefined ? editableHtml(editable) : sanitizedMarkup(html)),
    [editable, html],
  );
  const collect = useContext(PresanitizeContext);
  if (collect && field && editable === undefined) collect(field, String(markup));
  return createElement(tag, { ...attributes, dangerouslySetInnerHTML: { __html: markup } });
}
