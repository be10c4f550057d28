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
const SITE_SOURCES = ['index.html', 'src', 'generated', 'node_modules'];

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
 * ignored (git never looks inside one, so `!` cannot re-include it). A pattern without a `/`
 * matches a name at any depth, and is tested on each name alone (as git does: its wildcards never
 * match a `/`), so a request path of many short segments (`/a/a/a/…`, as long as a request line
 * can be) costs time linear in its length rather than quadratic.
 * @param {string} text
 * @returns {(path: string) => boolean}
 */
export function gitIgnoreMatcher(text) {
  /** @type {Array<{ negate: boolean; folderOnly: boolean; anchored: boolean; pattern: RegExp }>} */
  const rules = [];
  for (const raw of text.split(/\r?\n/)) {
    let line = raw.replace(/(?<!\\)\s+$/, '');
    if (!line || line.startsWith('#')) continue;
    const negate = line.startsWith('!');
    if (negate) line = line.slice(1);
    const folderOnly = line.endsWith('/');
    if (folderOnly) line = line.slice(0, -1);
    // `**/name` is `name` at any depth, which is what a pattern without a `/` means.
    if (line.startsWith('**/') && !line.slice(3).includes('/')) line = line.slice(3);
    const anchored = line.includes('/');
    line = line.replace(/^\//, '');
    rules.push({ negate, folderOnly, anchored, pattern: new RegExp(`^${globSource(line)}$`) });
  }
  return (path) => {
    const parts = path.split('/').filter(Boolean);
    const whole = parts.join('/');
    let end = 0;
    for (let i = 0; i < parts.length; i++) {
      const name = /** @type {string} */ (parts[i]);
      end += (i ? 1 : 0) + name.length;
      // A slice, not a join per folder: each prefix of the path costs nothing to make.
      const prefix = whole.slice(0, end);
      const folder = i < parts.length - 1 || path.endsWith('/');
      let ignored = false;
      for (const rule of rules)
        if ((!rule.folderOnly || folder) && rule.pattern.test(rule.anchored ? prefix : name)) ignored = !rule.negate;
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
 * Whether the request target `url` is a network-path reference: a path that starts with two slashes
 * or backslashes (`//evil.example`, `/\evil.example`, `\\evil.example`), written as they are or
 * percent-encoded (`/%2Fevil.example`, `/%5Cevil.example`), with any tabs and newlines left out (the
 * URL parser drops them). Read as a URL, which is what a router, a cache or a redirect built from the
 * path does with it, it names another host: no page of the site is there.
 * @param {string} url
 * @returns {boolean}
 */
function isNetworkPath(url) {
  // Only the start matters: the first two characters of the path, each possibly percent-encoded.
  const start = String(url)
    .replace(/[\t\n\r]/g, '')
    .slice(0, 6);
  return start.replace(/%2f/gi, '/').replace(/%5c/gi, '/').replace(/\\/g, '/').startsWith('//');
}

/**
 * Whether the preview (or any host of the build) refuses the request path `url`: a network-path
 * reference ({@link isNetworkPath}), or a dotfile or dot-folder anywhere in it.
 * @param {string} url
 * @returns {boolean}
 */
function refusedByPreview(url) {
  return isNetworkPath(url) || hasDotSegment(requestFilePath(url).slice(1));
}

/** @type {(parent: string, file: string) => boolean} */
const inside = (parent, file) => {
  const rel = relative(parent, file);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

/**
 * A judge for the files of the project at `root`, by absolute path: `refused(file)` is true for a
 * path outside the project, a dotfile or dot-folder anywhere in it, a git-ignored path (except the
 * dependencies in node_modules), and an existing file outside {@link SITE_SOURCES}; false for
 * anything inside Vite's dependency cache `cacheDir` (its pre-bundled dependencies, wherever it is).
 * A path of the project that names no file passes unless dot or ignored.
 * @param {{ root: string; cacheDir?: string; ignored?: (path: string) => boolean }} options
 * @returns {(file: string) => boolean}
 */
function devFileJudge({ root, cacheDir, ignored = projectGitIgnore(root) }) {
  return (file) => {
    if (cacheDir && inside(cacheDir, file)) return false;
    if (!inside(root, file)) return true;
    const rel = relative(root, file).split(sep).join('/');
    if (hasDotSegment(rel)) return true;
    const [top = ''] = rel.split('/');
    if (top !== DEPENDENCIES && ignored(rel)) return true;
    if (top === '' || SITE_SOURCES.includes(top)) return false;
    return isFile(file);
  };
}

/** @param {string} file */
function isFile(file) {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * A judge for the dev server's request paths, for the project at `root`: `refused(url)` is true
 * for a network-path reference ({@link isNetworkPath}), and for a path whose file the
 * {@link devFileJudge} refuses, by its root-relative path or as `/@fs/<absolute path>`: a dotfile or
 * dot-folder anywhere in the path (except inside Vite's dependency cache `cacheDir`), a git-ignored
 * path (except the dependencies in node_modules), an existing project file outside
 * {@link SITE_SOURCES}, and any `/@fs/` path outside the project. Paths naming no file (pages,
 * Vite's own `/@vite/…` and `/@id/…` modules, proxied API paths, public/ files served at `/`) pass,
 * unless dot or ignored; what a module id loads is judged by {@link siteFilesOnly} once Vite has
 * resolved it (see {@link requestModuleIds}).
 * @param {{ root: string; cacheDir?: string; ignored?: (path: string) => boolean }} options
 * @returns {(url: string) => boolean}
 */
function devServerJudge(options) {
  const refusedFile = devFileJudge(options);
  return (url) => {
    if (isNetworkPath(url)) return true;
    const path = requestFilePath(url);
    return refusedFile(path.startsWith('/@fs/') ? path.slice('/@fs'.length) : join(options.root, path));
  };
}

// How Vite writes a NUL byte (the mark of a plugin's virtual module id) in a URL.
const NUL_PLACEHOLDER = '__x00__';

/**
 * The module ids the dev server's transform may load for the request `url`, each to be resolved as
 * an import: the id as Vite reads it (URI-decoded with `decodeURI`, its first `__x00__` read as a NUL
 * byte, `/@id/` taken off, without query or hash), the same without NUL bytes, and the request's
 * file path decoded completely ({@link requestFilePath}). Vite resolves such an id as any import: a
 * bare `package.json` is the project's, `src/../x` leaves `src/`, and a root-relative path that names
 * no file under the root is read as an absolute file path (`/home/…/package.json`).
 * @param {string} url
 * @returns {string[]}
 */
function requestModuleIds(url) {
  const ids = new Set([requestFilePath(url)]);
  let decoded;
  try {
    decoded = decodeURI(String(url)).replace(NUL_PLACEHOLDER, '\0');
  } catch {
    return [...ids]; // Vite transforms no URL it cannot decode
  }
  const [path = ''] = decoded.split(/[?#]/, 1);
  const id = path.startsWith('/@id/') ? path.slice('/@id/'.length) : path;
  ids.add(id).add(id.replaceAll('\0', ''));
  return [...ids].filter(Boolean);
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
function leftOutOfBuild(file, isIgnored, publicFolder = 'public') {
  return hasDotSegment(file) || isIgnored(`${publicFolder}/${file}`);
}

/**
 * Vite plugin: the servers serve the site only. The dev server answers 404 for a dotfile or
 * dot-folder (`/.env.production`, `/.git/config`), a git-ignored path (logs, coverage, bench
 * results, dist) and any project file outside the site's sources (`/package.json`, `/scripts/…`,
 * `/tests/…`, `/openapi/…`, `/README.md`), by its root-relative path and as `/@fs/…` (see
 * {@link devServerJudge}), and for any request whose module id resolves to such a file, however it
 * is written (`/@id/package.json?import`, `/@id/src/../vite.config.ts?raw`, `/<root>/package.json`,
 * `/@id/__x00__…`; see {@link requestModuleIds}): each id is resolved by Vite's own resolver, as its
 * transform would, and the file it names is judged by {@link devFileJudge}. Vite's own `server.fs`
 * rules cover `/@fs/`, its static files and `?raw`/`?url`/`?inline` ids only: a module
 * (`/scripts/build.mjs`, `/@id/tests/x.ts`, `…/package.json?import`) goes through its transform,
 * which they do not check, so this runs in front of every middleware. Both servers answer 404 for a
 * network-path reference (`//evil.example`, `/\evil.example`: {@link isNetworkPath}). The preview
 * serves the build only; it answers 404 for dotfiles, which a build never holds (see
 * {@link publicFilesOnly}).
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
      const options = { root: server.config.root, cacheDir: server.config.cacheDir };
      const refused = devServerJudge(options);
      const refusedFile = devFileJudge(options);
      /** @param {string} url */
      const loadsRefusedFile = async (url) => {
        const { pluginContainer } = server.environments.client;
        for (const id of requestModuleIds(url)) {
          const resolved = await pluginContainer.resolveId(id).catch(() => null);
          for (const candidate of [id, resolved?.id ?? '']) {
            // The file an id names: without a virtual module's NUL and without its query.
            const [file = ''] = candidate.replaceAll('\0', '').split(/[?#]/, 1);
            if (isAbsolute(file) && isFile(file) && refusedFile(file)) return true;
          }
        }
        return false;
      };
      server.middlewares.use((req, res, next) => {
        const url = req.url ?? '/';
        if (refused(url)) return notFound(res);
        loadsRefusedFile(url).then((refusedModule) => (refusedModule ? notFound(res) : next()), next);
      });
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
