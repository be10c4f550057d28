// The breaking-change gate behind `npm run contract:check`: every breaking change since
// the base revision must be acknowledged in the newest entry of the contract's CHANGELOG.md.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root as projectRoot } from '../lib/prism.mjs';
import { contractChanges } from './contractChanges.mjs';
import { openBase } from './openBase.mjs';
import { readAcknowledgement, targetMatches } from './readAcknowledgement.mjs';

function breakingChanges(entry) {
  const found = [];
  for (const op of entry.operations) {
    for (const change of op.changes) if (change.type === 'breaking') found.push({ operation: op, change });
  }
  for (const change of entry.document) if (change.type === 'breaking') found.push({ operation: undefined, change });
  return found;
}

async function checkApi(root, base, entry) {
  const file = `openapi/${entry.api}/CHANGELOG.md`;
  const text = existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8') : undefined;
  const ack = readAcknowledgement(text, await base.readText(file));
  const targets = ack.targets ?? [];
  const breaking = breakingChanges(entry).map(({ operation, change }) => ({
    operationId: operation?.operationId,
    method: operation?.method,
    path: operation?.path,
    description: change.description,
    acknowledged: targets.some((t) => targetMatches(t, operation)),
  }));
  const used = (t) => breakingChanges(entry).some(({ operation }) => targetMatches(t, operation));
  return {
    api: entry.api,
    changelog: file,
    acknowledgement: ack,
    breaking,
    unusedTargets: targets.filter((t) => !used(t)).map((t) => t.text),
  };
}

/**
 * Checks the contracts under `root` against git revision `base` (default `HEAD`).
 * Resolves `{ ok, base, commit, apis }`: one entry per API with breaking
 * changes, each change marked `acknowledged` when the newest entry of
 * `openapi/<api>/CHANGELOG.md` (an entry not yet present at `base`) has a line
 * `BREAKING: <operationId | METHOD /path | /path | *>` naming it. `ok` is false
 * when any breaking change is unacknowledged, unless `allowBreaking` (default
 * false). With nothing to compare with (no git, no such revision) resolves
 * `{ ok: true, skipped: reason }`. `root` defaults to this project, `git` to the git on the PATH.
 */
export async function checkContracts({ root = projectRoot, base = 'HEAD', allowBreaking = false, git } = {}) {
  const report = await contractChanges({ root, base, git });
  if (report.skipped) return { ok: true, base, skipped: report.skipped, apis: [] };
  const opened = await openBase({ root, ref: base, git });
  const apis = [];
  for (const entry of report.apis) {
    const checked = await checkApi(root, opened, entry);
    if (checked.breaking.length || checked.unusedTargets.length) apis.push(checked);
  }
  const unacknowledged = apis.some((api) => api.breaking.some((b) => !b.acknowledged));
  return { ok: allowBreaking || !unacknowledged, allowBreaking, base, commit: report.commit, apis };
}
