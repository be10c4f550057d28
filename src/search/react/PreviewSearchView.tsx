import { useId } from 'react';
import { ItemLink } from './ItemLink.tsx';
import { usePreviewSearch, type UsePreviewSearchOptions } from './usePreviewSearch.ts';
import { WidgetStatus } from './WidgetStatus.tsx';

/**
 * Default preview-search renderer (unstyled, `search-preview*` class names): a
 * search field, up to three suggestions as buttons and the previewed items.
 */
export function PreviewSearchView(props: UsePreviewSearchOptions) {
  const { widgetRef, queryResult, state, suggestions, actions } = usePreviewSearch(props);
  const listId = useId();
  return (
    <div ref={widgetRef} className="search-preview">
      <input
        type="search"
        aria-label="Search the site"
        aria-controls={listId}
        value={state.keyphrase}
        onChange={(e) => actions.onKeyphraseChange({ keyphrase: e.currentTarget.value })}
      />
      <div id={listId} className="search-preview__panel">
        <WidgetStatus queryResult={queryResult} />
        {suggestions.length > 0 && (
          <ul className="search-preview__suggestions" aria-label="Suggestions">
            {suggestions.map((s) => (
              <li key={`${s.name}:${s.text}`}>
                <button type="button" onClick={() => actions.onSuggestionClick(s)}>{s.text}</button>
              </li>
            ))}
          </ul>
        )}
        <ul className="search-preview__items" aria-label="Suggested pages">
          {queryResult.data?.content.map((item, i) => (
            <li key={item.id} className="search-item"><ItemLink item={item} index={i} onItemClick={actions.onItemClick} /></li>
          ))}
        </ul>
      </div>
    </div>
  );
}
