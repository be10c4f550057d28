import { SearchResultsActionType as T } from './actionTypes.ts';
import type { SearchResultsAction } from './searchResultsReducer.ts';
import { searchMessages } from './errors.ts';

const filled = (value: unknown) => typeof value === 'string' && value.trim() !== '';
const intFrom = (value: unknown, min: number, max = Number.MAX_SAFE_INTEGER) =>
  Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
const finiteOrAbsent = (value: unknown) => value === undefined || (typeof value === 'number' && Number.isFinite(value));

/**
 * Why a search-results interaction cannot be applied or reported, or `null`.
 * Facet, filter and remove actions need the facet id (`Filter's name is not
 * defined`); an item click needs the item's id and a valid index; pages, page
 * sizes, ranges and keyphrases must be well formed.
 */
export function describeInvalidAction(action: SearchResultsAction): string | null {
  const p = (action.payload ?? {}) as Record<string, unknown>;
  switch (action.type) {
    case T.FACET_CLICKED:
      if (!filled(p.facetId)) return searchMessages.trackFilterNameMissing;
      return filled(p.facetValueId) ? null : 'Invalid facetValueId: it should be a non-empty string';
    case T.FILTER_CLICKED: {
      if (!filled(p.facetId)) return searchMessages.trackFilterNameMissing;
      const ok = finiteOrAbsent(p.min) && finiteOrAbsent(p.max) && (p.min !== undefined || p.max !== undefined || p.checked === false);
      const ordered = p.min === undefined || p.max === undefined || (p.min as number) <= (p.max as number);
      return ok && ordered ? null : 'Invalid range: min and max should be numbers with min ≤ max';
    }
    case T.REMOVE_FILTER:
      return filled(p.facetId) ? null : searchMessages.trackFilterNameMissing;
    case T.PAGE_NUMBER_CHANGED:
      return intFrom(p.page, 1) ? null : `Invalid page: ${String(p.page)}. It should be an integer ≥ 1`;
    case T.RESULTS_PER_PAGE_CHANGED:
      return intFrom(p.numItems, 1, 100) ? null : `Invalid numItems: ${String(p.numItems)}. It should be an integer from 1 to 100`;
    case T.ITEM_CLICKED:
      if (!filled(p.id)) return searchMessages.trackEntityFieldMissing;
      return intFrom(p.index, 0) ? null : searchMessages.trackIndexMissing;
    case T.KEYPHRASE_CHANGED:
      return typeof p.keyphrase === 'string' ? null : 'Invalid keyphrase: it should be a string';
    case T.SORT_CHANGED:
      return p.sortType === undefined || filled(p.sortType) ? null : 'Invalid sortType: it should be a non-empty string';
    default:
      return null;
  }
}
