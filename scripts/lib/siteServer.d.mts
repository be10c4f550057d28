/** Builds the site into a temporary folder; returns the folder. */
export declare function buildSite(): Promise<string>;
/** Starts every mock on a free port and `vite preview` of `outDir` proxying to them. */
export declare function previewSite(outDir: string): Promise<{ url: string; stop(): Promise<void> }>;
/** Removes a build folder made by {@link buildSite}. */
export declare function removeBuild(outDir: string): void;
