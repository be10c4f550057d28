// Types of docsMiddleware.mjs for the TypeScript that imports it (tests, vite.config.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { DocsPage } from './buildDocs.mjs';

export interface DocsOptions {
  /** Project root holding openapi/<api>/openapi.yaml. Defaults to this project. */
  root?: string;
  /** Folder of the built pages. Defaults to `<root>/dist/docs`. */
  outDir?: string;
  /** Builds the pages of `apis` and the index. Defaults to buildDocs. */
  build?: (options: { root: string; outDir: string; apis: string[] }) => Promise<DocsPage[]>;
}

export declare function staleApis(root: string, outDir: string): string[];
export declare function docsMiddleware(
  options?: DocsOptions,
): (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => Promise<void>;
