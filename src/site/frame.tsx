import { Suspense, useMemo, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { useSession } from '../auth/react.tsx';
import { signIn, signOut } from '../auth/index.ts';
import { useEngagement } from '../engagement/react.tsx';
import { type TextKey, useText } from './dictionary.tsx';
import { DEFAULT_LANGUAGE, localeOf, pathIn, siteLanguage } from './language.ts';
import { HeaderSearchWidget } from './searchParts.ts';
import { siteConfig } from './siteConfig.ts';
import { Link, navigate } from './router.tsx';
import { SiteSearchContext } from './siteClients.tsx';
import { SiteTracking, useAnalytics } from './tracking.tsx';

// The frame around every page: the header (brand, navigation, preview search, session) and footer,
// and what goes with the page's path: its search settings and, after consent, its page views.

/** Props of {@link Frame}. */
interface FrameProps {
  /** The path of the page shown. */
  pathname: string;
  /** The page's content is on screen: the header's search may mount. */
  searchReady: boolean;
  /** The language of the page shown. Defaults to the default language. */
  language?: string;
  /** The languages the page's route has a version in: the language switcher's entries. Defaults to none. */
  languages?: readonly string[];
  /** The page's content item (its path without the language prefix). Defaults to `pathname`. */
  item?: string;
  /** The footer's link groups, from content (the route's `jss-footer` placeholder). Defaults to none. */
  footerLinks?: ReactNode;
  children: ReactNode;
}

/**
 * The id of the page's `<main>`, the skip link's target. Not `main`: the platform's editor gives its
 * `main` placeholder marker that id, and one page must not hold two.
 */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * The frame of the page at `pathname` around its `main` (`children`): a skip link, the header and
 * the footer, in the page's language, whose links are the content's (`footerLinks`, the route's
 * `jss-footer` placeholder). The search widgets below it send the page's path and locale (and
 * tracking consent); while the events SDK runs, each path is a page view in the page's language and
 * tracked links are sent. The header's search mounts once `searchReady` (the page's content is on
 * screen).
 */
export function Frame({
  pathname,
  searchReady,
  language = DEFAULT_LANGUAGE,
  languages = [],
  item = pathname,
  footerLinks,
  children,
}: FrameProps) {
  const analytics = useAnalytics();
  const sdk = useEngagement();
  const t = useText();
  const searchSettings = useMemo(
    () => ({ analytics, pageUri: pathname, locale: localeOf(language), searchReady }),
    [analytics, pathname, language, searchReady],
  );
  return (
    <SiteSearchContext.Provider value={searchSettings}>
      <a className="visually-hidden" href={`#${MAIN_CONTENT_ID}`}>
        {t('Frame.SkipLink')}
      </a>
      <Header pathname={pathname} searchReady={searchReady} language={language} languages={languages} item={item} />
      {children}
      <Footer links={footerLinks} />
      {sdk ? <SiteTracking sdk={sdk} page={pathname} language={language} /> : null}
    </SiteSearchContext.Provider>
  );
}

// The main navigation. Cart, account and search are the commerce and session pages, published in
// the default language only: every language links to those; the others to their own language's version.
const NAV: readonly { item: string; label: TextKey; everyLanguage: boolean }[] = [
  { item: '/', label: 'Nav.Home', everyLanguage: true },
  { item: '/capabilities', label: 'Nav.Capabilities', everyLanguage: true },
  { item: '/news', label: 'Nav.News', everyLanguage: true },
  { item: '/cart', label: 'Nav.Cart', everyLanguage: false },
  { item: '/careers', label: 'Nav.Careers', everyLanguage: true },
  { item: '/account', label: 'Nav.Account', everyLanguage: false },
];

/**
 * The language switcher, a bar above the header: a link to the page's route in each language it
 * has a version in (the page's own marked current); an empty bar for a route in one language only.
 */
