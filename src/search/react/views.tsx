// The default renderers of the widgets that list items (search results, preview
// search, recommendations, questions), and the parts they share.
import { createContext, useContext, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { safeLinkTarget } from '../../core/urlGuard.ts';
import { searchMessages } from '../errors.ts';
import type { SelectedFacet } from '../searchResults.ts';
import type { ContentItem, Facet } from '../types.ts';
import {
  usePreviewSearch,
  useQuestions,
  useRecommendation,
  useSearchResults,
  type SearchResultsActions,
  type UsePreviewSearchOptions,
  type UseQuestionsOptions,
  type UseRecommendationOptions,
  type UseSearchResultsOptions,
} from './hooks.ts';
import { useWidget, useWidgetsContext } from './provider.tsx';
import type { WidgetQueryResult } from './useWidgetData.ts';

/**
 * Every text the default renderers show, in English by default; an app shows them in the page's
 * language by providing its own through {@link WidgetLabelsContext}. `{count}` and `{label}` are
 * filled in.
 */
export interface WidgetLabels {
  /**
   * What a widget whose data could not be had shows, whatever the cause (the service's error
   * answer, no answer, the widget missing from the answer): the cause goes to the log, never to
   * the visitor, since a service's own text is neither in the page's language nor meant for them.
   */
  serviceProblem: string;
  tryAgain: string;
  tryingAgain: string;
  loading: string;
  /** The results region's name. */
  searchResults: string;
  /** The results page's search field's name. */
  search: string;
  searchButton: string;
  sortBy: string;
  relevance: string;
  resultsPerPage: string;
  /** `{count} results`. */
  resultCount: string;
  selectedFilters: string;
  /** `Remove filter: {label}`. */
  removeFilter: string;
  clearFilters: string;
  pagination: string;
  previous: string;
  next: string;
  suggestions: string;
  suggestedPages: string;
  /** The recommendations' title when the widget is given none. */
  recommended: string;
  questions: string;
  relatedQuestions: string;
  /** The banner widget's region name. */
  promotion: string;
}

/** The default renderers' English texts. */
export const DEFAULT_WIDGET_LABELS: WidgetLabels = {
  serviceProblem: 'Search is unavailable just now.',
  tryAgain: 'Try again',
  tryingAgain: 'Trying again…',
  loading: 'Loading…',
  searchResults: 'Search results',
  search: 'Search',
  searchButton: 'Search',
  sortBy: 'Sort by',
  relevance: 'Relevance',
  resultsPerPage: 'Results per page',
  resultCount: '{count} results',
  selectedFilters: 'Selected filters',
  removeFilter: 'Remove filter: {label}',
  clearFilters: 'Clear filters',
  pagination: 'Pagination',
  previous: 'Previous',
  next: 'Next',
  suggestions: 'Suggestions',
  suggestedPages: 'Suggested pages',
  recommended: 'Recommended for you',
  questions: 'Questions and answers',
  relatedQuestions: 'Related questions',
  promotion: 'Promotion',
};

/** The texts the default renderers below it show. Defaults to {@link DEFAULT_WIDGET_LABELS}. */
export const WidgetLabelsContext = createContext<WidgetLabels>(DEFAULT_WIDGET_LABELS);

/** The default renderers' texts ({@link WidgetLabelsContext}). */
export function useWidgetLabels(): WidgetLabels {
  return useContext(WidgetLabelsContext);
}

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (slot, name: string) => String(values[name] ?? slot));

// Failures already logged: a widget's error is one object however many components show it, and
// StrictMode runs each effect twice.
const logged = new WeakSet<Error>();

// Logs the widget's own failure once, for whoever debugs it: the service's message or the layer's
// (a widget missing from the answer). A failure without a message of its own (no answer, or an error
// answer without one) is the service call's, which the client logged already with its cause.
function useFailureLog(error: Error | null) {
  const { client } = useWidgetsContext();
  const { rfkId } = useWidget();
  useEffect(() => {
    if (!error || logged.has(error) || error.message === searchMessages.serviceCallProblem) return;
    logged.add(error);
    client.logger.error(searchMessages.serviceCallProblem, { widget: rfkId, message: error.message });
  }, [error, client, rfkId]);
}

