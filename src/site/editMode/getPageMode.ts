/** The content platform's page states, carried by the `sc_mode` query parameter. */
export type PageMode = 'edit' | 'preview' | 'normal';

/**
 * Reads the page state from a query string (`?sc_mode=edit`); any other or
 * missing value is `normal`. Case-insensitive, as editors' links vary.
 */
export function getPageMode(search: string = typeof location === 'undefined' ? '' : location.search): PageMode {
  const mode = new URLSearchParams(search).get('sc_mode')?.toLowerCase();
  return mode === 'edit' || mode === 'preview' ? mode : 'normal';
}
