import { classifyLink, type LinkKind } from './classifyLink.ts';

/** A tracked link click: what kind, the link's visible text and its absolute destination. */
export interface LinkClick {
  kind: LinkKind;
  text: string;
  href: string;
}

/**
 * Listens for clicks on call-to-action and careers links anywhere under `root`
 * (one delegated listener, so links rendered later count too) and reports each
 * to `onClick`. Returns the function that stops listening.
 */
export function trackLinkClicks(onClick: (click: LinkClick) => void, root: Document | HTMLElement = document): () => void {
  const listener = (event: Event) => {
    const target = event.target instanceof Element ? event.target : null;
    const anchor = target?.closest('a');
    if (!anchor) return;
    const kind = classifyLink(anchor);
    if (!kind) return;
    const text = (anchor.textContent ?? '').replace(/\s+/g, ' ').trim() || anchor.getAttribute('aria-label') || '';
    onClick({ kind, text, href: anchor.href });
  };
  root.addEventListener('click', listener, { capture: true });
  return () => root.removeEventListener('click', listener, { capture: true });
}
