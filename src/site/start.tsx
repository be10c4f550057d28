import { StrictMode, startTransition } from 'react';
import type { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { components, preloadPage } from './content/registry.tsx';
import { hydratableState, prerenderedRoute } from './prerenderState.ts';
import { trustPreformatted } from './longDate.ts';
import { trustPresanitized } from './presanitized.ts';

/** What {@link startSite} needs of React DOM, which main.tsx loads in a task of its own. */
interface ReactDomClient {
  createRoot: typeof createRoot;
  hydrateRoot: typeof hydrateRoot;
}

/**
 * Starts the site in the page with `client` (main.tsx calls it once React DOM has run). A prerendered page is
 * hydrated with the URL and data it was rendered with (the location's own query, e.g. a search,
 * applies right after), once the parts it shows that load on demand have loaded, so it hydrates in
 * one pass; anything else renders from scratch. The page of a route that needs a session is its
 * gate, with no data: it asks for its layout once there is a session.
 */
export function startSite({ createRoot, hydrateRoot }: ReactDomClient): void {
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const state = hydratableState(document, location);
  if (state) {
    // An editing host's page is served at its render endpoint (with the editing secret in the query):
    // the address becomes the route the page shows, so the router reads the page it hydrates, and
    // the secret leaves the address bar and the history.
    if (state.editing) history.replaceState(history.state, '', state.url);
    // The page's rich text, sanitized by the build, shows as it is: no sanitizer to load.
    trustPresanitized(state);
    // Its dates, formatted by the build, show as they are: no Intl set-up while hydrating.
    trustPreformatted(state);
    void preloadPage(prerenderedRoute(state), components).then(() =>
      // As a transition, hydration yields to the browser every few milliseconds (a default-priority
      // hydration is one task: 110-150 ms on a phone's CPU), so a tap during it is not held up.
      startTransition(() => {
        hydrateRoot(
          root,
          <StrictMode>
            <App url={state.url} dehydratedState={state.queries} gate={state.gate} />
          </StrictMode>,
        );
      }),
    );
  } else {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }
}
