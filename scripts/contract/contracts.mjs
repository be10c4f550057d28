// @ts-check
// The project's contracts as data (which exist: ../lib/apis.mjs): reading one (bundled into one document when it
// $refs sibling files), following its local $refs, finding the operation a request is for, and
// reading them as they were at a git revision without touching the work tree.
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { root as projectRoot } from '../lib/prism.mjs';

const run = promisify(execFile);

/**
 * A parsed OpenAPI document. Contracts are YAML written by hand, so code reads them
 * defensively (`?.`, defaults) instead of trusting a declared shape.
 * @typedef {Record<string, any>} OpenApiDocument
 */

/**
 * The operation of a contract that a request or a change belongs to.
 * @typedef {object} OperationRef
 * @property {string | undefined} operationId
 * @property {string} method Uppercase, as in `GET`.
 * @property {string} path The path template, as in `/widgets/{id}`.
 */

/** The methods an OpenAPI path item can hold, lowercase as the document spells them. */
export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * Runs Redocly CLI (`<root>/node_modules/.bin/redocly`) in `cwd` with telemetry and the
 * update check off (both would reach the network) and no colour or Node 20 deprecation
 * banner in its output. Rejects with `failure: ` followed by the last lines Redocly printed.
 * @param {string[]} args
 * @param {{ root?: string; cwd: string; failure: string }} options
 * @returns {Promise<void>}
 */
export async function redocly(args, { root = projectRoot, cwd, failure }) {
  await run(join(root, 'node_modules', '.bin', 'redocly'), args, {
    cwd,
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
    maxBuffer: 64 << 20,
  }).catch((error) => {
    throw new Error(
      `${failure}: ${String(error.stderr || error.message)
        .trim()
        .split('\n')
        .slice(-3)
        .join(' ')}`,
    );
  });
}

/**
 * True when `node` holds a `$ref` that points outside its own document.
 * @param {unknown} node
 * @returns {boolean}
 */
function hasExternalRefs(node) {
  if (Array.isArray(node)) return node.some(hasExternalRefs);
  if (!node || typeof node !== 'object') return false;
  if ('$ref' in node && typeof node.$ref === 'string' && !node.$ref.startsWith('#')) return true;
  return Object.values(node).some(hasExternalRefs);
}

/**
 * Parses a contract's text (YAML or JSON); throws naming `name` when it is not an object.
 * @param {string} text
 * @param {string} name
 * @returns {OpenApiDocument}
 */
export function parseContract(text, name) {
  const doc = parsedText(text);
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) {
    throw new Error(`${name} is not an OpenAPI document (expected a YAML or JSON object)`);
  }
  return doc;
}

/**
 * The contract at `file`, parsed ({@link parseContract}); its own `$ref`s to sibling files are left as
 * they are (see {@link loadContract}).
 * @param {string} file
 * @returns {OpenApiDocument}
 */
export function readContract(file) {
  return parseContract(readFileSync(file, 'utf8'), file);
}

// Parsing YAML is slow: the content contract takes about 0.35 s and the commerce one 0.7 s, and a test
// run read them over ninety times (every test file, mock, build and dev server that reads examples)
// for a minute of CPU. A contract's parsed form is kept as JSON by the hash of its text, in this
// process and in node_modules/.cache/contracts/ for the next one; JSON.parse of it takes milliseconds
// and gives each caller a copy of its own to change. A contract is JSON's data model (no timestamps or
// non-finite numbers in an OpenAPI document; an alias becomes a copy), so nothing is lost.
const CONTRACT_CACHE = join(projectRoot, 'node_modules', '.cache', 'contracts');
/** @type {Map<string, string>} */
const parsedTexts = new Map();

/**
 * `text` parsed as YAML (aliases unlimited: contracts are the project's own), by way of the cache above.
 * @param {string} text
 * @returns {unknown}
 */
function parsedText(text) {
  const key = createHash('sha256').update(text).digest('hex');
  let json = parsedTexts.get(key);
  if (json === undefined) {
    const file = join(CONTRACT_CACHE, `${key}.json`);
    try {
      json = readFileSync(file, 'utf8');
    } catch {
      json = JSON.stringify(parse(text, { maxAliasCount: -1 })) ?? 'null';
      try {
        // Written whole, then renamed: another process reading the same contract meanwhile never sees half of it.
        mkdirSync(CONTRACT_CACHE, { recursive: true });
        const partial = `${file}.${process.pid}.tmp`;
        writeFileSync(partial, json);
        renameSync(partial, file);
      } catch {
        // A read-only checkout: parsed again next time.
      }
    }
    parsedTexts.set(key, json);
  }
  return JSON.parse(json);
}

