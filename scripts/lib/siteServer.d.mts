/** Builds and prerenders the mock-backed site into a temporary folder (with a running content Prism, when given); returns the folder. */
export declare function buildSite(options?: { contentPrismUrl?: string }): Promise<string>;
/** Starts every mock on a free port and `vite preview` of `outDir` proxying to them. */
export declare function previewSite(outDir: string): Promise<{ url: string; stop(): Promise<void> }>;
/** Removes a build folder made by {@link buildSite}. */
export declare function removeBuild(outDir: string): void;
/** The unrendered app page a host serves for app-only paths. */
export declare const SHELL_FILE: string;
/** The file of a prerendered route in the build (`/` → `index.html`, `/news` → `news/index.html`). */
export declare function pageFile(path: string): string;
/** robots.txt for the public origin. */
export declare function robotsTxt(origin: string): string;
/** sitemap.xml of `pages` on the public origin. */
export declare function sitemapXml(origin: string, pages: { path: string; lastModified?: string }[]): string;
/** A prerendered page of the build. */
export interface BuiltPage {
  path: string;
  file: string;
  indexable: boolean;
  lastModified?: string;
}
/** Builds the site for `mode` into `outDir` and prerenders every route of the content route list. */
export declare function buildStaticSite(options?: {
  mode?: string;
  outDir?: string;
  contentPrismUrl?: string;
  /** The folder whose files the build copies (never its dotfiles or git-ignored files). Defaults to public/. */
  publicDir?: string;
  logLevel?: 'info' | 'warn' | 'error' | 'silent';
  log?: (line: string) => void;
}): Promise<{ outDir: string; pages: BuiltPage[] }>;
/** Whether `outDir` holds a prerendered build. */
export declare function isPrerendered(outDir: string): boolean;
/** Why `path` (a route of the content route list) is not a page of the site on `origin`, or null. */
export declare function routePathProblem(path: unknown, origin: string): string | null;
/** Throws one error naming every route of `paths` that is not a page of the site on `origin`. */
export declare function assertRoutePaths(paths: unknown[], origin: string): void;
