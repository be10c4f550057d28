// The default preview-search renderer: the field (a combobox when it is a popup), its suggestions
// and the previewed items.
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { usePreviewSearch, type UsePreviewSearchOptions } from './hooks.ts';
import { useWidgetLabels } from './labels.ts';
import { ItemLink, WidgetStatus, type ItemLinkProps } from './widgetParts.tsx';

const itemLink = (props: ItemLinkProps) => <ItemLink {...props} />;

/** Props of {@link PreviewSearchView}: the hook's options, and how the preview shows. */
export interface PreviewSearchViewProps extends UsePreviewSearchOptions {
  /**
   * Called with the keyphrase when the visitor presses Enter (e.g. to open a results page); the
   * field then sits in a `role="search"` form. Defaults to none (no form).
   */
  onSubmit?: (keyphrase: string) => void;
  /**
   * Show the suggestions and items as the field's popup (a combobox): open while the field has the
   * focus or is typed in, closed when the focus leaves the widget and on submit. Defaults to false
   * (always shown).
   */
  popup?: boolean;
  /** Take the focus on mount, with the caret after the starting keyphrase. Defaults to false. */
  autoFocus?: boolean;
  /** The field's placeholder. Defaults to none. */
  placeholder?: string;
  /** The field's accessible name. Defaults to `'Search the site'`. */
  label?: string;
  /**
   * The search form's accessible name (with `onSubmit`), telling it apart from another search form
   * of the page (axe `landmark-unique`). Defaults to none.
   */
  formLabel?: string;
  /** Renders one previewed item, e.g. with the app's router link. Defaults to {@link ItemLink}. */
  renderItem?: (props: ItemLinkProps) => ReactNode;
  /** More class names of the root element, which always has `search-preview`. Defaults to none. */
  className?: string;
}

/**
 * Default preview-search renderer (unstyled, `search-preview*` class names): a
 * search field, up to three suggestions as buttons and the previewed items (no more
 * than `itemsPerPage`). Wrap it: `widget(PreviewSearchView, 'preview_search', 'content')`.
 */
export function PreviewSearchView({
  onSubmit,
  popup = false,
  autoFocus = false,
  placeholder,
  label = 'Search the site',
  formLabel,
  renderItem = itemLink,
  className,
  ...options
}: PreviewSearchViewProps) {
  const { widgetRef, queryResult, state, suggestions, actions } = usePreviewSearch(options);
  const labels = useWidgetLabels();
  const listId = useId();
  const [open, setOpen] = useState(autoFocus);
  const input = useRef<HTMLInputElement>(null);
  // Focused on mount only: the caret goes after the keyphrase the preview starts with.
  const [takesFocus] = useState(autoFocus);
  useEffect(() => {
    const box = input.current;
    if (takesFocus && box) box.setSelectionRange(box.value.length, box.value.length);
  }, [takesFocus]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit?.(state.keyphrase);
    setOpen(false);
  };
  const field = (
    <input
      type="search"
      aria-label={label}
      aria-controls={listId}
      {...(popup ? { role: 'combobox', 'aria-autocomplete': 'list', 'aria-expanded': open } : {})}
      placeholder={placeholder}
      autoFocus={autoFocus}
      ref={input}
      value={state.keyphrase}
      onFocus={() => setOpen(true)}
      onChange={(e) => {
        setOpen(true);
        actions.onKeyphraseChange({ keyphrase: e.currentTarget.value });
      }}
    />
  );
  return (
    <div
      ref={widgetRef}
      className={className ? `search-preview ${className}` : 'search-preview'}
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setOpen(false)}
    >
      {onSubmit ? (
        <form role="search" onSubmit={submit} aria-label={formLabel}>
          {field}
        </form>
      ) : (
        field
      )}
      <div id={listId} className="search-preview__panel" hidden={popup && !open}>
        <WidgetStatus queryResult={queryResult} />
        {suggestions.length > 0 && (
          <ul className="search-preview__suggestions" aria-label={labels.suggestions}>
            {suggestions.map((s) => (
              <li key={`${s.name}:${s.text}`}>
                <button type="button" onClick={() => actions.onSuggestionClick(s)}>
                  {s.text}
                </button>
              </li>
            ))}
          </ul>
        )}
        <ul className="search-preview__items" aria-label={labels.suggestedPages}>
          {queryResult.data?.content.slice(0, state.itemsPerPage).map((item, i) => (
            <li key={item.id} className="search-item">
              {renderItem({ item, index: i, onItemClick: actions.onItemClick })}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
