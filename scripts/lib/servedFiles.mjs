// @ts-check
// What the dev server, the preview and the build may hand out: the site, and nothing else of the
// project. The dev server maps a request path onto the project folder (`/package.json` is the
// project's package.json), so without a rule it serves every file there: the deployment's
// `.env.*.local`, logs, coverage and bench results, the scripts and tests. One rule for all three:
// no dotfile or dot-folder, nothing git-ignored, and on the dev server nothing outside the site's
// sources. The Vite plugins at the end apply it: siteFilesOnly to both servers (devServer.mjs),
// publicFilesOnly to the build's copy of public/ (vite.config.ts).
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, posix, relative, resolve, sep } from 'node:path';

/** @import { Plugin } from 'vite' */
/** @import { ServerResponse } from 'node:http' */

/**
 * The project entries the dev server serves under their own path: the page, the site's sources,
 * the generated clients they import, and the dependencies (Vite serves them as
 * `/node_modules/...`). Everything else of the project (package.json, scripts/, tests/, openapi/,
 * README.md, docs/, dev-public/ by its folder name, public/ by its folder name) answers 404; files
 * of public/ and dev-public/ are served at `/`, and the API reference at `/docs/` by its own
 * middleware.
 * @type {readonly string[]}
 */
export const SITE_SOURCES = ['index.html', 'src', 'generated', 'node_modules'];

// The dependencies are git-ignored (installed, not committed) but are what the page imports.
const DEPENDENCIES = 'node_modules';

/**
 * One .gitignore pattern as a regular expression over a `/`-separated path.
 * @param {string} glob
 * @returns {string}
 */
function globSource(glob) {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = /** @type {string} */ (glob[i]);
    if (c === '\\' && i + 1 < glob.length)
      out += /** @type {string} */ (glob[++i]).replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    else if (c === '*' && glob[i + 1] === '*') {
      // `**/` any folders (none included), `/**` everything inside, `**` alone anything.
      const folders = glob[i + 2] === '/';
      out += folders ? '(?:.*/)?' : '.*';
      i += folders ? 2 : 1;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else if (c === '[') {
      const close = glob.indexOf(']', i + 2);
      if (close === -1) out += '\\[';
      else {
        out += `[${glob
          .slice(i + 1, close)
          .replace(/^!/, '^')
          .replace(/\\(?!\])/g, '\\\\')}]`;
        i = close;
      }
    } else out += c.replace(/[.+^${}()|\]\\/]/g, '\\$&');
  }
  return out;
}

/**
 * A matcher for the patterns of a `.gitignore` file (`text`): `#` comments, `!` to re-include, a
 * trailing `/` for folders only, a `/` at the start or inside to anchor the pattern to the
 * folder of the file, `*`, `?`, `**` and `[…]`. It answers for a path relative to that folder,
 * with `/` separators: `ignored('coverage/index.html')`. A path inside an ignored folder is
 * ignored (git never looks inside one, so `!` cannot re-include it).
 * @param {string} text
 * @returns {(path: string) => boolean}
 */
