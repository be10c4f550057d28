// Reads the contracts of a git revision (the base of a diff) without touching the work tree.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { hasExternalRefs, loadContract, parseContract } from './loadContract.mjs';

const run = promisify(execFile);

function gitRunner(root, git) {
  return async (args, encoding = 'utf8') => {
    const { stdout } = await run(git, args, { cwd: root, encoding, maxBuffer: 256 << 20 });
    return stdout;
  };
}

async function whyUnavailable(runGit, ref, root) {
  try {
    await runGit(['rev-parse', '--is-inside-work-tree']);
  } catch (error) {
    if (error.code === 'ENOENT') return `git is not installed, so there is no ${ref} to compare with`;
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
 * Opens git revision `ref` of the repository containing `root` for reading its
 * contracts (`openapi/<api>/openapi.yaml`, paths relative to `root`).
 * Resolves `{ ok: false, ref, reason }` when there is nothing to compare with:
 * git missing, `root` outside a git work tree (an exported tarball) or `ref`
 * unknown (no previous commit, shallow clone). `git` is the git executable;
 * defaults to `git` on the PATH.
 */
export async function openBase({ root, ref = 'HEAD', git = 'git' }) {
  const runGit = gitRunner(root, git);
  const reason = await whyUnavailable(runGit, ref, root);
  if (reason) return { ok: false, ref, reason };
  const commit = (await runGit(['rev-parse', '--verify', `${ref}^{commit}`])).trim();
  const files = (await runGit(['ls-tree', '-r', '-z', '--name-only', commit, '--', 'openapi/']))
    .split('\0')
    .filter(Boolean);
  const readText = (path) => runGit(['cat-file', 'blob', `${commit}:./${path}`]);
  return {
    ok: true,
    ref,
    commit,
    /** API names with an `openapi/<api>/openapi.yaml` at this revision. */
    apis: files.map((f) => /^openapi\/([^/]+)\/openapi\.yaml$/.exec(f)?.[1]).filter(Boolean),
    /** The text of a file at this revision, or undefined when it does not exist there. */
    async readText(path) {
      return files.includes(path) ? readText(path) : undefined;
    },
    /** The contract of `api` at this revision (bundled when it references sibling files), or undefined. */
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