/**
 * Announces loading and shows a failure (never a cancellation) as the labels' `serviceProblem`
 * sentence with a button that asks again, the failure's own message going to the layer's log;
 * renders nothing otherwise. For a widget's renderer (inside `widget()`).
 */
export function WidgetStatus({ queryResult }: { queryResult: WidgetQueryResult<unknown> }) {
  const labels = useWidgetLabels();
  useFailureLog(queryResult.isError ? queryResult.error : null);
  if (queryResult.isError)
    return (
      <div className="search-error">
        <p role="alert">{labels.serviceProblem}</p>
        <button type="button" disabled={queryResult.isFetching} onClick={() => void queryResult.refetch()}>
          {queryResult.isFetching ? labels.tryingAgain : labels.tryAgain}
        </button>
      </div>
    );
  if (queryResult.isLoading)
    return (
      <p className="search-loading" role="status">
        {labels.loading}
      </p>
    );
  return null;
}

/** Props of {@link ItemLink}. */
export interface ItemLinkProps {
  item: ContentItem;
  index: number;
  onItemClick: (payload: { id: string; index: number }) => void;
  /** Show the item's image. Defaults to false. */
  image?: boolean;
}

/**
 * One result item as a link (only to a safe URL; plain text otherwise), its image
 * (decorative: the name is the link text) and description. Reports the click
 * without stopping navigation.
 */
export function ItemLink({ item, index, onItemClick, image = false }: ItemLinkProps) {
  const href = safeLinkTarget(item.url);
  const src = image ? safeLinkTarget(item.image_url) : undefined;
  const name = typeof item.name === 'string' ? item.name : item.id;
  return (
    <>
      {src && <img className="search-item__image" src={src} alt="" loading="lazy" />}
      {href ? (
        <a className="search-item__link" href={href} onClick={() => onItemClick({ id: item.id, index })}>
          {name}
        </a>
      ) : (
        <span className="search-item__name">{name}</span>
      )}
      {typeof item.description === 'string' && <p className="search-item__description">{item.description}</p>}
    </>
  );
}

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

/**
 * Default recommendation renderer (unstyled, `search-recommendation*` class names): a titled list of
 * items. `title` is its heading; `null` leaves the heading out, for a page that heads the widget
 * itself (one heading per section). Defaults to the widget labels' `recommended` ("Recommended for you").
 */
export function RecommendationView({ title: given, ...options }: UseRecommendationOptions & { title?: string | null }) {
  const { widgetRef, queryResult, actions } = useRecommendation(options);
  const labels = useWidgetLabels();
  const title = given === undefined ? labels.recommended : given;
  return (
    <section ref={widgetRef} className="search-recommendation" aria-label={title ?? undefined}>
      {title === null ? null : <h2 className="search-recommendation__title">{title}</h2>}
      <WidgetStatus queryResult={queryResult} />
      <ul className="search-recommendation__items">
        {queryResult.data?.content.map((item, i) => (
          <li key={item.id} className="search-item">
            <ItemLink item={item} index={i} onItemClick={actions.onItemClick} image />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Default questions-and-answers renderer: the answer (with its source link) and related questions as disclosures. */
export function QuestionsView(options: UseQuestionsOptions) {
  const { widgetRef, queryResult } = useQuestions(options);
  const labels = useWidgetLabels();
  const questions = queryResult.data?.questions;
  const exact = questions?.exact_answer;
  const source = safeLinkTarget(exact?.source?.url);
  return (
    <section ref={widgetRef} className="search-questions" aria-label={labels.questions}>
      <WidgetStatus queryResult={queryResult} />
      {exact && (
        <div className="search-questions__answer">
          <h3>{exact.question}</h3>
          <p>{exact.answer}</p>
          {source && <a href={source}>{exact.source?.name ?? source}</a>}
        </div>
      )}
      {(questions?.related_questions?.length ?? 0) > 0 && (
        <div className="search-questions__related">
          <h3>{labels.relatedQuestions}</h3>
          {questions?.related_questions?.map((q) => (
            <details key={q.id ?? q.question}>
              <summary>{q.question}</summary>
              <p>{q.answer}</p>
            </details>
          ))}
        </div>
      )}
    </section>
  );
}