function LanguageSwitcher({
  language,
  languages,
  item,
}: {
  language: string;
  languages: readonly string[];
  item: string;
}) {
  const t = useText();
  // The bar keeps its height with or without entries: a page in more languages moves nothing.
  if (languages.length < 2) return <div className="language-bar" />;
  return (
    <nav className="language-bar language-switcher" aria-label={t('Language.Switcher')}>
      <ul className="container">
        {languages.map((code) => (
          <li key={code}>
            <Link
              href={pathIn(item, code)}
              hrefLang={code}
              lang={code}
              aria-current={code === language ? 'true' : undefined}
            >
              {siteLanguage(code)?.name ?? code}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The header's search box until the preview search widget takes over: the same box (nothing moves
 * when the widget arrives), and a working one: Enter opens the results page. Any use of it (focus,
 * hover, typing) calls `onUse`.
 */
function StandInSearchBox({ inputRef, onUse }: { inputRef?: RefObject<HTMLInputElement | null>; onUse?: () => void }) {
  const t = useText();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(`/search?q=${encodeURIComponent(String(new FormData(event.currentTarget).get('q') ?? ''))}`);
  };
  return (
    <div className="header-search">
      {/* Named apart from the search page's own form: two search landmarks a screen reader can tell apart. */}
      <form role="search" action="/search" onSubmit={submit} aria-label={t('Search.HeaderForm')}>
        <input
          ref={inputRef}
          type="search"
          name="q"
          aria-label={t('Search.Label')}
          placeholder={t('Search.Placeholder')}
          onFocus={onUse}
          onPointerEnter={onUse}
          onInput={onUse}
        />
      </form>
    </div>
  );
}

/**
 * The header's search. Where the page shows search widgets anyway, the preview search widget mounts
 * with them (its request joins theirs in one batch). Elsewhere a plain search box stands in, and
 * its first use loads the widget with the search layer, which then takes over with what was typed
 * and the focus: a reader who never searches never downloads it. Mounts once `pageReady`.
 */
function HeaderSearch({ pageReady }: { pageReady: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const t = useText();
  const [takeOver, setTakeOver] = useState<{ typed: string; focused: boolean } | null>(null);
  const use = () =>
    void HeaderSearchWidget.preload().then(() => {
      const box = input.current;
      // The first use takes over; later events of the same use find the widget already there. Read and
      // committed in one task: a key pressed in between would go into the box being replaced, and be lost.
      flushSync(() =>
        setTakeOver((taken) => taken ?? { typed: box?.value ?? '', focused: !!box && document.activeElement === box }),
      );
    });
  if (!pageReady) return <StandInSearchBox />;
  if (takeOver || HeaderSearchWidget.requested()) {
    return (
      <Suspense fallback={<StandInSearchBox />}>
        <HeaderSearchWidget
          rfkId={siteConfig.widgets.previewSearch}
          placeholder={t('Search.Placeholder')}
          label={t('Search.Label')}
          formLabel={t('Search.HeaderForm')}
          initialKeyphrase={takeOver?.typed}
          autoFocus={takeOver?.focused}
        />
      </Suspense>
    );
  }
  return <StandInSearchBox inputRef={input} onUse={use} />;
}

/**
 * The site header: brand, navigation, preview search, the language switcher and the session's
 * sign-in state, in the page's `language` (defaults to the default language). The search widget
 * mounts once `searchReady` (the page's content is on screen), so its request joins the page's
 * widgets in one batch. Defaults to true. The switcher lists `languages` (defaults to none) for `item`
 * (defaults to `pathname`).
 */
function Header({
  pathname,
  searchReady = true,
  language = DEFAULT_LANGUAGE,
  languages = [],
  item = pathname,
}: Omit<FrameProps, 'children' | 'searchReady'> & { searchReady?: boolean }) {
  const { data, status } = useSession();
  const t = useText();
  return (
    <header className="site-header">
      <LanguageSwitcher language={language} languages={languages} item={item} />
      <div className="container">
        <Link className="brand" href={pathIn('/', language)}>
          {siteConfig.siteName}
        </Link>
        <nav aria-label={t('Frame.MainNavigation')}>
          <ul>
            {NAV.map(({ item: target, label, everyLanguage }) => {
              const href = everyLanguage ? pathIn(target, language) : target;
              return (
                <li key={target}>
                  <Link href={href} aria-current={pathname === href ? 'page' : undefined}>
                    {t(label)}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <HeaderSearch pageReady={searchReady} />
        <div className="session" aria-live="polite">
          {status === 'authenticated' ? (
            <>
              <span>{data?.user?.name ?? data?.user?.email}</span>{' '}
              <button type="button" onClick={() => void signOut({ callbackUrl: pathIn('/', language) })}>
                {t('Session.SignOut')}
              </button>
            </>
          ) : status === 'unauthenticated' ? (
            <button type="button" onClick={() => void signIn()}>
              {t('Session.SignIn')}
            </button>
          ) : null}
        </div>
      </div>
    </header>
  );
}

/**
 * The site footer: the content's link groups (`links`: what editors place in the route's `jss-footer`
 * placeholder; none when not given), and the consent platform's "cookie settings" entry point.
 */
function Footer({ links }: { links?: ReactNode }) {
  const t = useText();
  const openSettings = () =>
    (window as { OneTrust?: { ToggleInfoDisplay?: () => void } }).OneTrust?.ToggleInfoDisplay?.();
  return (
    <footer className="site-footer">
      <div className="container">
        {links ? <div className="footer-links">{links}</div> : null}
        <p>{t('Frame.Copyright')}</p>
        <button type="button" onClick={openSettings}>
          {t('Frame.CookieSettings')}
        </button>
      </div>
    </footer>
  );
}
