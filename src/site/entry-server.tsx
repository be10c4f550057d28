import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { QueryClient, dehydrate, timeoutManager } from '@tanstack/react-query';
import { JSDOM } from 'jsdom';
import { createContentClient, type RouteList } from '../content/index.ts';
import { routeQueryKey } from '../content/react.tsx';
import { setSanitizerWindow } from '../search/index.ts';
import { App } from './App.tsx';
import { sessionGate } from './content/route.tsx';
import { headHtml, isIndexable, pageHead } from './head.ts';
import { stateScript } from './prerenderState.ts';
import { siteConfig } from './siteConfig.ts';
import { createSiteClients } from './siteClients.tsx';

// The server side of the static build (scripts/build.mjs runs it after the browser build): each
// page of the content route list rendered once, with React, from the layout service, as the
// browser will render it on hydration. Built by Vite in SSR mode with the same mode and settings.

/** The item rendered as the not-found page (`404.html`): a path no content item has. */
export const NOT_FOUND_ITEM = '/404';

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
  /** The head tags (title first). */
  head: string;
  /** The app's HTML, for `#root`. */
  body: string;
  /** The `<script>` carrying the data the page was rendered with. */
  state: string;
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
    timeoutMs: 60_000,
  });
  const siteContent = createSiteClients().content;

  return {
    /** The deployment's routes (the content route list). */
    listRoutes: (): Promise<RouteList> => source.listRoutes(),

    /** Renders the page at `path` (`NOT_FOUND_ITEM` for the not-found page; a route that needs a session: its gate only). */
    async render(path: string): Promise<PrerenderedPage> {
      const layout = await source.getRoute(path);
      const route = layout.sitecore.route;
      // A route that needs a session is prerendered as its gate: a static host serves its files to
      // anyone, so none of the route's data goes into them (the browser asks for it with a session).
      const gate = route ? sessionGate(route) : undefined;
      const queryClient = new QueryClient();
      if (!gate) queryClient.setQueryData(routeQueryKey(siteContent, path), layout);
      const dehydratedState = dehydrate(queryClient);
      const { prelude } = await prerender(
        <StrictMode>
          <App url={path} dehydratedState={dehydratedState} gate={gate} />
        </StrictMode>,
      );
      const body = await new Response(prelude).text();
      const head = pageHead(route, new URL(path, siteConfig.publicOrigin), {
        origin: siteConfig.publicOrigin,
        siteName: siteConfig.siteName,
        language: layout.sitecore.context.language,
      });
      return {
        path,
        status: route ? 200 : 404,
        indexable: !!route && isIndexable(route),
        lang: head.lang,
        head: headHtml(head),
        body,
        state: stateScript({ url: path, notFound: !route, queries: dehydratedState, ...(gate ? { gate } : {}) }),
      };
    },
  };
}
