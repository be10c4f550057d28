/**
 * The page's language for events: the language subtag of `<html lang>`, upper-cased
 * (`en-US` → `EN`, `english` → `ENGLISH`), when the attribute is longer than one
 * character; else `undefined` (the field is omitted). Never throws (fixes E5): a tag
 * `Intl.Locale` rejects, such as `en_US`, falls back to its leading letters (`EN`), and
 * to `undefined` when it has none.
 */
export function inferLanguage(): string | undefined {
  const lang = document.documentElement.lang;
  if (lang.length < 2) return undefined;
  try {
    return new Intl.Locale(lang).language.toUpperCase();
  } catch {
    return /^[a-z]{2,8}(?=[-_])/i.exec(lang)?.[0].toUpperCase();
  }
}
