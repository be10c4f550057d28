import { rewriteMediaUrl } from './rewriteMediaUrl.ts';

const WHITESPACE = /[\t\n\f\r ]/;

/** Where one candidate's URL sits in a `srcset` string: `[start, end)`. */
interface UrlSpan {
  start: number;
  end: number;
}

/**
 * Skips one candidate's descriptors (`1x`, `300w 100h`, `future(1, 2)`) from
 * `at`, as the HTML standard's tokenizer does: a comma ends them, except inside
 * parentheses. Returns the index just past the ending comma, or the length.
 */
function skipDescriptors(srcset: string, at: number): number {
  let inParens = false;
  for (let i = at; i < srcset.length; i += 1) {
    const c = srcset[i];
    if (inParens) inParens = c !== ')';
    else if (c === '(') inParens = true;
    else if (c === ',') return i + 1;
  }
  return srcset.length;
}

/**
 * The URL of every candidate, following the HTML standard's "parse a srcset
 * attribute": skip whitespace and commas; the URL is the run of non-whitespace
 * that follows (commas inside it belong to it, e.g. `?crop=0,0,10,10`), less
 * any commas that end it, in which case it has no descriptors.
 */
function candidateUrls(srcset: string): UrlSpan[] {
  const spans: UrlSpan[] = [];
  let at = 0;
  while (at < srcset.length) {
    while (at < srcset.length && (WHITESPACE.test(srcset[at]!) || srcset[at] === ',')) at += 1;
    if (at >= srcset.length) break;
    const start = at;
    while (at < srcset.length && !WHITESPACE.test(srcset[at]!)) at += 1;
    let end = at;
    while (end > start && srcset[end - 1] === ',') end -= 1;
    spans.push({ start, end });
    if (end === at) at = skipDescriptors(srcset, at);
  }
  return spans;
}

/**
 * Rewrites the media URLs of a `srcset` with {@link rewriteMediaUrl} and
 * changes nothing else: descriptors, commas, whitespace and other URLs stay as
 * written, so a `srcset` without media URLs comes back identical.
 */
export function rewriteSrcset(srcset: string): string {
  let out = '';
  let copied = 0;
  for (const { start, end } of candidateUrls(srcset)) {
    const url = srcset.slice(start, end);
    const next = rewriteMediaUrl(url);
    if (next === url) continue;
    out += srcset.slice(copied, start) + next;
    copied = end;
  }
  return copied === 0 ? srcset : out + srcset.slice(copied);
}
