import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { QueryClient, dehydrate, timeoutManager, type DehydratedState } from '@tanstack/react-query';
import { JSDOM } from 'jsdom';
import { TRUSTED_TYPES_POLICIES } from '../core/trustedTypes.ts';
import { createContentClient, type DictionaryData, type LayoutResult, type RouteList } from '../content/index.ts';
import { routeQueryKey } from '../content/react.tsx';
import { setSanitizerWindow } from '../search/index.ts';
import { App } from './App.tsx';
import { sessionGate } from './content/route.tsx';
import { dictionaryQuery, translate } from './dictionary.tsx';
import { headHtml, isIndexable, pageHead } from './head.ts';
import { DEFAULT_LANGUAGE, locatePath, pathIn, routeLanguages, SITE_LANGUAGES } from './language.ts';
import { PreformatContext } from './longDate.ts';
import { PresanitizeContext } from './presanitized.ts';
import { stateScript } from './prerenderState.ts';
import { components, pageModules } from './content/registry.tsx';
import { serviceOrigins } from './serviceOrigins.ts';
import { siteConfig } from './siteConfig.ts';
import { createSiteClients } from './siteClients.tsx';

export { createEditingRenderer } from './editingRender.tsx';

// The server side of the static build (scripts/build.mjs runs it after the browser build): each
// page of the content route list rendered once, with React, from the layout service, as the
// browser will render it on hydration. Built by Vite in SSR mode with the same mode and settings.

/** The item rendered as the not-found page (`404.html`, `de/404.html`): a path no content item has. */
export const NOT_FOUND_ITEM = '/404';

/** The site's languages, the default first (each has its route list, its pages and its not-found page). */
export const LANGUAGES: readonly string[] = SITE_LANGUAGES.map((language) => language.code);

/** The path of `item` in `language` (`/de/capabilities`): where its page is written. */
export const sitePath = pathIn;

/** One language version of a page: its language and its path on the site. */
export interface Alternate {
  language: string;
  path: string;
}

/** One prerendered page. */
export interface PrerenderedPage {
  /** The route's path (`/capabilities`). */
  path: string;
  /** 200, or 404 for the not-found page. */
  status: 200 | 404;
  /** Whether search engines may index it (sitemap). */
  indexable: boolean;
  /** `<html lang>`. */
  lang: string;
  /** The page's content item (its path without the language prefix). */
  item: string;
  /** The route's versions in every language it has (its layout answer's `languages`), the page's own among them; none for a route in one language. */
  alternates: Alternate[];
  /** The head tags (title first). */
  head: string;
  /** The app's HTML, for `#root`. */
  body: string;
  /** The `<script>` carrying the data the page was rendered with. */
  state: string;
  /**
   * The source modules (paths from the project's root) of the page's renderings, loaded before it
   * hydrates: the build preloads their chunks in the page. None for a gate or a not-found page.
   */
  modules: string[];
}

/**
 * How deep the page's data nests at most, in JSON levels below a query's data: deeper values (which no
 * rendering reads: renderings stop at 20 levels, three JSON levels each) are left out of the page's
 * data, so that it can be written as JSON (`JSON.stringify` overflows the stack a few thousand deep).
 */
const MAX_DATA_DEPTH = 256;

/** Where a node of the page's data is: its key, and where its parent is. */
type Trail = { key: string | number; up?: Trail };

const pathOf = (trail: Trail): Array<string | number> => {
  const path: Array<string | number> = [];
  for (let at: Trail | undefined = trail; at; at = at.up) path.push(at.key);
  return path.reverse();
};

/**
 * Puts the sanitized HTML of each rich text field the render reported (`sanitized`: field → HTML) in
 * place of its value in the page's data, and returns where: the paths of
 * `PrerenderedState.sanitized` (a query's index, then the keys to the field). Values nested deeper
 * than {@link MAX_DATA_DEPTH} become `null`. Walks the data without recursion, in document order.
 */
