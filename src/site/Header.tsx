import { useSession } from '../auth/react.tsx';
import { signIn, signOut } from '../auth/index.ts';
import { HeaderSearch } from './HeaderSearch.tsx';
import { Link } from './router/Link.tsx';
import { siteConfig } from './siteConfig.ts';

const NAV = [
  ['/', 'Home'],
  ['/search', 'Capabilities'],
  ['/cart', 'Cart'],
  ['/careers', 'Careers'],
  ['/account', 'Account'],
] as const;

/** The site header: brand, navigation, preview search and the session's sign-in state. */
export function Header({ pathname }: { pathname: string }) {
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
        <HeaderSearch rfkId={siteConfig.widgets.previewSearch} />
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