export function gitIgnoreMatcher(text) {
  /** @type {Array<{ negate: boolean; folderOnly: boolean; pattern: RegExp }>} */
  const rules = [];
  for (const raw of text.split(/\r?\n/)) {
    let line = raw.replace(/(?<!\\)\s+$/, '');
    if (!line || line.startsWith('#')) continue;
    const negate = line.startsWith('!');
    if (negate) line = line.slice(1);
    const folderOnly = line.endsWith('/');
    if (folderOnly) line = line.slice(0, -1);
    const anchored = line.includes('/');
    line = line.replace(/^\//, '');
    const source = globSource(line);
    rules.push({ negate, folderOnly, pattern: new RegExp(anchored ? `^${source}$` : `^(?:.*/)?${source}$`) });
  }
  return (path) => {
    const parts = path.split('/').filter(Boolean);
    for (let i = 1; i <= parts.length; i++) {
      const prefix = parts.slice(0, i).join('/');
      const folder = i < parts.length || path.endsWith('/');
      let ignored = false;
      for (const rule of rules) if ((!rule.folderOnly || folder) && rule.pattern.test(prefix)) ignored = !rule.negate;
      if (ignored) return true;
    }
    return false;
  };
}

/**
 * The matcher of the `.gitignore` at `root` (none: nothing is ignored).
 * @param {string} root
 * @returns {(path: string) => boolean}
 */
export function projectGitIgnore(root) {
  const file = join(root, '.gitignore');
  return gitIgnoreMatcher(existsSync(file) ? readFileSync(file, 'utf8') : '');
}

/**
 * Whether a `/`-separated relative path has a dotfile or dot-folder in it (`.env`, `.git/config`, `a/.hidden/b`).
 * @param {string} path
 * @returns {boolean}
 */
export function hasDotSegment(path) {
  return path.split('/').some((part) => part.startsWith('.'));
}

/**
 * A request target as the servers read it as a file path: percent-decoded (an encoded `/` too,
 * as the most eager of them decodes it), with `\` read as `/` and `.`/`..` resolved, starting
 * with `/`. An absolute-form target (`http://host/path`) gives its path.
 * @param {string} url
 * @returns {string}
 */
export function requestFilePath(url) {
  let pathname;
  try {
    // Concatenated rather than resolved: `//x` is a path here, not another host.
    pathname = new URL(String(url).startsWith('/') ? `http://site.invalid${url}` : String(url)).pathname;
  } catch {
    pathname = /** @type {string} */ (String(url).split(/[?#]/)[0]);
  }
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape names no file; the path is judged as it stands.
  }
  return posix.normalize(`/${decoded.replace(/\\/g, '/')}`);
}

/**
 * Whether the preview (or any host of the build) refuses the request path `url`: a dotfile or
 * dot-folder anywhere in it.
 * @param {string} url
 * @returns {boolean}
 */
export function refusedByPreview(url) {
  return hasDotSegment(requestFilePath(url).slice(1));
}

/**
 * A judge for the dev server's request paths, for the project at `root`: `refused(url)` is true
 * for a dotfile or dot-folder anywhere in the path (except inside Vite's dependency cache
 * `cacheDir`), a git-ignored path (except the dependencies in node_modules), an existing project
 * file outside {@link SITE_SOURCES} (by its root-relative path or as `/@fs/<absolute path>`), and
 * any `/@fs/` path outside the project. Paths naming no file (pages, Vite's own `/@vite/…` and
 * `/@id/…` modules, proxied API paths, public/ files served at `/`) pass, unless dot or ignored.
 * @param {{ root: string; cacheDir?: string; ignored?: (path: string) => boolean }} options
 * @returns {(url: string) => boolean}
 */
export function devServerJudge({ root, cacheDir, ignored = projectGitIgnore(root) }) {
  /** @type {(parent: string, file: string) => boolean} */
  const inside = (parent, file) => {
    const rel = relative(parent, file);
    return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
  };
  return (url) => {
    const path = requestFilePath(url);
    const file = path.startsWith('/@fs/') ? path.slice('/@fs'.length) : join(root, path);
    if (!inside(root, file)) return true;
    const rel = relative(root, file).split(sep).join('/');
    if (hasDotSegment(rel) && !(cacheDir && inside(cacheDir, file))) return true;
    const [top = ''] = rel.split('/');
    if (top !== DEPENDENCIES && ignored(rel)) return true;
    if (top === '' || SITE_SOURCES.includes(top)) return false;
    try {
      return statSync(file).isFile();
    } catch {
      return false;
    }
  };
}

/**
 * Whether `file` (relative to public/, `/`-separated) is left out of the build's copy of
 * public/: a dotfile or dot-folder, or git-ignored (`isIgnored` sees the path relative to the
 * project, e.g. `public/x.log`).
 * @param {string} file
 * @param {(path: string) => boolean} isIgnored
 * @param {string} [publicFolder]
 * @returns {boolean}
 */
export function leftOutOfBuild(file, isIgnored, publicFolder = 'public') {
  return hasDotSegment(file) || isIgnored(`${publicFolder}/${file}`);
}

/**
 * Vite plugin: the servers serve the site only. The dev server answers 404 for a dotfile or
 * dot-folder (`/.env.production`, `/.git/config`), a git-ignored path (logs, coverage, bench
 * results, dist) and any project file outside the site's sources (`/package.json`, `/scripts/…`,
 * `/tests/…`, `/openapi/…`, `/README.md`), by its root-relative path and as `/@fs/…` (see
 * {@link devServerJudge}). Vite's own `server.fs` rules cover `/@fs/` and its static files only: a
 * root-relative module (`/scripts/build.mjs`, `/tests/x.ts`) goes through its transform, which they
 * do not check, so this runs in front of every middleware. The preview serves the build only; it
 * answers 404 for dotfiles, which a build never holds (see {@link publicFilesOnly}).
 * @returns {Plugin}
 */
export function siteFilesOnly() {
  /** @param {ServerResponse} res */
  const notFound = (res) => {
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end('Not found');
  };
  return {
    name: 'site-files-only',
    enforce: 'pre',
    configureServer(server) {
      const refused = devServerJudge({ root: server.config.root, cacheDir: server.config.cacheDir });
      server.middlewares.use((req, res, next) => (refused(req.url ?? '/') ? notFound(res) : next()));
    },
    configurePreviewServer(server) {
      server.middlewares.use((req, res, next) => (refusedByPreview(req.url ?? '/') ? notFound(res) : next()));
    },
  };
}

/**
 * Vite plugin: the build copies public/ into the bundle without its dotfiles and dot-folders and
 * without git-ignored files (a `.env`, an editor's `.DS_Store`, a `notes.log` left there): Vite's
 * own copy takes every file. Files the bundle itself wrote win over public/'s, as in Vite's copy.
 * A build that asks for no copy (`build.copyPublicDir: false`, the server build) gets none.
 * @returns {Plugin}
 */
export function publicFilesOnly() {
  let copy = true;
  let root = '';
  let publicDir = '';
  let outDir = '';
  /** @type {(from: string, to: string, written: Set<string>, isIgnored: (path: string) => boolean, folder: string) => void} */
  const copyFiltered = (from, to, written, isIgnored, folder) => {
    for (const entry of readdirSync(from, { withFileTypes: true, recursive: true })) {
      if (!entry.isFile()) continue;
      const file = relative(from, join(entry.parentPath, entry.name)).split(sep).join('/');
      if (leftOutOfBuild(file, isIgnored, folder) || written.has(file)) continue;
      mkdirSync(join(to, file, '..'), { recursive: true });
      copyFileSync(join(from, file), join(to, file));
    }
  };
  return {
    name: 'public-files-only',
    apply: 'build',
    config(config) {
      copy = config.build?.copyPublicDir !== false;
      return { build: { copyPublicDir: false } };
    },
    configResolved(config) {
      root = config.root;
      publicDir = config.publicDir;
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      if (!copy || !publicDir || !existsSync(publicDir)) return;
      const folder = relative(root, publicDir).split(sep).join('/');
      copyFiltered(
        publicDir,
        outDir,
        new Set(Object.keys(bundle)),
        projectGitIgnore(root),
        folder.startsWith('..') || isAbsolute(folder) ? 'public' : folder,
      );
    },
  };
}
