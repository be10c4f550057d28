import { type ReactNode, Suspense, startTransition, useCallback, useEffect, useState } from 'react';
import type { PageMode, RouteData } from '../../content/index.ts';
import { useSiteBanners } from '../SiteContext.tsx';
import { safeLinkTarget } from '../../core/urlGuard.ts';
import { BannerProvider, useBanners } from '../../oneconnect/react.tsx';
import { useRoute } from '../../content/react.tsx';
import { rewriteMediaImages } from '../editMode.ts';
import { DictionaryProvider, usePageLanguage, useDictionaryQuery, useText } from '../dictionary.tsx';
import { Frame, MAIN_CONTENT_ID } from '../frame.tsx';
import { locatePath, pathIn } from '../language.ts';
import { usePageHead } from '../head.ts';
import { Link, useLocation } from '../router.tsx';
import { SiteProvider } from '../SiteContext.tsx';
import { siteConfig } from '../siteConfig.ts';
import { hasStaticPage } from '../staticPages.ts';
import { samePath } from '../prerenderState.ts';
import { ServiceProblem } from '../serviceFailure.tsx';
import { components as siteComponents, preloadPage } from './registry.tsx';
import { EditorScripts } from './editorScripts.tsx';
import { Placeholder, RouteRenderer } from './placeholder.tsx';
import { type ComponentRegistry, pageViewOf, type PageView } from './renderingContext.ts';
import { Gate, gateAt, type PageRoute, SessionRequired, type SessionGate, usePageRoute } from './route.tsx';

// The page component: the route of the page's URL (route.tsx decides what it shows) rendered in the
// site's frame, with its head tags (head.ts) and the targeted banners; the route's renderings go
// through the component registry (placeholder.tsx, registry.tsx).

/** Props of {@link ContentPage}. */
interface ContentPageProps {
  /**
   * The page's URL where there is no browser location (a server rendering it, and the hydration
   * after); in a browser the location is read. Defaults to the browser's location.
   */
  url?: string;
  /** The prerendered page at `url` is the gate of a route that needs a session. Defaults to none. */
  gate?: SessionGate;
  /** `edit` or `preview` when an editor is looking, else `normal`. */
  mode: PageMode;
}

/**
 * The page at the current URL: every URL path asks the layout service for its route, and the
 * component registry renders it in `main`, between the header and the footer. The header's search
 * waits for the page's content, so its widget and the page's widgets go out in one batch. Banners
 * load only on the targeted layout.
 */
export function ContentPage({ url: serverUrl, gate, mode }: ContentPageProps) {
  const location = useLocation(serverUrl);
  // The prerendered page's gate is its own URL's: other pages say whether they need a session in their data.
  const gated = gateAt(location, serverUrl, gate);
  const page = usePageRoute(location, mode, gated);
  const { route } = page;
  // What the page renders follows who the answer says is looking; the URL's `sc_mode` asked for it.
  const view = pageViewOf(page.context, mode);
  // The dictionary of the language asked for leaves with the layout request (in parallel, within
  // the same deadline); the texts show the language of the page shown.
  const dictionary = useDictionaryQuery(locatePath(location.pathname).language);
  const [pageReady, setPageReady] = useState(false);
  // A transition: it comes as the page hydrates, and must not make React finish hydrating in one blocking task.
  const ready = useCallback(() => startTransition(() => setPageReady(true)), []);
  // The page this visit started on: a failure anywhere else came from a client-side navigation.
  const [firstPath] = useState(location.pathname);
  // The static pages' list is read as the first navigation leaves, so a failure can fall back at once.
  useEffect(() => {
    if (page.navigating && mode === 'normal') void hasStaticPage(firstPath);
  }, [page.navigating, mode, firstPath]);
  return (
    <DictionaryProvider language={page.language}>
      <BannerProvider enabled={showsBanners(route)} language={page.language}>
        <SiteProvider>
          {/* Once the page is on screen: before, it would change a server-rendered page that is still hydrating. */}
          {view.mode !== 'normal' && pageReady ? <EditModeMedia /> : null}
          {view.mode === 'edit' ? <EditorScripts context={page.context} /> : null}
          {page.navigating ? <NavigationProgress /> : null}
          <Frame
            pathname={page.url.pathname}
            searchReady={pageReady}
            language={page.language}
            languages={page.languages}
            item={page.item}
            footerLinks={<FooterLinks route={route} view={view} url={page.url} language={page.language} />}
          >
            <main
              id={MAIN_CONTENT_ID}
              data-layout-id={route === undefined ? undefined : (route?.layoutId ?? 'not-found')}
              aria-busy={page.navigating || undefined}
            >
              <Suspense fallback={<PageLoading gate={gated} />}>
                <PageBody
                  page={page}
                  components={siteComponents}
                  mode={mode}
                  onReady={ready}
                  clientNavigation={!samePath(page.requested.pathname, firstPath)}
                  textsPending={dictionary.isPending}
                />
              </Suspense>
            </main>
          </Frame>
        </SiteProvider>
      </BannerProvider>
    </DictionaryProvider>
  );
}

