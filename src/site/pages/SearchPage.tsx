import { SearchResultsWidget } from '../../search/react.tsx';
import { textOf, type ContentComponentProps } from '../content/fields.tsx';
import { usePageUrl } from '../content/Placeholder.tsx';
import { siteConfig } from '../siteConfig.ts';

/**
 * `SearchResults`: content grid with facets, sort, paging and results per page (the widget layer's
 * default renderer), for the page's `?q=`; widget and page size from the rendering's params.
 */
export default function SearchPage({ fields, params }: ContentComponentProps) {
  const query = usePageUrl().searchParams.get('q') ?? '';
  const itemsPerPage = Number(params.itemsPerPage) || 12;
  return (
    <div className="container">
      <h1>{textOf(fields.heading)}</h1>
      <SearchResultsWidget key={query} rfkId={params.rfkId ?? siteConfig.widgets.searchResults} state={{ keyphrase: query, itemsPerPage }} />
    </div>
  );
}