// api-smart-diff and the request matcher resolve only references inside one document, so a
// contract that $refs sibling files is bundled first. Redocly runs from the contract's own
// folder so that no project config (decorators) changes the document.
/**
 * @param {string} file
 * @returns {Promise<OpenApiDocument>}
 */
async function bundleContract(file) {
  const temp = mkdtempSync(join(tmpdir(), 'contract-bundle-'));
  try {
    const out = join(temp, 'bundle.json');
    await redocly(['bundle', file, '-o', out, '--ext', 'json'], {
      cwd: dirname(file),
      failure: `Could not bundle ${file}`,
    });
    return JSON.parse(readFileSync(out, 'utf8'));
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
}

/**
 * Loads the contract at `file`: parsed as is when self-contained, bundled with Redocly (its
 * external `$ref`s pulled into `components`) when it references sibling files. `text` skips
 * the read when the caller already has the file's content. Throws with Redocly's message when
 * a reference cannot be resolved.
 * @param {string} file
 * @param {string} [text]
 * @returns {Promise<OpenApiDocument>}
 */
export async function loadContract(file, text = readFileSync(file, 'utf8')) {
  const doc = parseContract(text, file);
  return hasExternalRefs(doc) ? bundleContract(file) : doc;
}

/**
 * Returns `node` with its chain of local `$ref`s (`#/components/...`) followed inside `doc`
 * (unchanged when not a reference).
 * @param {OpenApiDocument | undefined} doc
 * @param {any} node
 * @returns {any}
 */
export function resolveRef(doc, node) {
  let current = node;
  for (
    let hops = 0;
    current && typeof current.$ref === 'string' && current.$ref.startsWith('#/') && hops < 20;
    hops += 1
  ) {
    current = current.$ref
      .slice(2)
      .split('/')
      .map((/** @type {string} */ part) => decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce(
        (/** @type {any} */ value, /** @type {string} */ key) =>
          value && typeof value === 'object' ? value[key] : undefined,
        doc,
      );
  }
  return current;
}

/**
 * The path prefix of each server URL (`/api/auth`, `https://host/v1` → `/v1`); '' for none.
 * @param {OpenApiDocument} doc
 */
function basePaths(doc) {
  const prefixes = new Set(['']);
  for (const server of doc.servers ?? []) {
    const url = String(server.url ?? '').replace(
      /\{(\w+)\}/g,
      (/** @type {string} */ _, /** @type {string} */ name) => server.variables?.[name]?.default ?? '',
    );
    const path = /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? new URL(url).pathname : url;
    prefixes.add(path.replace(/\/+$/, ''));
  }
  return [...prefixes].sort((a, b) => b.length - a.length);
}

/** @param {string} template */
function templateRegex(template) {
  const pattern = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+' : part.replace(/[.*+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${pattern}/?$`);
}

/**
 * Returns a function `(method, pathname) → { operationId, method, path } | undefined` that
 * finds the operation of `doc` (a parsed contract) a request is for, so a log line or a mock
 * answer can name it. A template with more literal characters wins (`/widgets/new` over
 * `/widgets/{id}`), as OpenAPI requires; server path prefixes (`servers[].url`) are stripped first.
 * @param {OpenApiDocument} doc
 * @returns {(method: string, pathname: string) => OperationRef | undefined}
 */
export function operationMatcher(doc) {
  const routes = Object.entries(doc.paths ?? {})
    .flatMap(([path, item]) =>
      METHODS.filter((m) => item?.[m]).map((m) => ({ method: m, path, operationId: item[m].operationId })),
    )
    .map((route) => ({
      ...route,
      regex: templateRegex(route.path),
      literal: route.path.replace(/\{[^}]+\}/g, '').length,
    }))
    .sort((a, b) => b.literal - a.literal);
  const prefixes = basePaths(doc);
  return (method, pathname) => {
    for (const prefix of prefixes) {
      if (prefix && !pathname.startsWith(`${prefix}/`)) continue;
      const rest = pathname.slice(prefix.length);
      const route = routes.find((r) => r.method === method.toLowerCase() && r.regex.test(rest));
      if (route) return { operationId: route.operationId, method: route.method.toUpperCase(), path: route.path };
    }
    return undefined;
  };
}

/**
 * The contracts of a git revision, as openBase opens them.
 * @typedef {object} BaseRevision
 * @property {true} ok
 * @property {string} ref
 * @property {string} commit
 * @property {string[]} apis API names with an `openapi/<api>/openapi.yaml` at this revision.
 * @property {(path: string) => Promise<string | undefined>} readText The text of a file at this revision (a path relative to the root), or undefined when it does not exist there.
 * @property {(api: string) => Promise<OpenApiDocument | undefined>} loadContract The contract of `api` at this revision (bundled when it references sibling files), or undefined.
 */

/**
 * @param {string} root
 * @param {string} git
 * @returns {(args: string[]) => Promise<string>}
 */
function gitRunner(root, git) {
  return async (args) => {
    const { stdout } = await run(git, args, { cwd: root, encoding: 'utf8', maxBuffer: 256 << 20 });
    return stdout;
  };
}

/**
 * @param {(args: string[]) => Promise<string>} runGit
 * @param {string} ref
 * @param {string} root
 */
async function whyUnavailable(runGit, ref, root) {
  try {
    await runGit(['rev-parse', '--is-inside-work-tree']);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT')
      return `git is not installed, so there is no ${ref} to compare with`;
    return `${root} is not a git work tree (an exported tarball?), so there is no ${ref} to compare with`;
  }
  try {
    await runGit(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    return `${ref} is not a commit of this repository (no previous commit, or a shallow clone), so there is nothing to compare with`;
  }
  return undefined;
}

/**
 * Opens git revision `ref` of the repository containing `root` for reading its contracts
 * (`openapi/<api>/openapi.yaml`, paths relative to `root`). Resolves `{ ok: false, ref, reason }`
 * when there is nothing to compare with: git missing, `root` outside a git work tree (an
 * exported tarball) or `ref` unknown (no previous commit, shallow clone). `git` is the git
 * executable; defaults to `git` on the PATH.
 * @param {{ root: string; ref?: string; git?: string }} options
 * @returns {Promise<BaseRevision | { ok: false; ref: string; reason: string }>}
 */
export async function openBase({ root, ref = 'HEAD', git = 'git' }) {
  const runGit = gitRunner(root, git);
  const reason = await whyUnavailable(runGit, ref, root);
  if (reason) return { ok: false, ref, reason };
  const commit = (await runGit(['rev-parse', '--verify', `${ref}^{commit}`])).trim();
  const files = (await runGit(['ls-tree', '-r', '-z', '--name-only', commit, '--', 'openapi/']))
    .split('\0')
    .filter(Boolean);
  /** @param {string} path */
  const readText = (path) => runGit(['cat-file', 'blob', `${commit}:./${path}`]);
  return {
    ok: true,
    ref,
    commit,
    apis: files.flatMap((f) => /^openapi\/([^/]+)\/openapi\.yaml$/.exec(f)?.[1] ?? []),
    async readText(path) {
      return files.includes(path) ? readText(path) : undefined;
    },
    async loadContract(api) {
      const path = `openapi/${api}/openapi.yaml`;
      if (!files.includes(path)) return undefined;
      const text = await readText(path);
      const doc = parseContract(text, `${path} at ${ref}`);
      if (!hasExternalRefs(doc)) return doc;
      return withCheckout(files, readText, (dir) => loadContract(join(dir, path)));
    },
  };
}

// Writes every file of openapi/ at the revision into a temp folder, so Redocly can
// follow the contract's relative $refs exactly as they were at that revision.
/**
 * @template T
 * @param {string[]} files
 * @param {(path: string) => Promise<string>} readText
 * @param {(dir: string) => Promise<T>} withDir
 * @returns {Promise<T>}
 */
async function withCheckout(files, readText, withDir) {
  const dir = mkdtempSync(join(tmpdir(), 'contract-base-'));
  try {
    for (const file of files) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), await readText(file));
    }
    return await withDir(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