/**
 * The footer's links: the `jss-footer` placeholder of the route shown, through the component registry.
 * A page with no route of its own (not found, a failed layout, a gate) keeps the last route's footer
 * when that route is in the page's `language`; a not-found page with none such before it (a first
 * visit to a URL with no route, or one in another language) shows the home page's footer in `language`.
 */
function FooterLinks({
  route,
  view,
  url,
  language,
}: {
  route: RouteData | null | undefined;
  view: PageView;
  url: URL;
  language: string;
}) {
  const [last, setLast] = useState(route ? { route, language } : undefined);
  if (route && (route !== last?.route || language !== last.language)) setLast({ route, language });
  // A German page never keeps an English page's footer.
  const kept = last?.language === language ? last.route : undefined;
  // The footer is content (a route's placeholder), not a copy in code or the dictionary: the site's
  // root route has the footer every page shares. Asked for only when no route of the page's language
  // was shown before; a visitor who saw the home page has it cached (the same query as that page's).
  const home = useRoute('/', {
    language,
    enabled: route === null && !kept,
    staleTime: Infinity,
    // Its link groups' code loads with the answer, so the footer arrives whole.
    prepare: (answer) => preloadPage(answer.sitecore.route, siteComponents),
  });
  const shown = route ?? kept ?? (route === null ? home.data?.sitecore.route : undefined);
  if (!shown) return null;
  return (
    <RouteRenderer components={siteComponents} route={shown} mode={view.mode} editMode={view.editMode} url={url}>
      <Placeholder name="jss-footer" />
    </RouteRenderer>
  );
}

// Editors (edit and preview) see content media through the platform's shell media route.
function EditModeMedia() {
  useEffect(() => rewriteMediaImages(document.body), []);
  return null;
}

/** Props of {@link PageBody}. */
interface PageBodyProps {
  page: PageRoute;
  components: ComponentRegistry;
  mode: PageMode;
  /** Called once the page's content is on screen (its lazy components loaded). Defaults to none. */
  onReady?: () => void;
  /**
   * The page was reached by a client-side navigation: when its layout fails, its prerendered page
   * (if the build made one) is loaded instead of the error page. Defaults to false.
   */
  clientNavigation?: boolean;
  /**
   * The page's dictionary is on its way (neither here nor failed): its loading status shows rather
   * than a page that would change language when it arrives. Defaults to false.
   */
  textsPending?: boolean;
}

/**
 * What `main` shows for `page` (see route.tsx): the route's `main` placeholder through the component
 * registry, then the targeted banners (after the page's content in the document, so its h1 is the
 * first heading, while on screen they are docked to the window's bottom); its gate, the loading status,
 * the error page or the not-found page otherwise. Keeps the document's head on the route shown (head.ts).
 */
export function PageBody({
  page,
  components,
  mode,
  onReady,
  clientNavigation = false,
  textsPending = false,
}: PageBodyProps) {
  const t = useText();
  usePageHead(page.route, page.url, {
    origin: siteConfig.publicOrigin,
    siteName: siteConfig.siteName,
    language: page.language,
    languages: page.languages,
    item: page.item,
    notFoundTitle: t('NotFound.Heading'),
  });
  if (page.status === 'gate') return <SessionRequired heading={page.gate.heading} />;
  if (page.status === 'loading' || textsPending) return <PageLoading />;
  if (page.status === 'error') {
    return (
      <LayoutFailure url={page.requested} staticFallback={clientNavigation && mode === 'normal'} retry={page.retry}>
        <Ready onReady={onReady} />
      </LayoutFailure>
    );
  }
  if (page.status === 'not-found')
    return (
      <>
        <NotFoundPage />
        <Ready onReady={onReady} />
      </>
    );
  const view = pageViewOf(page.context, mode);
  const content = (
    <RouteRenderer components={components} route={page.route} mode={view.mode} editMode={view.editMode} url={page.url}>
      <Placeholder name="main" />
      <Banners />
    </RouteRenderer>
  );
  return (
    <>
      {page.gate ? <SessionRequired heading={page.gate.heading}>{content}</SessionRequired> : content}
      <Ready onReady={onReady} />
    </>
  );
}

