// Types of servedFiles.mjs for the TypeScript that imports it (vite.config.ts, tests).
import type { Plugin } from 'vite';

/** The project entries the dev server serves under their own path. */
export declare const SITE_SOURCES: readonly string[];
/** A matcher for the patterns of a `.gitignore` file: `ignored('coverage/index.html')`. */
export declare function gitIgnoreMatcher(text: string): (path: string) => boolean;
/** The matcher of the `.gitignore` at `root`. */
export declare function projectGitIgnore(root: string): (path: string) => boolean;
/** Whether a `/`-separated relative path has a dotfile or dot-folder in it. */
export declare function hasDotSegment(path: string): boolean;
/** A request target as the servers read it as a file path (decoded, `.`/`..` resolved, starting with `/`). */
export declare function requestFilePath(url: string): string;
/** Whether the preview refuses the request path `url` (a dotfile or dot-folder in it). */
export declare function refusedByPreview(url: string): boolean;
/** A judge for the dev server's request paths: `refused(url)`. */
export declare function devServerJudge(options: {
  root: string;
  cacheDir?: string;
  ignored?: (path: string) => boolean;
}): (url: string) => boolean;
/** Whether a file of public/ (relative to it) is left out of the build's copy. */
export declare function leftOutOfBuild(
  file: string,
  isIgnored: (path: string) => boolean,
  publicFolder?: string,
): boolean;
/** Vite plugin: the dev server and the preview answer 404 for what is not the site. */
export declare function siteFilesOnly(): Plugin;
/** Vite plugin: the build copies public/ without its dotfiles, dot-folders and git-ignored files. */
export declare function publicFilesOnly(): Plugin;
