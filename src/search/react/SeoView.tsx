import { safeLinkTarget } from '../../core/urlGuard.ts';
import { useSeo } from './useSeo.ts';

/**
 * Default SEO renderer: `<title>`, description, keywords, robots and canonical
 * link (React hoists them into `<head>`), and the SEO copy, sanitized. The h1 is
 * left to the page (`useSeo().queryResult.data.seo.h1`), which owns its heading.
 */
export function SeoView() {
  const { widgetRef, queryResult, html } = useSeo();
  const seo = queryResult.data?.seo;
  const canonical = safeLinkTarget(seo?.canonical_url);
  return (
    <div ref={widgetRef} className="search-seo">
      {seo?.title && <title>{seo.title}</title>}
      {seo?.description && <meta name="description" content={seo.description} />}
      {seo?.keywords && seo.keywords.length > 0 && <meta name="keywords" content={seo.keywords.join(', ')} />}
      {seo?.robots && <meta name="robots" content={seo.robots} />}
      {canonical && <link rel="canonical" href={canonical} />}
      {html && <div className="search-seo__content" dangerouslySetInnerHTML={{ __html: html }} />}
    </div>
  );
}
