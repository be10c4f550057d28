import { Suspense, useMemo, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { useSession } from '../auth/react.tsx';
import { signIn, signOut } from '../auth/index.ts';
import { useEngagement } from '../engagement/react.tsx';
import { HeaderSearchWidget } from './onDemand.tsx';
import { siteConfig } from './siteConfig.ts';
import { Link, navigate } from './router.tsx';
import { SiteSearchContext } from './siteClients.tsx';
import { SiteTracking, useAnalytics } from './tracking.tsx';

// The frame around every page: the header (brand, navigation, preview search, session) and footer,
// and what goes with the page's path: its search settings and, after consent, its page views.

/**
 * The frame of the page at `pathname` around its `main` (`children`): a skip link, the header and
 * the footer, whose links are the content's (`footerLinks`, the route's `jss-footer` placeholder).
 * The search widgets below it send the page's path (and tracking consent); while the events SDK
 * runs, each path is a page view and tracked links are sent. The header's search mounts once
 * `searchReady` (the page's content is on screen).
 */
export function Frame({
  pathname,
  searchReady,
  footerLinks,
  children,
}: {
  pathname: string;
  searchReady: boolean;
  /** The footer's link groups, from content. Defaults to none. */
  footerLinks?: ReactNode;
  children: ReactNode;
}) {
  const analytics = useAnalytics();
  const sdk = useEngagement();
  const searchSettings = useMemo(() => ({ analytics, pageUri: pathname }), [analytics, pathname]);
  return (
    <SiteSearchContext.Provider value={searchSettings}>
      <a className="visually-hidden" href="#main">
        Skip to content
      </a>
      <Header pathname={pathname} searchReady={searchReady} />
      {children}
      <Footer links={footerLinks} />
      {sdk ? <SiteTracking sdk={sdk} page={pathname} /> : null}
    </SiteSearchContext.Provider>
  );
}

const NAV = [
  ['/', 'Home'],
  ['/capabilities', 'Capabilities'],
  ['/news', 'News'],
  ['/cart', 'Cart'],
  ['/careers', 'Careers'],
  ['/account', 'Account'],
] as const;

/**
 * The header's search box until the preview search widget takes over: the same box (nothing moves
 * when the widget arrives), and a working one: Enter opens the results page. Any use of it (focus,
 * hover, typing) calls `onUse`.
 */
function StandInSearchBox({ inputRef, onUse }: { inputRef?: RefObject<HTMLInputElement | null>; onUse?: () => void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    navigate(`/search?q=${encodeURIComponent(String(new FormData(event.currentTarget).get('q') ?? ''))}`);
  };
  return (
    <div className="header-search">
      <form role="search" action="/search" onSubmit={submit}>
        <input
          ref={inputRef}
          type="search"
          name="q"
          aria-label="Search the site"
          placeholder="Search"
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
          initialKeyphrase={takeOver?.typed}
          autoFocus={takeOver?.focused}
        />
      </Suspense>
    );
  }
  return <StandInSearchBox inputRef={input} onUse={use} />;
}

/**
 * The site header: brand, navigation, preview search and the session's sign-in state. The search
 * widget mounts once `searchReady` (the page's content is on screen), so its request joins the
 * page's widgets in one batch. Defaults to true.
 */
export function Header({ pathname, searchReady = true }: { pathname: string; searchReady?: boolean }) {
  const { data, status } = useSession();
  return (
    <header className="site-header">
      <div className="container">
        <Link className="brand" href="/">
          Aerospace &amp; Defence
        </Link>
        <nav aria-label="Main">
          <ul>
            {NAV.map(([href, label]) => (
              <li key={href}>
                <Link href={href} aria-current={pathname === href ? 'page' : undefined}>
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <HeaderSearch pageReady={searchReady} />
        <div className="session" aria-live="polite">
          {status === 'authenticated' ? (
            <>
              <span>{data?.user?.name ?? data?.user?.email}</span>{' '}
              <button type="button" onClick={() => void signOut({ callbackUrl: '/' })}>
                Sign out
              </button>
            </>
          ) : status === 'unauthenticated' ? (
            <button type="button" onClick={() => void signIn()}>
              Sign in
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
export function Footer({ links }: { links?: ReactNode }) {
  const openSettings = () =>
    (window as { OneTrust?: { ToggleInfoDisplay?: () => void } }).OneTrust?.ToggleInfoDisplay?.();
  return (
    <footer className="site-footer">
      <div className="container">
        {links ? <div className="footer-links">{links}</div> : null}
        <p>© Aerospace &amp; Defence Group. Designs, builds and supports aircraft, satellites and mission systems.</p>
        <button type="button" onClick={openSettings}>
          Cookie settings
        </button>
      </div>
    </footer>
  );
}
