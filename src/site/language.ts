// The site's languages and where each lives: English, the default, at `/`, every other language
// under its code (`/de/…`). A page's URL says its language; the content item is the same path
// without the prefix (`/de/capabilities` is the item `/capabilities` in German, `sc_lang=de`).

/** One language the site is published in. */
interface SiteLanguage {
  /** The content platform's language code (`sc_lang`, `<html lang>`, the URL prefix). */
  code: string;
  /** Its locale (`en-GB`): the search requests' `locale`, dates and amounts. */
  locale: string;
  /** Its own name for itself, as the language switcher lists it (the same in every language). */
  name: string;
}

/** The languages the site is published in, the default first. */
export const SITE_LANGUAGES: readonly SiteLanguage[] = [
  { code: 'en', locale: 'en-GB', name: 'English' },
  { code: 'de', locale: 'de-DE', name: 'Deutsch' },
];

/** The default language: its pages have no prefix, and it is the `x-default` alternate. */
export const DEFAULT_LANGUAGE = SITE_LANGUAGES[0]!.code;

/** The site language of `code`, or `undefined` when the site has none such. */
export function siteLanguage(code: string | undefined): SiteLanguage | undefined {
  return SITE_LANGUAGES.find((language) => language.code === code);
}

/** A page's path split into its language and its content item. */
interface LocatedPath {
  /** The page's language code (`de` for `/de/…`, else the default). */
  language: string;
  /** The content item the page shows (`/capabilities` for `/de/capabilities`). */
  item: string;
}

/**
 * The language and content item of the page at `pathname`: `/de` and `/de/…` are German (the
 * item is the rest of the path, `/` for `/de`), any other path is the default language's item.
 * Only the prefix of a language other than the default counts (`/en/…` is an English item of that name).
 */
export function locatePath(pathname: string): LocatedPath {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  const prefixed = match && match[1] !== DEFAULT_LANGUAGE ? siteLanguage(match[1]) : undefined;
  if (!match || !prefixed) return { language: DEFAULT_LANGUAGE, item: pathname };
  return { language: prefixed.code, item: match[2] || '/' };
}

/** The site path of `item` in `language`: the item itself in the default language, `/<code><item>` in another. */
export function pathIn(item: string, language: string): string {
  if (language === DEFAULT_LANGUAGE) return item;
  return item === '/' ? `/${language}` : `/${language}${item}`;
}

/** The locale of `language` (`en-GB`), or the code itself for a language the site does not list. */
export function localeOf(language: string): string {
  return siteLanguage(language)?.locale ?? language;
}

/**
 * The languages of `answered` (a route's layout answer: its context's `languages`, else its own
 * language) the site is published in, in the site's order.
 */
export function routeLanguages(answered: { languages?: readonly string[]; language?: string }): string[] {
  const listed = answered.languages?.length ? answered.languages : answered.language ? [answered.language] : [];
  return SITE_LANGUAGES.map((l) => l.code).filter((code) => listed.includes(code));
}
