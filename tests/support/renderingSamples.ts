import { CONTENT_SPEC, exampleNameFor, listedRoutes } from '../../scripts/lib/contentMock.mjs';
import { readContract } from '../../scripts/contract/contracts.mjs';

// The listed pages, one of each combination of renderings: pages with the same renderings load the
// same code and lay out the same parts (what arrives late, and where), so a check of how a page loads
// needs one of each rather than all of them (the code-splitting and phone layout-shift checks of
// tests/browser/prerender.test.ts; the bench still measures every route).

type Route = { fields: Record<string, { value?: unknown }>; placeholders: unknown };
const contract = readContract(CONTENT_SPEC);
const examples = contract.components.examples as Record<string, { value: { sitecore: { route: Route } } }>;

/** The componentNames of a layout's renderings, at any depth. */
function componentNames(node: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const child of node) componentNames(child, names);
  else if (node !== null && typeof node === 'object') {
    const { componentName, placeholders } = node as { componentName?: unknown; placeholders?: unknown };
    if (typeof componentName === 'string') names.add(componentName);
    for (const child of Object.values((placeholders ?? (componentName ? {} : node)) as object))
      componentNames(child, names);
  }
  return names;
}

/** A listed page standing for every page with its renderings. */
export interface RenderingSample {
  path: string;
  /** Its renderings' componentNames. */
  names: Set<string>;
  /** Whether it is prerendered as a session gate (`requiresSession`: the served page holds none of its renderings). */
  gated: boolean;
}

/**
 * The first listed page of each combination of renderings, in the route list's order; a gated page
 * is one of its own (it is served as the gate), and left out unless `gated`.
 */
export function renderingSamples({ gated = false }: { gated?: boolean } = {}): RenderingSample[] {
  const byRenderings = new Map<string, RenderingSample>();
  for (const { path } of listedRoutes()) {
    const route = examples[exampleNameFor(path)]!.value.sitecore.route;
    const isGated = route.fields.requiresSession?.value === true;
    if (isGated && !gated) continue;
    const names = componentNames(route.placeholders);
    const key = `${isGated ? 'gate:' : ''}${[...names].sort().join(',')}`;
    if (!byRenderings.has(key)) byRenderings.set(key, { path, names, gated: isGated });
  }
  return [...byRenderings.values()];
}
