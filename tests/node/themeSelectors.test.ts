import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from '../../scripts/lib/prism.mjs';

// The site's stylesheet places things by what the site owns (classes, elements, ARIA states), never by
// words: a label is content's text, in the page's language, and an editor may reword it. A rule that
// matched `[aria-label^='Dismiss']` lost the banner's close button in German and after a rewording.

const THEME = join(root, 'src', 'site', 'theme', 'theme.css');

/** The attributes whose values are words a visitor reads or hears. */
const WORDS = [
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-placeholder',
  'alt',
  'title',
  'placeholder',
];

/** Every selector of `css` (comments and declarations left out), each with its line. */
function selectors(css: string): { selector: string; line: number }[] {
  const found: { selector: string; line: number }[] = [];
  const text = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '));
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '"' || c === "'") {
      // A string (`content: "{"`, `[title="t"]`) holds no brace or semicolon of the sheet's own.
      for (i += 1; i < text.length && text[i] !== c; i += 1) if (text[i] === '\\') i += 1;
    } else if (c === '{') {
      const prelude = text.slice(start, i);
      // An at-rule's prelude (`@media …`) is no selector; a declaration block's text is none either.
      if (!prelude.trim().startsWith('@'))
        found.push({ selector: prelude.trim(), line: text.slice(0, i).split('\n').length });
      start = i + 1;
    } else if (c === '}' || c === ';') start = i + 1;
  }
  return found;
}

/** The selectors of `css` that match an attribute of words by its value (`[aria-label^='Dismiss']`). */
function selectorsOnWords(css: string): string[] {
  const onWords = new RegExp(`\\[\\s*(?:${WORDS.join('|')})\\s*[~|^$*]?=`, 'i');
  return selectors(css)
    .filter(({ selector }) => onWords.test(selector))
    .map(({ selector, line }) => `line ${line}: ${selector.replace(/\s+/g, ' ')}`);
}

describe('the theme (src/site/theme/theme.css)', () => {
  it('matches no element by the words of its label (aria-label, alt, title, placeholder …)', () => {
    expect(selectorsOnWords(readFileSync(THEME, 'utf8'))).toEqual([]);
  });

  it('reads selectors, not comments or declarations (the check itself)', () => {
    const css = `/* [aria-label^='x'] */\n.a[title="t"] { content: "[alt='y'] {"; }\n@media (min-width: 1px) {\n  .b[aria-label*=Close] , .c[aria-current='true'] { color: red }\n}\n`;
    expect(selectorsOnWords(css)).toEqual([
      `line 2: .a[title="t"]`,
      "line 4: .b[aria-label*=Close] , .c[aria-current='true']",
    ]);
  });
});
