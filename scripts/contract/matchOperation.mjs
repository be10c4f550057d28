// Finds the contract operation a proxied request belongs to, so each violation can name it.

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

// The path prefix of each server URL (`/api/auth`, `https://host/v1` → `/v1`); '' for none.
function basePaths(doc) {
  const prefixes = new Set(['']);
  for (const server of doc.servers ?? []) {
    const url = String(server.url ?? '').replace(/\{(\w+)\}/g, (_, name) => server.variables?.[name]?.default ?? '');
    const path = /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? new URL(url).pathname : url;
    prefixes.add(path.replace(/\/+$/, ''));
  }
  return [...prefixes].sort((a, b) => b.length - a.length);
}

function templateRegex(template) {
  const pattern = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}/?$`);
}

/**
 * Returns a function `(method, pathname) → { operationId, method, path } | undefined`
 * that finds the operation of `doc` (a parsed contract) a request is for. A
 * template with more literal characters wins (`/widgets/new` over `/widgets/{id}`),
 * as OpenAPI requires; server path prefixes (`servers[].url`) are stripped first.
 */
export function operationMatcher(doc) {
  const routes = Object.entries(doc.paths ?? {})
    .flatMap(([path, item]) =>
      METHODS.filter((m) => item?.[m]).map((m) => ({ method: m, path, operationId: item[m].operationId })),
    )
    .map((route) => ({
      ...route,
      regex: templateRegex(route.path),
      literal: route.path.replace(/\{[^}]+\}/g, '').length,
    }))
    .sort((a, b) => b.literal - a.literal);
  const prefixes = basePaths(doc);
  return (method, pathname) => {
    for (const prefix of prefixes) {
      if (prefix && !pathname.startsWith(`${prefix}/`)) continue;
      const rest = pathname.slice(prefix.length);
      const route = routes.find((r) => r.method === method.toLowerCase() && r.regex.test(rest));
      if (route) return { operationId: route.operationId, method: route.method.toUpperCase(), path: route.path };
    }
    return undefined;
  };
}
