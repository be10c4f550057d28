import { SearchResultsWidget } from '../../search/react.tsx';
import { siteConfig } from '../siteConfig.ts';

/** Search results: content grid with facets, sort, paging and results per page (the widget layer's default renderer). */
export default function SearchPage({ query }: { query: string }) {
  return (
    <div className="container">
      <h1>Search our capabilities</h1>
      <SearchResultsWidget key={query} rfkId={siteConfig.widgets.searchResults} state={{ keyphrase: query, itemsPerPage: 12 }} />
    </div>
  );
}
