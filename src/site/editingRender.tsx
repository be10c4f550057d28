import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { QueryClient, dehydrate, timeoutManager, type TimeoutProvider } from '@tanstack/react-query';
import { JSDOM } from 'jsdom';
import { createContentClient, type DictionaryData, type LayoutResult, type PageMode } from '../content/index.ts';
import { routeQueryKey } from '../content/react.tsx';
import { setSanitizerWindow } from '../search/index.ts';
import { App } from './App.tsx';
import { components } from './content/registry.tsx';
import { dictionaryQuery, translate } from './dictionary.tsx';
import { headHtml, pageHead } from './head.ts';
import { pathIn, routeLanguages, siteLanguage } from './language.ts';
import { stateScript } from './prerenderState.ts';
import { siteConfig } from './siteConfig.ts';
import { createSiteClients } from './siteClients.tsx';

// The server side of the editing host (scripts/lib/editingHost.mjs): the page an editor of the content
// platform opens, rendered on request with the same App, registry and head as the static build
// (entry-server.tsx), in the editor's mode, and handed to the browser to hydrate where it is served.

// React Query's timers (garbage collection of each render's queries, a retry's delay) run as usual,
// but unref'd: none keeps the process alive once the host has stopped. The prerenderer's no-op
// provider would never fire one, which a build that renders and exits can afford and a host that
// serves every other render in the same process cannot. Real timers, so one made under the default
// provider is still cleared. One object per process: the dev server loads this module again after an
// edit, and React Query reports a provider replaced by another once timers have run.
const UNREF_TIMERS: TimeoutProvider = ((globalThis as { [key: symbol]: TimeoutProvider })[
  Symbol.for('aero.editingRender.unrefTimers')
] ??= {
  setTimeout: (callback, delay) => setTimeout(callback, delay).unref(),
  clearTimeout: (id) => clearTimeout(id as NodeJS.Timeout | undefined),
  setInterval: (callback, delay) => setInterval(callback, delay).unref(),
  clearInterval: (id) => clearInterval(id as NodeJS.Timeout | undefined),
});

/** An editing host's page: what the host puts into the site's index.html. */
export interface EditingPage {
  /** 200, or 404 when the layout service has no item at the route (the not-found page). */
  status: 200 | 404;
  /** `<html lang>`. */
  lang: string;
  /** The head tags (title first). */
  head: string;
  /** The app's HTML, for `#root`. */
  body: string;
  /** The `<script>` carrying the data and URL the page was rendered with (`editing: true`). */
  state: string;
}

/** Options of {@link createEditingRenderer}. */
export interface EditingRendererOptions {
  /** Where the host reaches the layout service (`/sitecore/api/…` below it). */
  contentHost: string;
  /** The fetch to read it with. Defaults to the global `fetch`. */
  fetch?: typeof fetch;
}

/** Arguments of `renderRoute` (the metadata editor's `GET /api/editing/render`). */
export interface RenderRouteArgs {
  /** The route's item path (`/about`), starting with `/`. */
  route: string;
  /** Its language (`sc_lang`): one of the site's languages. */
  language: string;
  /** The site (`sc_site`) the layout and dictionary are read for. */
  site: string;
  /** The item's id (`sc_itemid`); the layout is read by `route`. */
  itemId: string;
  /** The editor's mode. */
  mode: 'edit' | 'preview';
}

/** Arguments of `renderLayout` (the chromes editor's `POST /api/editing/render`). */
export interface RenderLayoutArgs {
  /** The route's item path (`/about`), starting with `/`. */
  path: string;
  /** The layout answer the editor posted. */
  layout: LayoutResult;
  /** Its language: one of the site's languages. */
  language: string;
  /** The editor's dictionary of that language (key → phrase). */
  dictionary: Record<string, string>;
}

/** What one page is rendered from. */
interface PageInput {
  item: string;
  language: string;
  mode: PageMode;
  layout: LayoutResult;
  dictionary: DictionaryData | undefined;
}

/**
 * A failure of the layout service (an error answer, no answer, its deadline passed), named
 * `LayoutServiceError` for the host, which answers it as a bad gateway rather than a failed render.
 */
function layoutServiceError(error: unknown): Error {
  const reason = error instanceof Error ? error.message : String(error);
  const failure = new Error(`The layout service failed: ${reason}`, { cause: error });
  failure.name = 'LayoutServiceError';
  return failure;
}

