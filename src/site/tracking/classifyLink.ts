/** What a tracked link click is. */
export type LinkKind = 'cta' | 'careers';

/**
 * Decides whether a link is tracked, and as what. The specification does not
 * say how links are recognised; our rule, documented in the README:
 * - careers: `data-track="careers"`, or a destination whose path is `/careers`
 *   or below it, or whose host starts with `careers.`;
 * - call to action: `data-track="cta"` or the `cta` class;
 * - careers wins when both apply (a "See open roles" CTA is a careers click).
 * Anything else is not tracked (`null`).
 */
export function classifyLink(anchor: HTMLAnchorElement, base: string = anchor.ownerDocument.baseURI): LinkKind | null {
  const explicit = anchor.dataset.track;
  if (explicit === 'careers' || isCareersUrl(anchor.getAttribute('href'), base)) return 'careers';
  if (explicit === 'cta' || anchor.classList.contains('cta')) return 'cta';
  return null;
}

function isCareersUrl(href: string | null, base: string): boolean {
  if (!href) return false;
  try {
    const url = new URL(href, base);
    return /^\/careers(\/|$)/i.test(url.pathname) || /^careers\./i.test(url.hostname);
  } catch {
    return false;
  }
}
