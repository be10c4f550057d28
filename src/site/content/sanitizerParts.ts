import { onDemand } from '../onDemand.tsx';

// The sanitizer (DOMPurify and the site's profiles, sanitizedHtml.tsx), loaded on demand: for rich
// text the browser received itself, and for edit mode's editing markup. A prerendered page loads none.

const sanitizedHtml = onDemand(() => import('./sanitizedHtml.tsx'), ['src/site/content/sanitizedHtml.tsx']);

/** A rich text field's HTML, sanitized in the browser (HTML the build did not sanitize). */
export const SanitizedRichText = sanitizedHtml((m) => m.SanitizedRichText);
/** A field's editing markup in edit mode (the platform's HTML needs the sanitizer too). */
export const EditableMarkup = sanitizedHtml((m) => m.EditableMarkup);
/** An editor-only HTML element entry of a placeholder in edit mode (its contents need the sanitizer). */
export const ChromeElement = sanitizedHtml((m) => m.ChromeElement);
