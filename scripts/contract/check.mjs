// @ts-check
// The breaking-change gate behind `npm run contract:check`: every breaking change since the base
// revision must be acknowledged in the newest entry of the contract's CHANGELOG.md, on a line
// `BREAKING: <operationId | METHOD /path | /path | *> …`; and its verdict as terminal text.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root as projectRoot } from '../lib/prism.mjs';
import { METHODS, openBase } from './contracts.mjs';
import { contractChanges } from './diff.mjs';

/** @import { BaseRevision, OperationRef } from './contracts.mjs' */
/** @import { ApiChanges, ContractChange } from './diff.mjs' */

/**
 * One operation (or every one) a changelog's `BREAKING:` line names.
 * @typedef {object} BreakingTarget
 * @property {string} [method]
 * @property {string} [path]
 * @property {string} [operationId]
 * @property {boolean} [all]
 * @property {string} text The line as written.
 */

/**
 * What a changelog acknowledges: `{ heading, targets }` from its newest entry, or `{ reason }`
 * it acknowledges nothing.
 * @typedef {{ heading: string; targets: BreakingTarget[]; reason?: undefined }
 *   | { reason: string; heading?: undefined; targets?: undefined }} Acknowledgement
 */

/**
 * @typedef {object} CheckedBreakingChange
 * @property {string | undefined} operationId
 * @property {string | undefined} method
 * @property {string | undefined} path
 * @property {string} description
 * @property {boolean} acknowledged
 */

/**
 * @typedef {object} CheckedApi
 * @property {string} api
 * @property {string} changelog
 * @property {Acknowledgement} acknowledgement
 * @property {CheckedBreakingChange[]} breaking
 * @property {string[]} unusedTargets
 */

/**
 * @typedef {object} CheckResult
 * @property {boolean} ok
 * @property {string} base
 * @property {string} [commit]
 * @property {string} [skipped]
 * @property {boolean} [allowBreaking]
 * @property {CheckedApi[]} apis
 */

const LINE = new RegExp(
  `^\\s*(?:[-*]\\s+)?BREAKING:\\s*(?:(${METHODS.join('|').toUpperCase()})\\s+(/\\S*)|(\\S+))`,
  'i',
);

/**
 * The newest entry of a changelog: its heading line and its body lines, or undefined when there is none.
 * @param {string | undefined} text
 * @returns {{ heading: string; lines: string[] } | undefined}
 */
