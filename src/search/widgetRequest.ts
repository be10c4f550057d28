// One widget's request item: the widget types and the request builder.
import { searchConstants } from './config.ts';
import { SearchError, searchMessages } from './errors.ts';
import type { SearchFilter, WidgetItem } from './types.ts';

/**
 * The eight widget types of the search service's contract, under the reference SDK's names
 * (`SEARCH_RESULTS` is the `content_grid` type, `QUESTIONS` is `questions_answers`).
 */
export const WidgetDataType = Object.freeze({
  RECOMMENDATION: 'recommendation',
  PREVIEW_SEARCH: 'preview_search',
  SEARCH_RESULTS: 'content_grid',
  CONTENT_BLOCK: 'content_block',
  QUESTIONS: 'questions_answers',
  HTML_BLOCK: 'html_block',
  BANNER: 'banner',
  SEO: 'seo',
} as const);

/** One of the eight widget type strings. */
export type WidgetType = (typeof WidgetDataType)[keyof typeof WidgetDataType];

const TYPES: ReadonlySet<string> = new Set(Object.values(WidgetDataType));

/** True for one of the eight widget type strings. */
export function isWidgetType(value: unknown): value is WidgetType {
  return typeof value === 'string' && TYPES.has(value);
}

type SearchSpec = NonNullable<WidgetItem['search']>;
type FacetType = NonNullable<NonNullable<SearchSpec['facet']>['types']>[number];
type Order = 'asc' | 'desc';

/** Builds one widget's request item; keyed parts (facet types, suggestions, template variables) behave like maps. */
export interface WidgetRequestBuilder {
  /** Sets the keyphrase (`''` or `undefined` removes it). */
  keyphrase(keyphrase: string | undefined): WidgetRequestBuilder;
  /** Asks for the items' attributes (all when no fields are given). */
  content(fields?: string[]): WidgetRequestBuilder;
  /** Sets how many items to return (0–100). */
  limit(limit: number): WidgetRequestBuilder;
  /** Sets how many items to skip (≥ 0). */
  offset(offset: number): WidgetRequestBuilder;
  /** Sorts by one attribute and asks for the sort choices; no name removes the sort. */
  sort(name?: string, order?: Order): WidgetRequestBuilder;
  /** Asks for every facet (optionally at most `max` values each). */
  facets(options: { all?: boolean; max?: number }): WidgetRequestBuilder;
  /** Reads (one argument) or sets (two; `undefined` deletes) the options of one facet type. */
  facetType(name: string): Omit<FacetType, 'name'> | undefined;
  facetType(name: string, options: Omit<FacetType, 'name'> | undefined): WidgetRequestBuilder;
  /** Reads (one argument) or sets (two) the maximum of one suggestion block. */
  suggestion(name: string): number | undefined;
  suggestion(name: string, max: number | undefined): WidgetRequestBuilder;
  /** Reads (one argument) or sets (two) one appearance template variable. */
  variable(name: string): unknown;
  variable(name: string, value: unknown): WidgetRequestBuilder;
  /** Sets the filter (`undefined` removes it). */
  filter(filter: SearchFilter | undefined): WidgetRequestBuilder;
  /** Merges other item parts: `rules`, `personalization`, `recommendations`, `questions`, `appearance`, `sources`, `rfk_flags`. */
  set(parts: Omit<Partial<WidgetItem>, 'rfk_id' | 'entity' | 'search'>): WidgetRequestBuilder;
  /** The request item, as a fresh object. */
  build(): WidgetItem;
}

const integerIn = (field: string, value: number, min: number, max = Number.MAX_SAFE_INTEGER) => {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new SearchError(
      'INVALID_RANGE',
      `Invalid ${field}: ${String(value)}. It should be an integer from ${min}${max === Number.MAX_SAFE_INTEGER ? '' : ` to ${max}`}`,
      { name: 'RangeError' },
    );
  }
  return value;
};

/**
 * Starts a widget request for `rfkId` and `entity` (the content entity, e.g.
 * `content`). Keyed accessors follow map semantics: called without a key they
 * throw `Invalid number of arguments`; with a key that is not a string,
 * `Invalid map key argument: {key}`.
 */
export function createWidgetRequest(
  rfkId: string,
  entity: string,
  initial: Partial<WidgetItem> = {},
): WidgetRequestBuilder {
  return new Builder(rfkId, entity, initial);
}

class Builder implements WidgetRequestBuilder {
  readonly #rfkId: string;
  readonly #entity: string;
  #parts: Partial<WidgetItem>;
  readonly #search: SearchSpec;
  readonly #facetTypes: Map<string, Omit<FacetType, 'name'>>;
  readonly #suggestions: Map<string, number>;
  readonly #variables: Map<string, unknown>;

