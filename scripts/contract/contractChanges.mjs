// The change report behind `npm run contract:diff`, `npm run contract:check` and the
// summary `npm run generate` prints: every contract of the work tree against a git revision.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root as projectRoot } from '../lib/prism.mjs';
import { CLASSES, diffContracts } from './diffContracts.mjs';
import { loadContract } from './loadContract.mjs';
import { openBase } from './openBase.mjs';

// A cheap textual test: a contract whose text has no `$ref` to another file cannot
// change without its own text changing.
const EXTERNAL_REF = /\$ref['"]?\s*:\s*(?=[^\s'"#]|['"][^#])/;

function workTreeApis(root) {
  const dir = join(root, 'openapi');
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((api) => existsSync(join(dir, api, 'openapi.yaml')));
}

function count(operations, document) {
  const counts = Object.fromEntries(CLASSES.map((c) => [c, 0]));
  for (const change of [...operations.flatMap((op) => op.changes), ...document]) counts[change.type] += 1;
  for (const status of ['added', 'removed', 'changed'])
    counts[status] = operations.filter((op) => op.change === status).length;
  return counts;
}

async function compareApi(root, base, api) {
  const file = join(root, 'openapi', api, 'openapi.yaml');
  const nowText = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
  const baseText = await base.readText(`openapi/${api}/openapi.yaml`);
  if (nowText === baseText && !EXTERNAL_REF.test(nowText ?? '')) {
    return { api, status: 'unchanged', operations: [], document: [], counts: count([], []) };
  }
  const before = baseText === undefined ? undefined : await base.loadContract(api);
  const after = nowText === undefined ? undefined : await loadContract(file, nowText);
  const { operations, document } = diffContracts(before, after);
  const status = !before
    ? 'added'
    : !after
      ? 'removed'
      : operations.length || document.length
        ? 'changed'
        : 'unchanged';
  return { api, status, operations, document, counts: count(operations, document) };
}

/**
 * Compares each contract `openapi/<api>/openapi.yaml` under `root` with the same
 * file at git revision `base`. Returns `{ base, commit, apis }`, one entry per
 * API: `status` (unchanged, changed, added: new since `base`, removed),
 * `operations` and `document` changes as `diffContracts` lists them, and
 * `counts` per class and per operation status. When there is nothing to compare
 * with (no git, no such revision) returns `{ base, skipped: reason, apis: [] }`.
 * `apis` limits the report to those names; defaults to every contract found in
 * the work tree or at `base`. `root` defaults to this project, `base` to `HEAD`,
 * `git` to the git on the PATH.
 */
export async function contractChanges({ root = projectRoot, base = 'HEAD', apis, git } = {}) {
  const opened = await openBase({ root, ref: base, git });
  if (!opened.ok) return { base, skipped: opened.reason, apis: [] };
  const names = apis ?? [...new Set([...workTreeApis(root), ...opened.apis])].sort();
  const results = [];
  for (const api of names) results.push(await compareApi(root, opened, api));
  return { base, commit: opened.commit, apis: results };
}
