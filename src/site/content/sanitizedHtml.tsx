import { createElement, useCallback, useContext, useMemo, type HTMLAttributes, type Ref } from 'react';
import createDOMPurify, { type Config, type DOMPurify } from 'dompurify';
import type { Field, HtmlElementRendering } from '../../content/index.ts';
import { sanitizedMarkup, sanitizerConfig } from '../../search/index.ts';
import { PresanitizeContext } from '../prerenderState.ts';

// The site's HTML that needs the sanitizer in the browser: editors' rich text the browser received
// from the layout service itself (a client-side navigation, a page rendered from scratch), and the
// content platform's editing markup (edit mode). This module loads on demand (onDemand.tsx), so
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

function editorPurify(): DOMPurify | undefined {
  if (typeof window === 'undefined') return undefined;
  if (!editorPurifier) {
    // A private instance: these hooks apply to the editing markup only.
    editorPurifier = createDOMPurify(window);
    editorPurifier.addHook('uponSanitizeAttribute', (_node, data) => {
      if ((data.attrName === 'id' || data.attrName === 'name') && !PLATFORM_ID.test(data.attrValue))
        data.attrValue = `user-content-${data.attrValue}`;
    });
    editorPurifier.addHook('afterSanitizeAttributes', (node) => {
      if (node.nodeName === 'A' && node.hasAttribute('target')) node.setAttribute('rel', 'noopener noreferrer');
      if (node.nodeName === 'INPUT') node.setAttribute('type', 'hidden');
    });
  }
  return editorPurifier;
}

/**
 * The platform's editing markup sanitized with the editor's profile (above). `''` where there is no
 * DOM: edit mode is never rendered on a server.
 */
export function sanitizeEditable(html: string): string {
  const purify = editorPurify();
  return purify?.isSupported ? String(purify.sanitize(html, EDITOR_CONFIG)) : '';
}

interface TrustedTypesLike {
  createPolicy(name: string, rules: { createHTML(input: string): string }): { createHTML(input: string): TrustedHTML };
}

let policy: { createHTML(input: string): TrustedHTML } | null | undefined;

// As TrustedHTML where the browser has Trusted Types (policy `editable-html`, whose only rule is
// sanitizeEditable): a page that enforces them must allow that policy for edit mode to work.
function editableHtml(html: string): string | TrustedHTML {
  const trustedTypes = (window as { trustedTypes?: TrustedTypesLike }).trustedTypes;
  if (trustedTypes && policy === undefined) {
    try {
      policy = trustedTypes.createPolicy('editable-html', { createHTML: sanitizeEditable });
    } catch {
      policy = null;
    }
  }
  return policy ? policy.createHTML(html) : sanitizeEditable(html);
}

/** Props of {@link EditableMarkup}: the element, the platform's editing markup, the element's attributes. */
export type EditableMarkupProps = { tag: string; html: string; ref?: Ref<HTMLElement> } & HTMLAttributes<HTMLElement>;

/** A field's editing markup (edit mode), sanitized with the editor's profile, inside `tag`. */
export function EditableMarkup({ tag, html, ...attributes }: EditableMarkupProps) {
  const markup = useMemo(() => editableHtml(html), [html]);
  return createElement(tag, { ...attributes, dangerouslySetInnerHTML: { __html: markup } });
}

// The elements the platform's chrome entries are: `code` markers and the `div` of a hidden rendering.
const CHROME_ELEMENTS = new Set(['code', 'div', 'span']);
const ATTRIBUTE_NAME = /^[a-z][a-z0-9_.:-]*$/i;

/**
 * An editor-only HTML element entry of a placeholder (edit mode): the element `name` with its
 * `attributes` as sent and its `contents` as HTML (sanitized with the editor's profile), as the
 * platform's SDK renders it. The attributes are set on the element itself, as the platform's editor
 * reads them (`class`, `key`, `chrometype`, …), except event handlers (`on…`) and `style`. An entry
 * naming an element other than `code`, `div` or `span` renders nothing.
 */
export function ChromeElement({ entry }: { entry: HtmlElementRendering }) {
  const name = entry.name.toLowerCase();
  const contents = entry.contents;
  const markup = useMemo(() => (contents ? editableHtml(contents) : undefined), [contents]);
  const attributes = entry.attributes;
  // Set through the DOM, not as React props: React renames or refuses some (`class`, `key`, `style`).
  const apply = useCallback(
    (element: HTMLElement | null) => {
      for (const [attribute, value] of Object.entries(attributes ?? {})) {
        if (!ATTRIBUTE_NAME.test(attribute) || /^on/i.test(attribute) || attribute.toLowerCase() === 'style') continue;
        element?.setAttribute(attribute, String(value));
      }
    },
    [attributes],
  );
  if (!CHROME_ELEMENTS.has(name)) return null;
  return createElement(name, { ref: apply, dangerouslySetInnerHTML: markup ? { __html: markup } : undefined });
}

/** Props of {@link SanitizedRichText}. */
export type SanitizedRichTextProps = {
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
