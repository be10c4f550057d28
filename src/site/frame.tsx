import { Suspense } from 'react';
import { useSession } from '../auth/react.tsx';
import { signIn, signOut } from '../auth/index.ts';
import { HeaderSearch } from './onDemand.tsx';
import { siteConfig } from './siteConfig.ts';
import { Link } from './router.tsx';

// The frame around every page: the header (brand, navigation, preview search, session) and footer.

const NAV = [
  ['/', 'Home'],
  ['/capabilities', 'Capabilities'],
  ['/news', 'News'],
  ['/cart', 'Cart'],
  ['/careers', 'Careers'],
  ['/account', 'Account'],
] as const;

/**
 * The site header: brand, navigation, preview search and the session's sign-in state. The search
 * mounts once `searchReady` (the page's content is on screen), so its widget request joins the
 * page's widgets in one batch. Defaults to true.
 */
export function Header({ pathname, searchReady = true }: { pathname: string; searchReady?: boolean }) {
  const { data, status } = useSession();
  return (
    <header className="site-header">
      <div className="container">
        <Link className="brand" href="/">Aerospace &amp; Defence</Link>
        <nav aria-label="Main">
          <ul>
            {NAV.map(([href, label]) => (
              <li key={href}>
                <Link href={href} aria-current={pathname === href ? 'page' : undefined}>{label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        {searchReady ? (
          <Suspense fallback={<div className="header-search" />}>
            <HeaderSearch rfkId={siteConfig.widgets.previewSearch} />
          </Suspense>
        ) : (
          <div className="header-search" />
        )}
        <div className="session" aria-live="polite">
          {status === 'authenticated' ? (
            <>
              <span>{data?.user?.name ?? data?.user?.email}</span>{' '}
              <button type="button" onClick={() => void signOut({ callbackUrl: '/' })}>Sign out</button>
            </>
          ) : status === 'unauthenticated' ? (
            <button type="button" onClick={() => void signIn()}>Sign in</button>
          ) : null}
        </div>
      </div>
    </header>
  );
}

/** The site footer, with the consent platform's "cookie settings" entry point. */
export function Footer() {
  const openSettings = () => (window as { OneTrust?: { ToggleInfoDisplay?: () => void } }).OneTrust?.ToggleInfoDisplay?.();
  return (
    <footer className="site-footer">
      <div className="container">
        <p>© Aerospace &amp; Defence Group. Designs, builds and supports aircraft, satellites and mission systems.</p>
        <button type="button" onClick={openSettings}>
          Cookie settings
        </button>
      </div>
    </footer>
  );
}
