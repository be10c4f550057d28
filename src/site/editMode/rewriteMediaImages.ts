import { rewriteMediaUrl } from './rewriteMediaUrl.ts';
import { rewriteSrcset } from './rewriteSrcset.ts';

/** Data attributes that keep the values the rewrite replaced. */
export const ORIGINAL_SRC = 'data-original-src';
export const ORIGINAL_SRCSET = 'data-original-srcset';

const IMAGE_SELECTOR = 'img, source';

function rewriteAttribute(el: Element, name: 'src' | 'srcset', keep: string) {
  const value = el.getAttribute(name);
  if (!value) return;
  const next = name === 'src' ? rewriteMediaUrl(value) : rewriteSrcset(value);
  if (next === value) return;
  el.setAttribute(keep, value);
  el.setAttribute(name, next);
}

/** Rewrites `src` and `srcset` of one `img`/`source` element, keeping the originals in data attributes. */
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
