import { createContext } from 'react';
import { trustedPolicy } from '../core/trustedTypes.ts';
import type { PrerenderedState } from './prerenderState.ts';

// The rich text the build sanitized: a prerendered page carries it sanitized in its data, and the
// browser shows exactly those fields as they are, through a Trusted Types policy that passes only
// them (`presanitized-html`), so a prerendered page never loads the sanitizer.

/**
 * The prerenderer's collector of sanitized rich text: a rich text field rendered on the build's
 * server reports its field and sanitized HTML here, and the build puts that HTML in the page's data
 * in place of the field's value ({@link PrerenderedState.sanitized}). `null` in the browser.
 */
export const PresanitizeContext = createContext<((field: object, html: string) => void) | null>(null);

// The rich text fields of the hydrated page's data that the build sanitized, and their values.
const presanitizedFields = new WeakSet<object>();
const presanitizedValues = new Set<string>();

/**
 * Trusts the rich text the build sanitized in a prerendered page's data (`state.sanitized`), so the
 * browser shows it without loading the sanitizer. Only this page's own state is trusted: rich text
 * from the layout service (a client-side navigation) is sanitized in the browser.
 */
export function trustPresanitized(state: PrerenderedState): void {
  for (const [index, ...path] of state.sanitized ?? []) {
    let node: unknown = typeof index === 'number' ? state.queries.queries[index]?.state.data : undefined;
    for (const key of path) node = node !== null && typeof node === 'object' ? Reflect.get(node, key) : undefined;
    const value = node !== null && typeof node === 'object' ? (node as { value?: unknown }).value : undefined;
    if (typeof value === 'string') {
      presanitizedFields.add(node as object);
      presanitizedValues.add(value);
    }
  }
}

/**
 * The build's sanitized HTML of rich text `field`, in the form `innerHTML` takes (a `TrustedHTML` of
 * the `presanitized-html` policy where the browser has Trusted Types: it passes only HTML the build
 * sanitized), or `undefined` when the field is not one the build sanitized.
 */
export function presanitizedMarkup(field: unknown): string | TrustedHTML | undefined {
  if (field === null || typeof field !== 'object' || !presanitizedFields.has(field)) return undefined;
  const html = (field as { value: string }).value;
  const policy = trustedPolicy('presanitized-html', {
    createHTML: (input) => (presanitizedValues.has(input) ? input : ''),
  });
  return policy ? (policy.createHTML(html) as TrustedHTML) : html;
}