export function newestEntry(text) {
  const lines = (text ?? '').split(/\r?\n/);
  const start = lines.findIndex((line) => /^##\s+\S/.test(line));
  if (start < 0) return undefined;
  const next = lines.findIndex((line, i) => i > start && /^##?\s+\S/.test(line));
  return { heading: String(lines[start]).trim(), lines: lines.slice(start + 1, next < 0 ? undefined : next) };
}

/**
 * Parses the `BREAKING:` lines of an entry into targets `{ method?, path?, operationId?, all?, text }`.
 * @param {string[]} lines
 * @returns {BreakingTarget[]}
 */
export function breakingTargets(lines) {
  /** @type {BreakingTarget[]} */
  const targets = [];
  for (const line of lines) {
    const match = LINE.exec(line);
    if (!match) continue;
    const [, method, path, word = ''] = match;
    const text = line.trim();
    if (method) targets.push({ method: method.toUpperCase(), path, text });
    else if (word === '*') targets.push({ all: true, text });
    else if (word.startsWith('/')) targets.push({ path: word, text });
    else targets.push({ operationId: word.replace(/[,.;:—–-]+$/, ''), text });
  }
  return targets;
}

/**
 * The acknowledgement a contract's changelog gives against a base revision: `{ heading,
 * targets }` from the newest entry of `text`, or `{ reason }` when it gives none: no
 * changelog, no `## ` entry, or a newest entry whose heading is already in `baseText` (the
 * changelog at the base), since an old entry must not excuse a new break.
 * @param {string | undefined} text
 * @param {string | undefined} baseText
 * @returns {Acknowledgement}
 */
export function readAcknowledgement(text, baseText) {
  if (text === undefined) return { reason: 'no CHANGELOG.md next to the contract' };
  const entry = newestEntry(text);
  if (!entry) return { reason: 'CHANGELOG.md has no "## " entry' };
  const old = (baseText ?? '').split(/\r?\n/).some((line) => line.trim() === entry.heading);
  if (old)
    return {
      reason: `the newest CHANGELOG.md entry "${entry.heading}" was already there at the base; add a new entry`,
    };
  return { heading: entry.heading, targets: breakingTargets(entry.lines) };
}

/**
 * True when `target` (from breakingTargets) names `operation` (a diffContracts operation;
 * undefined for document-level changes).
 * @param {BreakingTarget} target
 * @param {Pick<OperationRef, 'method' | 'path'> & { operationId?: string } | undefined} operation
 * @returns {boolean}
 */
export function targetMatches(target, operation) {
  if (target.all) return true;
  if (!operation) return false;
  if (target.operationId) return target.operationId === operation.operationId;
  return target.path === operation.path && (!target.method || target.method === operation.method);
}

/**
 * @param {ApiChanges} entry
 * @returns {{ operation: ApiChanges['operations'][number] | undefined; change: ContractChange }[]}
 */
function breakingChanges(entry) {
  const found = [];
  for (const op of entry.operations) {
    for (const change of op.changes) if (change.type === 'breaking') found.push({ operation: op, change });
  }
  for (const change of entry.document) if (change.type === 'breaking') found.push({ operation: undefined, change });
  return found;
}

/**
 * @param {string} root
 * @param {BaseRevision} base
 * @param {ApiChanges} entry
 * @returns {Promise<CheckedApi>}
 */
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
  /** @param {BreakingTarget} t */
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
 * Checks the contracts under `root` against git revision `base` (default `HEAD`). Resolves
 * `{ ok, base, commit, apis }`: one entry per API with breaking changes, each change marked
 * `acknowledged` when the newest entry of `openapi/<api>/CHANGELOG.md` (an entry not yet
 * present at `base`) has a line `BREAKING: <operationId | METHOD /path | /path | *>` naming it.
 * `ok` is false when any breaking change is unacknowledged, unless `allowBreaking` (default
 * false). With nothing to compare with (no git, no such revision) resolves `{ ok: true,
 * skipped: reason }`. `root` defaults to this project, `git` to the git on the PATH.
 * @param {{ root?: string; base?: string; allowBreaking?: boolean; git?: string }} [options]
 * @returns {Promise<CheckResult>}
 */
export async function checkContracts({ root = projectRoot, base = 'HEAD', allowBreaking = false, git } = {}) {
  const report = await contractChanges({ root, base, git });
  if (report.skipped) return { ok: true, base, skipped: report.skipped, apis: [] };
  const opened = await openBase({ root, ref: base, git });
  // contractChanges opened the same revision a moment ago.
  if (!opened.ok) return { ok: true, base, skipped: opened.reason, apis: [] };
  const apis = [];
  for (const entry of report.apis) {
    const checked = await checkApi(root, opened, entry);
    if (checked.breaking.length || checked.unusedTargets.length) apis.push(checked);
  }
  const unacknowledged = apis.some((api) => api.breaking.some((b) => !b.acknowledged));
  return { ok: allowBreaking || !unacknowledged, allowBreaking, base, commit: report.commit, apis };
}

const HOW_TO_ACKNOWLEDGE = [
  'If a break is intended, acknowledge it: add a new entry at the top of openapi/<api>/CHANGELOG.md',
  'with one BREAKING line per operation, then run the check again:',
  '',
  '  ## 2.0.0 (or a date): what changed',
  '  BREAKING: <operationId> what callers must do (or: BREAKING: GET /path …, BREAKING: * for all)',
  '',
  'To let the changes through once without a changelog entry: npm run contract:check -- --allow-breaking',
];

/** @param {CheckedApi} api */
function apiLines(api) {
  const acknowledged = api.breaking.filter((b) => b.acknowledged).length;
  const by = api.acknowledgement.heading
    ? `newest entry "${api.acknowledgement.heading}" of ${api.changelog}`
    : `${api.changelog} (${api.acknowledgement.reason})`;
  const lines = [`${api.api}: ${api.breaking.length} breaking, ${acknowledged} acknowledged by ${by}`];
  for (const b of api.breaking) {
    const where = b.method ? `${b.operationId ?? '(no operationId)'} ${b.method} ${b.path}` : '(document)';
    lines.push(`  ${b.acknowledged ? '✓' : '✖'} ${where}: ${b.description}`);
  }
  for (const text of api.unusedTargets) lines.push(`  note: "${text}" names no breaking change of this contract`);
  return lines;
}

/**
 * The gate's verdict as text: skipped, passed, or each breaking change with ✓ (acknowledged)
 * or ✖, and how to acknowledge.
 * @param {CheckResult} result
 * @returns {string}
 */
export function formatCheckResult(result) {
  if (result.skipped) return `contract:check skipped: ${result.skipped}.`;
  const head = `contract:check against ${result.base} (${result.commit?.slice(0, 7)})`;
  const lines = result.apis.flatMap(apiLines);
  const open = result.apis.some((api) => api.breaking.some((b) => !b.acknowledged));
  if (!result.apis.some((api) => api.breaking.length))
    return [`${head}: no breaking contract changes.`, ...lines].join('\n');
  if (!open) return [`${head}: every breaking change is acknowledged.`, ...lines].join('\n');
  if (result.allowBreaking)
    return [`${head}: unacknowledged breaking changes let through by --allow-breaking.`, ...lines].join('\n');
  return [`${head}: unacknowledged breaking contract changes.`, ...lines, '', ...HOW_TO_ACKNOWLEDGE].join('\n');
}
