/** The page name for events: `Home Page` for `/`, else the last path segment (`''` after a trailing slash). */
export function inferPage(): string {
  const path = location.pathname;
  return path === '/' ? 'Home Page' : (path.split('/').pop() ?? '');
}
