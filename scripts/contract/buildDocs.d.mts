// Types of buildDocs.mjs for the TypeScript that imports it (tests, docsMiddleware).

export interface DocsPage {
  api: string;
  file: string;
  title: string;
  version: string;
  description: string | undefined;
  operations: number;
}

export declare function contractApis(root: string): string[];
export declare function buildDocs(options?: { root?: string; outDir?: string; apis?: string[] }): Promise<DocsPage[]>;
