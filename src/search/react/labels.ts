// The texts of the default renderers: English by default, an app's own (in the page's language)
// through WidgetLabelsContext.
import { createContext, useContext } from 'react';

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

/** `text` with its `{name}` slots filled from `values` (a slot without a value stays as it is). */
export const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (slot, name: string) => String(values[name] ?? slot));
