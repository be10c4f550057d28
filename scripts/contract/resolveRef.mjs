// Follows local JSON references (`#/components/...`) inside one bundled document.

/** Returns `node` with its chain of local `$ref`s followed inside `doc` (unchanged when not a reference). */
export function resolveRef(doc, node) {
  let current = node;
  for (
    let hops = 0;
    current && typeof current.$ref === 'string' && current.$ref.startsWith('#/') && hops < 20;
    hops += 1
  ) {
    current = current.$ref
      .slice(2)
      .split('/')
      .map((part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce((value, key) => (value && typeof value === 'object' ? value[key] : undefined), doc);
  }
  return current;
}
