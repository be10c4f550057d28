/** A route of the site: a path pattern (`/products/:id`) and what the shell needs to know about it. */
export interface RouteDefinition<Name extends string = string> {
  name: Name;
  /** Path pattern; `:param` matches one non-empty segment. */
  path: string;
  /** The route's layout id; banners load only on the targeted layout. */
  layoutId: string;
  /** Readers must be signed in. Defaults to false. */
  requiresSession?: boolean;
}

/** A matched route with its decoded path parameters. */
export interface RouteMatch<Name extends string = string> {
  route: RouteDefinition<Name>;
  params: Record<string, string>;
}

/** Finds the first route whose pattern matches `pathname` (a trailing slash is ignored). */
export function matchRoute<Name extends string>(
  routes: readonly RouteDefinition<Name>[],
  pathname: string,
): RouteMatch<Name> | null {
  const parts = split(pathname);
  for (const route of routes) {
    const pattern = split(route.path);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const ok = pattern.every((segment, i) => {
      const part = parts[i]!;
      if (segment.startsWith(':')) {
        params[segment.slice(1)] = safeDecode(part);
        return true;
      }
      return segment === part;
    });
    if (ok) return { route, params };
  }
  return null;
}

function split(path: string): string[] {
  return path.split('/').filter((s) => s !== '');
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
