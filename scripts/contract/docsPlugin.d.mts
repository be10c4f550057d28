// Types of docsPlugin.mjs for vite.config.ts.
import type { Plugin } from 'vite';
import type { DocsOptions } from './docsMiddleware.mjs';

export declare function docsPlugin(options?: DocsOptions): Plugin;