function assertSiteLanguage(language: string): void {
  if (!siteLanguage(language)) {
    throw new TypeError(`editing render: language ${JSON.stringify(language)} is not one of the site's languages`);
  }
}

/**
 * Creates the editing host's renderer: pages rendered on the server in the editor's mode, from the
 * layout service at `contentHost` (the metadata editor) or from the layout answer the editor posts
 * (the chromes editor). Each answer is stored under the key the browser's `useRoute` reads for the
 * page's URL (the site's own content host, the route's item, language and mode), so the page
 * hydrates from it; the page's URL is the route's path in its language with its `sc_mode`.
 */
export function createEditingRenderer({ contentHost, fetch }: EditingRendererOptions) {
  timeoutManager.setTimeoutProvider(UNREF_TIMERS);
  // Edit mode's markup is sanitized on the server too, with the browser's rules, so the editor's
  // first paint already shows the fields it edits.
  setSanitizerWindow(new JSDOM('').window as unknown as Window);
  const siteContent = createSiteClients().content;

  async function render({ item, language, mode, layout, dictionary }: PageInput): Promise<EditingPage> {
    const path = pathIn(item, language);
    const url = mode === 'normal' ? path : `${path}?sc_mode=${mode}`;
    const route = layout.sitecore.route;
    const queryClient = new QueryClient();
    queryClient.setQueryData(routeQueryKey(siteContent, item, mode, language), layout);
    if (dictionary) queryClient.setQueryData(dictionaryQuery(siteContent, language).queryKey, dictionary);
    const dehydratedState = dehydrate(queryClient);
    queryClient.clear();
    const { prelude } = await prerender(
      <StrictMode>
        <App url={url} dehydratedState={dehydratedState} />
      </StrictMode>,
    );
    const head = pageHead(route, new URL(path, siteConfig.publicOrigin), {
      origin: siteConfig.publicOrigin,
      siteName: siteConfig.siteName,
      language,
      languages: route ? routeLanguages(layout.sitecore.context) : [],
      item,
      notFoundTitle: translate(dictionary?.phrases, 'NotFound.Heading', undefined, language),
    });
    return {
      status: route ? 200 : 404,
      lang: head.lang,
      head: headHtml(head),
      body: await new Response(prelude).text(),
      state: stateScript({ url, notFound: !route, queries: dehydratedState, editing: true }),
    };
  }

  return {
    /** The registry's component names: what the editor may place. */
    components: Object.keys(components),

    /**
     * The page of `route` in `language` and the editor's `mode`, from the layout service (`item` =
     * `route`, `sc_site` = `site`) and the site's dictionary (a failed dictionary renders the
     * English texts, and the browser asks again). A `route: null` answer is the not-found page (404).
     */
    async renderRoute({ route, language, site, mode }: RenderRouteArgs): Promise<EditingPage> {
      assertSiteLanguage(language);
      const source = createContentClient({
        baseUrl: contentHost,
        apiKey: siteConfig.contentApiKey,
        site,
        language,
        fetch,
        timeoutMs: siteConfig.deadlines.editingContent,
      });
      const [layout, dictionary] = await Promise.all([
        source.getRoute(route, { mode, language }).catch((error: unknown) => {
          throw layoutServiceError(error);
        }),
        source.getDictionary(site, language).catch(() => undefined),
      ]);
      return render({ item: route, language, mode, layout, dictionary });
    },

    /**
     * The page of `path` in `language` rendered from `layout` (the editor's own answer; no layout
     * request) and its `dictionary`, in the mode the answer's `pageState` says (`edit`, `preview`,
     * else a visitor's).
     */
    async renderLayout({ path, layout, language, dictionary }: RenderLayoutArgs): Promise<EditingPage> {
      assertSiteLanguage(language);
      const state = layout.sitecore.context.pageState;
      const mode: PageMode = state === 'edit' || state === 'preview' ? state : 'normal';
      const phrases: DictionaryData = { lang: language, app: siteConfig.contentSite, phrases: dictionary };
      return render({ item: path, language, mode, layout, dictionary: phrases });
    },
  };
}

/** The editing host's renderer ({@link createEditingRenderer}). */
export type EditingRenderer = ReturnType<typeof createEditingRenderer>;
