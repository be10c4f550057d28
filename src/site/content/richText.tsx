import { createElement } from 'react';
import { presanitizedMarkup } from '../presanitized.ts';
import { SanitizedRichText } from './sanitizerParts.ts';
import { withFieldMetadata } from './markers.tsx';
import type { ContentComponentProps, Fields } from './renderingContext.ts';
import { type FieldProps, useEditable } from './fields.tsx';
import { textOf } from './fieldValues.ts';

// Editors' rich text. Its HTML must be sanitized before it reaches the DOM; a prerendered page's was,
// by the build (the same sanitizer, on the server), and its data carries the sanitized HTML: shown as
// it is, the visitor's browser loads no sanitizer for it. HTML the browser received from the layout
// service itself (a client-side navigation, edit mode) goes through the sanitizer, loaded on demand.

/**
 * A rich text field: the editors' HTML, sanitized by the site's one sanitizer (the search layer's
 * DOMPurify profile), as Trusted Types where the browser has them, in `tag` (a
 * `<div class="rich-text">` by default); nothing when empty. In edit mode its editing markup,
 * sanitized with the editor's profile, in that element instead. HTML the build already sanitized
 * (a prerendered page's own data) is shown as it is.
 */
function ContentRichTextField({ field, tag = 'div', className = 'rich-text', ...attributes }: FieldProps) {
  const editable = useEditable(field);
  const html = textOf(field);
  if (editable === undefined && html === '') return null;
  const presanitized = editable === undefined ? presanitizedMarkup(field) : undefined;
  if (presanitized !== undefined)
    return createElement(tag, { className, ...attributes, dangerouslySetInnerHTML: { __html: presanitized } });
  return (
    <SanitizedRichText tag={tag} className={className} {...attributes} html={html} field={field} editable={editable} />
  );
}

/** {@link ContentRichTextField}, between the hosted editor's field markers in metadata edit mode (markers.tsx). */
export const ContentRichText = withFieldMetadata(ContentRichTextField);

/** `RichText`: a block of the editors' HTML (field `text`), sanitized. */
export function RichText({ fields }: ContentComponentProps<Fields<'text'>>) {
  return (
    <div className="container">
      <ContentRichText field={fields.text} />
    </div>
  );
}