  constructor(rfkId: string, entity: string, initial: Partial<WidgetItem>) {
    const { search, ...parts } = initial;
    this.#rfkId = rfkId;
    this.#entity = entity;
    this.#parts = parts;
    this.#search = structuredClone(search ?? {});
    this.#facetTypes = new Map((this.#search.facet?.types ?? []).map(({ name, ...o }) => [name, o]));
    this.#suggestions = new Map(
      (this.#search.suggestion ?? []).map(({ name, max }) => [name, max ?? searchConstants.SUGGESTIONS_MAX]),
    );
    this.#variables = new Map(Object.entries(parts.appearance?.variables ?? {}));
    // The maps own these parts from now on; build() writes them back.
    delete this.#search.facet?.types;
    delete this.#search.suggestion;
  }

  keyphrase(keyphrase: string | undefined) {
    if (keyphrase) this.#search.query = { keyphrase };
    else delete this.#search.query;
    return this;
  }

  content(fields?: string[]) {
    this.#search.content = fields ? { fields } : {};
    return this;
  }

  limit(limit: number) {
    this.#search.limit = integerIn('limit', limit, 0, 100);
    return this;
  }

  offset(offset: number) {
    this.#search.offset = integerIn('offset', offset, 0);
    return this;
  }

  sort(name?: string, order?: Order) {
    this.#search.sort = name ? { choices: true, value: [{ name, ...(order ? { order } : {}) }] } : { choices: true };
    return this;
  }

  facets({ all = true, max }: { all?: boolean; max?: number }) {
    this.#search.facet = {
      ...this.#search.facet,
      all,
      ...(max === undefined ? {} : { max: integerIn('facet max', max, 0) }),
    };
    return this;
  }

  facetType(name: string): Omit<FacetType, 'name'> | undefined;
  facetType(name: string, options: Omit<FacetType, 'name'> | undefined): WidgetRequestBuilder;
  facetType(...args: unknown[]) {
    return this.#access(this.#facetTypes, args) as never;
  }

  suggestion(name: string): number | undefined;
  suggestion(name: string, max: number | undefined): WidgetRequestBuilder;
  suggestion(...args: unknown[]) {
    return this.#access(this.#suggestions, args) as never;
  }

  variable(name: string): unknown;
  variable(name: string, value: unknown): WidgetRequestBuilder;
  variable(...args: unknown[]) {
    return this.#access(this.#variables, args) as never;
  }

  filter(filter: SearchFilter | undefined) {
    if (filter) this.#search.filter = filter;
    else delete this.#search.filter;
    return this;
  }

  set(parts: Omit<Partial<WidgetItem>, 'rfk_id' | 'entity' | 'search'>) {
    this.#parts = { ...this.#parts, ...parts };
    for (const [k, v] of Object.entries(parts.appearance?.variables ?? {})) this.#variables.set(k, v);
    return this;
  }

  build(): WidgetItem {
    const search: SearchSpec = structuredClone(this.#search);
    if (this.#facetTypes.size)
      search.facet = { ...search.facet, types: [...this.#facetTypes].map(([name, o]) => ({ name, ...o })) };
    if (this.#suggestions.size) search.suggestion = [...this.#suggestions].map(([name, max]) => ({ name, max }));
    const variables = this.#variables.size ? { variables: Object.fromEntries(this.#variables) } : {};
    const appearance =
      this.#parts.appearance || this.#variables.size ? { ...this.#parts.appearance, ...variables } : undefined;
    return structuredClone({
      ...this.#parts,
      rfk_id: this.#rfkId,
      entity: this.#entity,
      ...(Object.keys(search).length ? { search } : {}),
      ...(appearance ? { appearance } : {}),
    }) as WidgetItem;
  }

  #access(map: Map<string, unknown>, args: unknown[]) {
    const result = mapAccess(map, args);
    return result.wrote ? this : result.value;
  }
}

/**
 * Map semantics of the request builder's keyed accessors: one argument reads,
 * two write (`undefined` deletes). No argument throws `Invalid number of arguments`;
 * a key that is not a string throws `Invalid map key argument: {key}`.
 * Returns `{ wrote: false, value }` for a read and `{ wrote: true }` for a write.
 */
function mapAccess<V>(map: Map<string, V>, args: readonly unknown[]): { wrote: boolean; value: V | undefined } {
  if (args.length === 0 || args.length > 2)
    throw new SearchError('INVALID_NUMBER_OF_ARGUMENTS', searchMessages.invalidNumberOfArguments);
  const [key, value] = args;
  if (typeof key !== 'string') throw new SearchError('INVALID_MAP_KEY', searchMessages.invalidMapKey(key));
  if (args.length === 1) return { wrote: false, value: map.get(key) };
  if (value === undefined) map.delete(key);
  else map.set(key, value as V);
  return { wrote: true, value: undefined };
}
