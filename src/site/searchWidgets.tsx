import {
  type ComponentProps,
  type FormEvent,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { createSearchClient, type SearchClient } from '../search/index.ts';
import {
  RecommendationWidget as Recommendation,
  SearchResultsWidget,
  usePreviewSearch,
  widget,
  WidgetsProvider,
} from '../search/react.tsx';
import { type ContentComponentProps, textOf, usePageUrl } from './content/rendering.tsx';
import { sameOriginPath } from '../core/urlGuard.ts';
import { Link, navigate } from './router.tsx';
import { absolute, siteConfig } from './siteConfig.ts';
import { SiteSearchContext, useSiteClients } from './siteClients.tsx';

// The site's search widgets, loaded on demand (see onDemand.tsx): the search layer (client, batcher,
// visitor, views) is the largest part of the site after React, and no page needs it for its first
// paint. Every widget of a page shares the page's one search client, so the header's widget and the
// page's widgets still go out in one batch.

/**
 * The site's search client: its customer key, API key, environment and host from the site's
 * settings; no tracking until the visitor consents (the widgets pass consent on).
 */
export function createSiteSearchClient(): SearchClient {
  return createSearchClient({
    customerKey: siteConfig.searchCustomerKey,
    apiKey: siteConfig.searchApiKey,
    env: siteConfig.searchEnv,
    ...(siteConfig.searchHost ? { baseUrl: absolute(siteConfig.searchHost) } : {}),
    trackingConsent: false,
  });
}

// The page's search client, created by the first widget that renders (once per page's clients).
function SearchBoundary({ children }: { children: ReactNode }) {
  const clients = useSiteClients();
  const client = (clients.search ??= createSiteSearchClient());
  const { analytics, pageUri } = useContext(SiteSearchContext);
  return (
    <WidgetsProvider client={client} trackingConsent={analytics} context={{ page: { uri: pageUri } }}>
      {children}
    </WidgetsProvider>
  );
}

/** The header's preview search. */
export function HeaderSearch(props: ComponentProps<typeof HeaderPreviewSearch>) {
  return (
    <SearchBoundary>
      <HeaderPreviewSearch {...props} />
    </SearchBoundary>
  );
}

/** `SearchResults`: the search page's results for its `?q=`. */
export function SearchResults(props: ContentComponentProps) {
  return (
    <SearchBoundary>
      <SearchPage {...props} />
    </SearchBoundary>
  );
}

/** The search service's recommendations widget. */
export function RecommendationWidget(props: ComponentProps<typeof Recommendation>) {
  return (
    <SearchBoundary>
      <Recommendation {...props} />
    </SearchBoundary>
  );
}

/** Props of the header's preview search box. */
interface PreviewSearchBoxProps {
  /** What the visitor typed before the widget loaded. Defaults to nothing. */
  initialKeyphrase?: string;
  /** Take the focus on mount (the visitor was in the box it replaces). Defaults to false. */
  autoFocus?: boolean;
}

function PreviewSearchBox({ initialKeyphrase = '', autoFocus = false }: PreviewSearchBoxProps) {
  const { widgetRef, queryResult, suggestions, state, actions } = usePreviewSearch({
    state: { itemsPerPage: 4, keyphrase: initialKeyphrase },
  });
  const [open, setOpen] = useState(autoFocus);
  const input = useRef<HTMLInputElement>(null);
  // Taking over from the header's stand-in box (on mount only): the caret goes after what was typed there.
  const [takesFocus] = useState(autoFocus);
  useEffect(() => {
    const box = input.current;
    if (takesFocus && box) box.setSelectionRange(box.value.length, box.value.length);
  }, [takesFocus]);
  const panelId = useId();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(`/search?q=${encodeURIComponent(state.keyphrase)}`);
    setOpen(false);
  };
  return (
    <div
      ref={widgetRef}
      className="header-search"
      onBlur={(e) => !e.currentTarget.contains(e.relatedTarget) && setOpen(false)}
    >
      <form role="search" onSubmit={submit}>
        <input
          type="search"
          aria-label="Search the site"
          role="combobox"
          aria-autocomplete="list"
          aria-controls={panelId}
          aria-expanded={open}
          placeholder="Search"
          autoFocus={autoFocus}
          ref={input}
          value={state.keyphrase}
          onFocus={() => setOpen(true)}
          onChange={(e) => {
            setOpen(true);
            actions.onKeyphraseChange({ keyphrase: e.currentTarget.value });
          }}
        />
      </form>
      <div id={panelId} className="header-search__panel" hidden={!open}>
        {suggestions.length > 0 ? (
          <ul aria-label="Suggestions">
            {suggestions.map((s) => (
              <li key={`${s.name}:${s.text}`}>
                <button type="button" onClick={() => actions.onSuggestionClick(s)}>
                  {s.text}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
        <ul aria-label="Suggested pages">
          {queryResult.data?.content.slice(0, 4).map((item, index) => (
            <li key={item.id}>
              <Link
                href={sameOriginPath(item.url) ?? `/search?q=${encodeURIComponent(item.name ?? '')}`}
                onClick={() => actions.onItemClick({ id: item.id, index })}
              >
                {item.name ?? item.id}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

/**
 * The header's preview search widget (type-ahead with up to three suggestions); Enter opens the
 * results page. Needs a `WidgetsProvider` (the site's {@link HeaderSearch} brings it).
 */
export const HeaderPreviewSearch = /* @__PURE__ */ widget(PreviewSearchBox, 'preview_search', 'content');

/**
 * `SearchResults`: content grid with facets, sort, paging and results per page (the widget layer's
 * default renderer), for the page's `?q=`; widget and page size from the rendering's params.
 */
function SearchPage({ fields, params }: ContentComponentProps) {
  const query = usePageUrl().searchParams.get('q') ?? '';
  const itemsPerPage = Number(params.itemsPerPage) || 12;
  return (
    <div className="container">
      <h1>{textOf(fields.heading)}</h1>
      <SearchResultsWidget
        key={query}
        rfkId={params.rfkId ?? siteConfig.widgets.searchResults}
        state={{ keyphrase: query, itemsPerPage }}
      />
    </div>
  );
}
