import { useId, useState, type FormEvent } from 'react';
import { usePreviewSearch, widget } from '../search/react.tsx';
import { sameOriginPath } from '../core/urlGuard.ts';
import { navigate } from './router/history.ts';
import { Link } from './router/Link.tsx';

function HeaderSearchView() {
  const { widgetRef, queryResult, suggestions, state, actions } = usePreviewSearch({ state: { itemsPerPage: 4 } });
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(`/search?q=${encodeURIComponent(state.keyphrase)}`);
    setOpen(false);
  };
  return (
    <div ref={widgetRef} className="header-search" onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setOpen(false)}>
      <form role="search" onSubmit={submit}>
        <input
          type="search"
          aria-label="Search the site"
          role="combobox"
          aria-autocomplete="list"
          aria-controls={panelId}
          aria-expanded={open}
          placeholder="Search"
          value={state.keyphrase}
          onFocus={() => setOpen(true)}
          onChange={(e) => {
            setOpen(true);
            actions.onKeyphraseChange({ keyphrase: e.currentTarget.value });
          }}
        />
      </form>
      <div id={panelId} className="header-search__panel" hidden={!open}>
        {suggestions.length > 0 ? (
          <ul aria-label="Suggestions">
            {suggestions.map((s) => (
              <li key={`${s.name}:${s.text}`}>
                <button type="button" onClick={() => actions.onSuggestionClick(s)}>{s.text}</button>
              </li>
            ))}
          </ul>
        ) : null}
        <ul aria-label="Suggested pages">
          {queryResult.data?.content.slice(0, 4).map((item, index) => (
            <li key={item.id}>
              <Link href={sameOriginPath(item.url) ?? `/search?q=${encodeURIComponent(item.name ?? '')}`}
                onClick={() => actions.onItemClick({ id: item.id, index })}>
                {item.name ?? item.id}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/** The header's preview search (type-ahead with up to three suggestions); Enter opens the results page. */
export const HeaderSearch = /* @__PURE__ */ widget(HeaderSearchView, 'preview_search', 'content');
