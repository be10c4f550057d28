// Edit and preview mode (`sc_mode`): the page state, and the rewrite of content media URLs to the
// platform's shell media route, `src` and every `srcset` candidate, keeping the originals.
import type { PageMode } from '../content/index.ts';

/**
 * Reads the page state from a query string (`?sc_mode=edit`); any other or
 * missing value is `normal`. Case-insensitive, as editors' links vary.
 */
export function getPageMode(search: string = typeof location === 'undefined' ? '' : location.search): PageMode {
  // Self-contained (globals and its argument only): the page's consent loader inlines its source.
  const mode = new URLSearchParams(search).get('sc_mode')?.toLowerCase();
  return mode === 'edit' || mode === 'preview' ? mode : 'normal';
}

// Matched case-insensitively, as the platform matches its media prefixes.
const MEDIA = /\/-\/(?:jss)?media\//i;
const SHELL = '/sitecore/shell';

/**
 * Rewrites a media URL to the content platform's shell media path for edit and
 * preview mode: `/-/media/a.jpg` → `/sitecore/shell/-/media/a.jpg` (also
 * `/-/jssmedia/`, relative or absolute URLs; query strings kept). Other URLs,
 * and URLs already under `/sitecore/shell/`, are returned unchanged.
 */
export function rewriteMediaUrl(url: string): string {
  const match = MEDIA.exec(url);
  if (!match) return url;
  const at = match.index;
  if (url.slice(0, at).toLowerCase().endsWith(SHELL)) return url;
  return `${url.slice(0, at)}${SHELL}${url.slice(at)}`;
}

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

/** Data attributes that keep the values the rewrite replaced. */
const ORIGINAL_SRC = 'data-original-src' as const;
const ORIGINAL_SRCSET = 'data-original-srcset' as const;

const IMAGE_SELECTOR = 'img, source';

function rewriteAttribute(el: Element, name: 'src' | 'srcset', keep: string) {
  const value = el.getAttribute(name);
  if (!value) return;
  const next = name === 'src' ? rewriteMediaUrl(value) : rewriteSrcset(value);
  if (next === value) return;
  el.setAttribute(keep, value);
  el.setAttribute(name, next);
}

/**
 * The `src` and `srcSet` of a content image an editor sees (edit and preview mode), rendered so from
 * the start: through the shell media route, the originals kept as {@link rewriteMediaImages} keeps
 * them. Rendering the original and rewriting it afterwards made the browser fetch every image twice.
 */
export function shellMediaProps(
  src: string,
  srcSet?: string,
): { src: string; srcSet?: string; [ORIGINAL_SRC]?: string; [ORIGINAL_SRCSET]?: string } {
  const props: ReturnType<typeof shellMediaProps> = { src: rewriteMediaUrl(src) };
  if (props.src !== src) props[ORIGINAL_SRC] = src;
  if (srcSet === undefined) return props;
  props.srcSet = rewriteSrcset(srcSet);
  if (props.srcSet !== srcSet) props[ORIGINAL_SRCSET] = srcSet;
  return props;
}

/**
 * Rewrites `src` and `srcset` of one `img`/`source` element, keeping the originals in data attributes
 * (anything else is left alone): the editing markup's images, as the sanitizer builds them, before
 * the browser sees them.
 */
export function rewriteMediaElement(el: Element): void {
  if (!el.matches(IMAGE_SELECTOR)) return;
  rewriteAttribute(el, 'src', ORIGINAL_SRC);
  rewriteAttribute(el, 'srcset', ORIGINAL_SRCSET);
}

/**
 * Rewrites every media image under `root` now and keeps doing so for images
 * added, or whose `src`/`srcset` change, later (React re-renders, lazy content).
 * Returns the function that stops watching.
 */
export function rewriteMediaImages(root: ParentNode & Node = document.body): () => void {
  const rewriteTree = (node: Node) => {
    if (!(node instanceof Element)) return;
    rewriteMediaElement(node);
    node.querySelectorAll(IMAGE_SELECTOR).forEach(rewriteMediaElement);
  };
  rewriteTree(root as Node);
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'attributes') rewriteMediaElement(record.target as Element);
      else record.addedNodes.forEach(rewriteTree);
    }
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true, attributeFilter: ['src', 'srcset'] });
  return () => observer.disconnect();
}
