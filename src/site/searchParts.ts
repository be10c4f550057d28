import { onDemand } from './onDemand.tsx';

// The search layer (client, batcher, visitor, views) is the largest part of the site after React:
// only the pages and header that show a search widget load it, with searchWidgets.tsx.

/** The search widgets' module, loaded on demand: makes a part of one of its widgets (the registry's `SearchResults`). */
export const searchWidgets = onDemand(() => import('./searchWidgets.tsx'), ['src/site/searchWidgets.tsx']);

/** The header's preview search widget. */
export const HeaderSearchWidget = searchWidgets((m) => m.HeaderSearchWidget);
/** The search layer's recommendations widget, on the page's search client. */
export const SiteRecommendationWidget = searchWidgets((m) => m.SiteRecommendationWidget);
