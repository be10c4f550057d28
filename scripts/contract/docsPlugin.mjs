// Vite plugin: the contracts' API reference at /docs in `vite` (dev) and `vite preview`.
import { docsMiddleware } from './docsMiddleware.mjs';

/**
 * A Vite plugin serving the static API reference (`npm run docs`, dist/docs) at
 * `/docs/` in the dev server and in preview, building missing or outdated pages
 * on the first request. Options as for docsMiddleware (`root`, `outDir`,
 * `build`); defaults to this project's contracts and dist/docs.
 */
export function docsPlugin(options = {}) {
  return {
    name: 'contract-docs',
    configureServer(server) {
      server.middlewares.use(docsMiddleware(options));
    },
    configurePreviewServer(server) {
      server.middlewares.use(docsMiddleware(options));
    },
  };
}
