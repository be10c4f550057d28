/**
 * The eight widget types of the specification, under the reference SDK's names
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