function presanitize(state: DehydratedState, sanitized: Map<object, string>): Array<Array<string | number>> {
  const paths: Array<Array<string | number>> = [];
  const stack: Array<{ node: unknown; trail: Trail; depth: number }> = [];
  state.queries.forEach((query, index) => {
    stack.push({ node: query.state.data, trail: { key: index }, depth: 0 });
    while (stack.length > 0) {
      const { node, trail, depth } = stack.pop()!;
      if (node === null || typeof node !== 'object') continue;
      const html = sanitized.get(node);
      if (html !== undefined) {
        (node as { value: string }).value = html;
        paths.push(pathOf(trail));
        continue;
      }
      const record = node as Record<string, unknown>;
      const keys = Object.keys(record);
      for (let i = keys.length - 1; i >= 0; i -= 1) {
        const key = keys[i]!;
        const child = record[key];
        if (child === null || typeof child !== 'object') continue;
        if (depth >= MAX_DATA_DEPTH) Object.defineProperty(record, key, { value: null });
        else
          stack.push({
            node: child,
            trail: { key: Array.isArray(node) ? Number(key) : key, up: trail },
            depth: depth + 1,
          });
      }
    }
  });
  return paths;
}

/**
 * Makes a layout answer the visitors' page it was asked for: the build renders pages for visitors, so
 * an answer whose context says an editor is looking (a misconfigured delivery host, an editing
 * answer cached on the way) renders as a visitor's page, without the editor's scripts and data,
 * instead of putting editing markup into a static page. Says so once per page.
 */
function forVisitors(layout: LayoutResult, path: string): void {
  const context = layout.sitecore.context as Record<string, unknown>;
  const editing = ['editMode', 'clientScripts', 'clientData'].filter((key) => key in context);
  if (context.pageState === 'normal' && context.pageEditing !== true && editing.length === 0) return;
  console.warn(
    `prerender: ${path}: the layout service answered for an editor (pageState ${JSON.stringify(context.pageState)}); rendered as a visitor's page`,
  );
  for (const key of editing) delete context[key];
  Object.assign(context, { pageState: 'normal', pageEditing: false });
}

/** Options of {@link createPrerenderer}. */
export interface PrerenderOptions {
  /** Where the build reaches the layout service (`/sitecore/api/…` below it). */
  contentHost: string;
  /** The fetch to read it with. Defaults to the global `fetch`. */
  fetch?: typeof fetch;
}

/**
 * Routes the app renders whether or not the content route list has them: the wildcard product item
 * (`*`: any one segment), the visitor pages the frame links to (search, cart, account) and the
 * session client's own pages. Internal links to them are not dead links.
 */
export const APP_ROUTES: readonly string[] = [
  '/products/*',
  '/search',
  '/cart',
  '/account',
  '/api/auth/signin',
  '/api/auth/error',
];

/** The site's settings the build reports and writes crawl files with, and the routes the app renders itself. */
export const buildSettings = {
  publicOrigin: siteConfig.publicOrigin,
  contentHost: siteConfig.contentHost,
  siteName: siteConfig.siteName,
  appRoutes: APP_ROUTES,
  /** The hosts the pages talk to, for the Content-Security-Policy. */
  origins: serviceOrigins(),
  /** The Trusted Types policies the pages create, for the Content-Security-Policy. */
  trustedTypes: TRUSTED_TYPES_POLICIES,
};

/**
 * Creates the prerenderer: it lists the routes and renders pages from the layout service at
 * `contentHost`, storing each answer under the key the browser's `useRoute` reads (the site's own
 * content host), so hydration finds it instead of fetching again.
 */
