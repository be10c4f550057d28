// Types of contentMock.mjs for the TypeScript that imports it (tests).

/** Path of the layout service, as the mock serves it. */
export declare const LAYOUT_PATH: '/sitecore/api/layout/render/jss';
/** The content contract whose examples the mock answers with. */
export declare const CONTENT_SPEC: string;
/** An item path as the platform matches it: leading `/`, no trailing `/`, lower case. */
export declare function normaliseItem(item: string): string;
/** The example name of an item path (`/` → `home`, `/products/*` → `products-wildcard`). */
export declare function exampleNameFor(item: string): string;
/** Names of the layout service's 200 examples in the contract. */
export declare function layoutExampleNames(spec?: string): ReadonlySet<string>;
/** The routes of the mock's route listing (the contract's `aero` example), in order. */
export declare function listedRoutes(
  spec?: string,
): Array<{ path: string; name: string; language: string; lastModified: string }>;
/** Options of the mapping. */
export interface PreferOptions {
  /** `edit` selects an item's `.edit` example when there is one. Defaults to normal. */
  mode?: string;
  /** The example names to choose from. Defaults to the content contract's. */
  examples?: ReadonlySet<string>;
}
/** `example=<name>` for the item (or its parent's wildcard item), else `code=404`. */
export declare function preferForItem(item: string, options?: PreferOptions): string;
/** The `Prefer` value for a layout request URL, or `undefined` for any other request. */
export declare function preferForRequest(url: string, options?: Omit<PreferOptions, 'mode'>): string | undefined;
/** The content mock as a content host (an HTTP front adding `Prefer`, over Prism at `prismUrl` or one started here). */
export declare function startContentMock(options?: {
  prismUrl?: string;
}): Promise<{ url: string; stop(): Promise<void> }>;
