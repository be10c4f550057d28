import { createElement, type ComponentType, type ReactNode } from 'react';
import type { Field } from '../../content/index.ts';
import { useEditMode } from './renderingContext.ts';

// The markers the platform's hosted page editor (metadata edit mode) reads to map the page: its layout
// answer carries no markup, so the site writes a `<code type="text/sitecore" class="scpm">` pair
// around every field (the open one holding the field's metadata as JSON), every placeholder's
// renderings (its id naming the placeholder and the rendering that owns it) and every rendering (its
// uid), as the platform's React SDK does (FieldMetadata, PlaceholderMetadata). Edit mode only; the
// older in-page editor (chromes) sends its markers in the answer and gets none of these.

/** The uid that owns the route's own placeholders (they have no rendering): the platform's all-zero uid. */
export const DEFAULT_PLACEHOLDER_UID = '00000000-0000-0000-0000-000000000000';

/** What an empty field shows the editor between its markers, so it can be found and filled. */
export const EMPTY_FIELD_TEXT = '[No text in field]';

/** The componentName the platform gives a rendering hidden from the page being edited (personalization). */
export const HIDDEN_RENDERING_NAME = 'Hidden Rendering';

/** The platform's value of a date field with no date (.NET's `DateTime.MinValue`). */
const EMPTY_DATE = '0001-01-01T00:00:00Z';

type MarkerType = 'field' | 'placeholder' | 'rendering';

// A `<code>` marker. createElement: the platform's attributes (`chrometype`, `kind`, a `type` on
// `code`) are no props React's element types know, and go to the DOM as written.
function marker(chrometype: MarkerType, kind: 'open' | 'close', id?: string, text?: string): ReactNode {
  return createElement('code', { type: 'text/sitecore', chrometype, className: 'scpm', kind, id }, text);
}

/** The field's `metadata` object, or `undefined` when it has none (every answer but a metadata-mode one). */
export function metadataOf(field: Field | undefined): Record<string, unknown> | undefined {
  if (!field || Array.isArray(field)) return undefined;
  const metadata = (field as { metadata?: unknown }).metadata;
  return metadata !== null && typeof metadata === 'object' && !Array.isArray(metadata)
    ? (metadata as Record<string, unknown>)
    : undefined;
}

/**
 * Whether a field holds nothing to show: no value, an empty string, an image without `src`, a link
 * without `href`, or the platform's empty date. An item list is never empty here (it has no markers).
 */
function isFieldEmpty(field: Field | undefined): boolean {
  if (!field || Array.isArray(field) || !('value' in field)) return true;
  const value: unknown = field.value;
  if (value === undefined || value === null || value === '' || value === EMPTY_DATE) return true;
  if (typeof value !== 'object') return false;
  const { src, href } = value as { src?: unknown; href?: unknown };
  if ('src' in value) return typeof src !== 'string' || src === '';
  if ('href' in value) return typeof href !== 'string' || href === '';
  return Object.keys(value).length === 0;
}

/**
 * A field between its markers (metadata edit mode): the open marker holds `metadata` as JSON (React
 * writes it as text: nothing in it becomes markup), then the field, then the close marker.
 */
function FieldMarkers({ metadata, children }: { metadata: Record<string, unknown>; children: ReactNode }) {
  return (
    <>
      {marker('field', 'open', undefined, JSON.stringify(metadata))}
      {children}
      {marker('field', 'close')}
    </>
  );
}

/** What an empty field shows the editor in metadata edit mode (its own class: the site's styles, no inline ones). */
function EmptyField() {
  return <span className="sc-empty-field">{EMPTY_FIELD_TEXT}</span>;
}

/**
 * `Component`, a field component, with the metadata-mode markers around it where the field carries
 * `metadata` (an empty field: the editor's empty-field text instead of the component). Elsewhere it is
 * `Component` as it is, so visitors, preview and the chromes editor get exactly what they did.
 */
export function withFieldMetadata<P extends { field: Field | undefined }>(
  Component: ComponentType<P>,
): ComponentType<P> {
  function WithFieldMetadata(props: P) {
    const metadata = useEditMode() === 'metadata' ? metadataOf(props.field) : undefined;
    if (!metadata) return <Component {...props} />;
    return (
      <FieldMarkers metadata={metadata}>
        {isFieldEmpty(props.field) ? <EmptyField /> : <Component {...props} />}
      </FieldMarkers>
    );
  }
  WithFieldMetadata.displayName = `WithFieldMetadata(${Component.displayName ?? Component.name})`;
  return WithFieldMetadata;
}

/** The id of a placeholder's open marker: `<placeholder>_<uid of the rendering that owns it>` (the route's: all zeros). */
export function placeholderMarkerId(key: string, ownerUid: string | undefined): string {
  return `${key}_${ownerUid || DEFAULT_PLACEHOLDER_UID}`;
}

/** A placeholder's renderings between its markers (metadata edit mode); `key` is its name in the answer (a dynamic one's pattern). */
export function PlaceholderMarkers({
  id,
  children,
}: {
  /** From {@link placeholderMarkerId}. */
  id: string;
  children: ReactNode;
}) {
  return (
    <>
      {marker('placeholder', 'open', id)}
      {children}
      {marker('placeholder', 'close')}
    </>
  );
}

/** One rendering between its markers (metadata edit mode), the open one carrying its uid. */
export function RenderingMarkers({ uid, children }: { uid: string; children: ReactNode }) {
  return (
    <>
      {marker('rendering', 'open', uid)}
      {children}
      {marker('rendering', 'close')}
    </>
  );
}

/**
 * A placeholder with no rendering, in edit mode (either editor): a visible, full-width drop target
 * around its markers, in the element the platform's SDK uses (`div.sc-jss-empty-placeholder`, styled
 * by the site's theme), so the editor can add a rendering to it.
 */
export function EmptyPlaceholder({ children }: { children: ReactNode }) {
  return <div className="sc-jss-empty-placeholder">{children}</div>;
}

/** What an editor sees of a rendering hidden from the page being edited: a hatched block (the site's class, no inline style). */
export function HiddenRendering() {
  return <div className="sc-hidden-rendering">The component is hidden</div>;
}
