/**
 * Returns a link target that is safe to render: site-relative paths and
 * http(s) URLs pass; anything else (`javascript:`, `data:`, protocol-relative
 * `//host`) becomes `#`, since service data decides these links.
 */
export function safeHref(href: string | undefined): string {
  if (!href) return '#';
  if (href.startsWith('/') && !href.startsWith('//')) return href;
  try {
    const url = new URL(href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : '#';
  } catch {
    return '#';
  }
}
