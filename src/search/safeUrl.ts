/**
 * A link or image target that is safe to render from service data: site-relative
 * paths and http(s) URLs pass; anything else (`javascript:`, `data:`,
 * protocol-relative `//host`, unparsable) gives `undefined`, so the caller renders
 * no link at all.
 */
export function safeUrl(url: unknown): string | undefined {
  if (typeof url !== 'string') return undefined;
  const trimmed = url.trim();
  if (trimmed.startsWith('/') && !trimmed.startsWith('//') && !trimmed.startsWith('/\\')) return trimmed;
  try {
    const parsed = new URL(trimmed);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}
