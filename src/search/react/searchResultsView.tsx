// The default search-results renderer: the search box, facets, selected filters, sort, page size,
// results and pagination.
import { useId, type FormEvent } from 'react';
import type { SelectedFacet } from '../searchResults.ts';
import type { Facet } from '../types.ts';
import { useSearchResults, type SearchResultsActions, type UseSearchResultsOptions } from './hooks.ts';
import { fill, useWidgetLabels } from './labels.ts';
import { ItemLink, WidgetStatus } from './widgetParts.tsx';

const PAGE_SIZES = [12, 24, 48];

/**
 * Default search-results renderer (unstyled, `search-results*` class names): a
 * search box, facets as checkboxes (range values as range filters), the selected
 * filters with remove and clear buttons, sort and page-size selects, the results
 * and pagination. Wrap it: `widget(SearchResultsView, WidgetDataType.SEARCH_RESULTS, 'content')`.
 */
export function SearchResultsView(props: UseSearchResultsOptions) {
  const { widgetRef, queryResult, state, actions } = useSearchResults(props);
  const labels = useWidgetLabels();
  const data = queryResult.data;
  const total = data?.total_item ?? 0;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actions.onKeyphraseChange({ keyphrase: String(new FormData(event.currentTarget).get('keyphrase') ?? '') });
  };
  return (
    <section
      ref={widgetRef}
      className="search-results"
      aria-label={labels.searchResults}
      aria-busy={queryResult.isFetching}
    >
      <form role="search" className="search-results__form" onSubmit={onSubmit} aria-label={labels.search}>
        <input type="search" name="keyphrase" aria-label={labels.search} defaultValue={state.keyphrase} />
        <button type="submit">{labels.searchButton}</button>
      </form>
      <WidgetStatus queryResult={queryResult} />
      <SelectedFilters selected={state.selectedFacets} actions={actions} />
      {data?.facet?.map((facet, i) => (
        <FacetGroup key={facet.name} facet={facet} index={i} selected={state.selectedFacets} actions={actions} />
      ))}
      <Choice
        label={labels.sortBy}
        value={state.sortType ?? ''}
        onChange={(v) => actions.onSortChange(sortOf(v, data?.sort?.choices))}
        options={[
          ['', labels.relevance],
          ...(data?.sort?.choices ?? []).map((c) => [c.name, c.label ?? c.name] as [string, string]),
        ]}
      />
      <Choice
        label={labels.resultsPerPage}
        value={String(state.itemsPerPage)}
        onChange={(v) => actions.onResultsPerPageChange({ numItems: Number(v) })}
        options={[...new Set([...PAGE_SIZES, state.itemsPerPage])].map(
          (n) => [String(n), String(n)] as [string, string],
        )}
      />
      {/* Kept in place while loading (nothing moves when the answer lands), empty until there is a count. */}
      <p className="search-results__count" aria-live="polite">
        {data ? fill(labels.resultCount, { count: total }) : ''}
      </p>
      <ol className="search-results__items">
        {data?.content.map((item, i) => (
          <li key={item.id} className="search-item">
            <ItemLink item={item} index={i} onItemClick={actions.onItemClick} image />
          </li>
        ))}
      </ol>
      <Pagination
        page={state.page}
        pages={Math.ceil(total / state.itemsPerPage)}
        onChange={(page) => actions.onPageNumberChange({ page })}
      />
    </section>
  );
}

function sortOf(name: string, choices: { name: string; order?: 'asc' | 'desc' }[] = []) {
  const choice = choices.find((c) => c.name === name);
  return choice ? { sortType: choice.name, ...(choice.order ? { sortDirection: choice.order } : {}) } : {};
}

function FacetGroup({
  facet,
  index,
  selected,
  actions,
}: {
  facet: Facet;
  index: number;
  selected: SelectedFacet[];
  actions: SearchResultsActions;
}) {
  const mine = selected.filter((s) => s.facetId === facet.name);
  return (
    <fieldset className="search-facet">
      <legend>{facet.label ?? facet.name}</legend>
      {facet.value.map((v, j) => {
        const base = {
          facetId: facet.name,
          facetIndex: index,
          facetValueIndex: j,
          valueLabel: v.text,
          ...(facet.label ? { facetLabel: facet.label } : {}),
          ...(facet.field ? { facetField: facet.field } : {}),
        };
        const range = v.min !== undefined || v.max !== undefined;
        const checked = mine.some((s) =>
          range ? s.facetValueId === undefined && s.min === v.min && s.max === v.max : s.facetValueId === v.id,
        );
        const toggle = (on: boolean) =>
          range
            ? actions.onFilterClick({ ...base, min: v.min, max: v.max, checked: on })
            : actions.onFacetClick({ ...base, facetValueId: v.id, checked: on });
        return (
          <label key={v.id} className="search-facet__value">
            <input type="checkbox" checked={checked} onChange={(e) => toggle(e.currentTarget.checked)} />
            {v.text}
            {v.count === undefined ? '' : ` (${v.count})`}
          </label>
        );
      })}
    </fieldset>
  );
}

function SelectedFilters({ selected, actions }: { selected: SelectedFacet[]; actions: SearchResultsActions }) {
  const labels = useWidgetLabels();
  if (selected.length === 0) return null;
  return (
    <div className="search-results__selected">
      <ul aria-label={labels.selectedFilters}>
        {selected.map((s) => {
          const label = s.valueLabel ?? s.facetValueId ?? s.facetId;
          return (
            <li key={`${s.facetId}:${s.facetValueId ?? 'range'}`}>
              <button
                type="button"
                aria-label={fill(labels.removeFilter, { label })}
                onClick={() =>
                  actions.onRemoveFilter({
                    facetId: s.facetId,
                    ...(s.facetValueId ? { facetValueId: s.facetValueId } : {}),
                  })
                }
              >
                {label} ×
              </button>
            </li>
          );
        })}
      </ul>
      <button type="button" onClick={() => actions.onClearFilters()}>
        {labels.clearFilters}
      </button>
    </div>
  );
}

function Choice({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: [string, string][];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <span className="search-results__choice">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </span>
  );
}

function Pagination({ page, pages, onChange }: { page: number; pages: number; onChange: (page: number) => void }) {
  const labels = useWidgetLabels();
  if (pages <= 1) return null;
  return (
    <nav className="search-results__pagination" aria-label={labels.pagination}>
      <button type="button" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {labels.previous}
      </button>
      {Array.from({ length: pages }, (_, i) => i + 1)
        .filter((n) => Math.abs(n - page) <= 2 || n === 1 || n === pages)
        .map((n) => (
          <button key={n} type="button" aria-current={n === page ? 'page' : undefined} onClick={() => onChange(n)}>
            {n}
          </button>
        ))}
      <button type="button" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        {labels.next}
      </button>
    </nav>
  );
}