export function createPrerenderer({ contentHost, fetch }: PrerenderOptions) {
  // Each page renders once and is thrown away: React Query's timers (garbage collection of the
  // widget and route queries a render creates) would only hold the build open for minutes.
  timeoutManager.setTimeoutProvider({
    setTimeout: () => 0,
    clearTimeout: () => {},
    setInterval: () => 0,
    clearInterval: () => {},
  });
  // Editors' HTML is sanitized on the server too, so crawlers read the same article body a browser shows.
  setSanitizerWindow(new JSDOM('').window as unknown as Window);
  const source = createContentClient({
    baseUrl: contentHost,
    apiKey: siteConfig.contentApiKey,
    site: siteConfig.contentSite,
    language: siteConfig.language,
    fetch,
    timeoutMs: siteConfig.deadlines.prerenderContent,
  });
  const siteContent = createSiteClients().content;

  return {
    /**
     * One page of the deployment's routes in `language` (the content route list): the first, or the
     * one after `cursor` (the previous page's `nextCursor`), of at most `limit` routes when the
     * service pages it (a service that does not answers every route at once, with no `nextCursor`).
     */
    listRoutes: (language = DEFAULT_LANGUAGE, page: { cursor?: string; limit?: number } = {}): Promise<RouteList> =>
      source.listRoutes({ language, ...page }),

    /** The layout answer of the page at `path` (what {@link render} renders; the build hashes it to skip unchanged pages). */
    getLayout(path: string): Promise<LayoutResult> {
      const { item, language } = locatePath(path);
      return source.getRoute(item, { language });
    },

    /** The dictionary of `language`, or `undefined` when it fails (pages then render the English fallback). */
    getDictionary: (language: string): Promise<DictionaryData | undefined> =>
      source.getDictionary(siteConfig.contentSite, language).catch(() => undefined),

    /**
     * Renders the page at `path` (`/de/…` in German; `NOT_FOUND_ITEM` in a language for the
     * not-found page; a route that needs a session: its gate only), with the dictionary of its
     * language (a failed dictionary renders the English fallback, and the browser asks again).
     * `given` holds what the caller read already: the page's layout answer (`getLayout`) and its
     * language's dictionary (`getDictionary`; `null` for a failed one), so neither is read twice.
     */
    async render(
      path: string,
      given: { layout?: LayoutResult; dictionary?: DictionaryData | null } = {},
    ): Promise<PrerenderedPage> {
      const { item, language } = locatePath(path);
      const [layout, dictionary] = await Promise.all([
        given.layout ?? source.getRoute(item, { language }),
        given.dictionary !== undefined
          ? (given.dictionary ?? undefined)
          : source.getDictionary(siteConfig.contentSite, language).catch(() => undefined),
      ]);
      forVisitors(layout, path);
      const route = layout.sitecore.route;
      // A route that needs a session is prerendered as its gate: a static host serves its files to
      // anyone, so none of the route's data goes into them (the browser asks for it with a session).
      const gate = route ? sessionGate(route) : undefined;
      const queryClient = new QueryClient();
      if (!gate) queryClient.setQueryData(routeQueryKey(siteContent, item, 'normal', language), layout);
      if (dictionary) queryClient.setQueryData(dictionaryQuery(siteContent, language).queryKey, dictionary);
      const languages = route ? routeLanguages(layout.sitecore.context) : [];
      const dehydratedState = dehydrate(queryClient);
      // The page's rich text is sanitized here; its data carries the result, for the browser to show as is.
      const sanitized = new Map<object, string>();
      // Its dates are formatted here too, for the browser to show without formatting them while it hydrates.
      const dates: Record<string, string> = {};
      const { prelude } = await prerender(
        <StrictMode>
          <PresanitizeContext.Provider value={(field, html) => sanitized.set(field, html)}>
            <PreformatContext value={(key, text) => (dates[key] = text)}>
              <App url={path} dehydratedState={dehydratedState} gate={gate} />
            </PreformatContext>
          </PresanitizeContext.Provider>
        </StrictMode>,
      );
      const body = await new Response(prelude).text();
      const presanitized = presanitize(dehydratedState, sanitized);
      const head = pageHead(route, new URL(path, siteConfig.publicOrigin), {
        origin: siteConfig.publicOrigin,
        siteName: siteConfig.siteName,
        language,
        languages,
        item,
        notFoundTitle: translate(dictionary?.phrases, 'NotFound.Heading', undefined, language),
      });
      return {
        path,
        status: route ? 200 : 404,
        indexable: !!route && isIndexable(route),
        lang: head.lang,
        item,
        alternates: languages.length > 1 ? languages.map((code) => ({ language: code, path: pathIn(item, code) })) : [],
        head: headHtml(head),
        body,
        state: stateScript({
          url: path,
          notFound: !route,
          queries: dehydratedState,
          ...(gate ? { gate } : {}),
          ...(presanitized.length > 0 ? { sanitized: presanitized } : {}),
          ...(Object.keys(dates).length > 0 ? { dates } : {}),
        }),
        modules: gate || !route ? [] : pageModules(route, components),
      };
    },
  };
}