// Rendered after the page's content: its effect runs once that content committed (lazy parts included).
function Ready({ onReady }: { onReady?: () => void }) {
  useEffect(() => onReady?.(), [onReady]);
  return null;
}

/**
 * What a page whose layout failed (or passed its deadline) shows. After a client-side navigation to a
 * route the build prerendered, that static page is loaded instead (a full navigation: it needs no
 * layout service); otherwise, and until that is known, the error page with a retry, titled as such.
 */
function LayoutFailure({
  url,
  staticFallback,
  retry,
  children,
}: {
  url: URL;
  staticFallback: boolean;
  retry: () => Promise<unknown>;
  children: ReactNode;
}) {
  const [checking, setChecking] = useState(staticFallback);
  const t = useText();
  const heading = t('Page.LoadFailedHeading');
  useEffect(() => {
    document.title = `${heading} | ${siteConfig.siteName}`;
    if (!staticFallback) return;
    let current = true;
    void hasStaticPage(url.pathname).then((found) => {
      if (!current) return;
      if (found) window.location.assign(url.href);
      else setChecking(false);
    });
    return () => void (current = false);
  }, [url.href, url.pathname, staticFallback, heading]);
  if (checking) return <PageLoading />;
  return (
    <div className="container">
      <ServiceProblem heading={heading} message={t('Page.LoadFailed')} onRetry={retry} />
      {children}
    </div>
  );
}

/**
 * A thin bar at the top of the window while a client-side navigation is on its way (out of the page's
 * flow: it moves nothing). The previous page stays readable under it until the next one arrives.
 */
function NavigationProgress() {
  const t = useText();
  return <div className="navigation-progress" role="progressbar" aria-label={t('Page.LoadingNext')} />;
}

/**
 * The first load's status: invisible for the first moments, so a fast answer shows no flash. On a
 * gated page, its gate (the same heading and status until the page replaces them).
 */
function PageLoading({ gate }: { gate?: SessionGate } = {}) {
  const t = useText();
  if (gate) return <Gate heading={gate.heading} />;
  return (
    <div className="container page-loading">
      <p role="status">{t('Page.Loading')}</p>
    </div>
  );
}

/** Shown for any URL the site has no route for. */
export function NotFoundPage() {
  const t = useText();
  return (
    <div className="container">
      <h1>{t('NotFound.Heading')}</h1>
      <p>
        {t('NotFound.Text')} <Link href={pathIn('/', usePageLanguage())}>{t('NotFound.HomeLink')}</Link>.
      </p>
    </div>
  );
}

/** Whether the route shown loads targeted banners: its layout is the targeted one (`VITE_BANNER_LAYOUT_ID`). */
function showsBanners(route: RouteData | null | undefined): boolean {
  return !!route && route.layoutId === siteConfig.targetedBannerLayoutId;
}

/**
 * The targeted promotional banners, each dismissible, in a tray docked to the bottom of the window:
 * out of the page's flow, so their arrival, their failure or an empty answer (the banner service is
 * slow or down) never moves the content; several banners scroll sideways in the tray. Nothing shows
 * while they load or when there are none. The banners are the shared site context's, where the banner
 * flow stores them.
 */
export function Banners() {
  const { banners } = useSiteBanners();
  const { dismiss } = useBanners();
  const t = useText();
  if (banners.length === 0) return null;
  return (
    <section aria-label={t('Banners.Label')} className="banners">
      {banners.map((banner) => (
        <aside key={banner.id} className="banner" data-banner-id={banner.id}>
          {banner.title ? <h2>{banner.title}</h2> : null}
          {banner.text ? <p>{banner.text}</p> : null}
          {banner.link ? (
            <a href={safeLinkTarget(banner.link.href) ?? '#'}>{banner.link.label ?? banner.link.href}</a>
          ) : null}
          {/* Placed by its class: its label is content's words, in the page's language. */}
          <button
            type="button"
            className="banner__close"
            onClick={() => dismiss(banner.id)}
            aria-label={t('Banners.Dismiss', { title: banner.title ?? banner.id })}
          >
            ×
          </button>
        </aside>
      ))}
    </section>
  );
}
