// @ts-check
// What changed in a contract: two versions compared with api-smart-diff, each change classified
// and described in one line, grouped by operation; the report of every contract of the work
// tree against a git revision behind `npm run contract:diff`, `npm run contract:check` and the
// summary `npm run generate` prints; and that report as the text developers read in a terminal.
import { apiDiff, buildPath } from 'api-smart-diff';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root as projectRoot } from '../lib/prism.mjs';
import { contractApis } from '../lib/apis.mjs';
import { loadContract, METHODS, openBase, resolveRef } from './contracts.mjs';

/** @import { Diff } from 'api-smart-diff' */
/** @import { BaseRevision, OpenApiDocument } from './contracts.mjs' */

/** @typedef {'breaking' | 'unclassified' | 'deprecated' | 'non-breaking' | 'annotation'} ChangeClass */

/**
 * One classified change, with the JSON pointer of what changed in the contract.
 * @typedef {object} ContractChange
 * @property {ChangeClass} type
 * @property {Diff['action']} action
 * @property {string} description
 * @property {string} pointer
 */

/**
 * The changes of one operation (`METHOD path`).
 * @typedef {object} OperationChanges
 * @property {string} method
 * @property {string} path
 * @property {string | undefined} operationId
 * @property {'added' | 'removed' | 'changed'} change
 * @property {ChangeClass} type The class of its most severe change.
 * @property {ContractChange[]} changes
 */

/**
 * @typedef {object} ContractDiff
 * @property {OperationChanges[]} operations
 * @property {ContractChange[]} document
 */

/**
 * What happened to one API's contract since the base.
 * @typedef {object} ApiChanges
 * @property {string} api
 * @property {'unchanged' | 'changed' | 'added' | 'removed'} status
 * @property {OperationChanges[]} operations
 * @property {ContractChange[]} document
 * @property {Record<ChangeClass | 'added' | 'removed' | 'changed', number>} counts
 */

/**
 * @typedef {object} ChangeReport
 * @property {string} base
 * @property {string} [commit]
 * @property {string} [skipped]
 * @property {ApiChanges[]} apis
 */

/** @typedef {{ before: OpenApiDocument; after: OpenApiDocument }} DiffSides */

// api-smart-diff's own descriptions mislabel some changes (an optional parameter shows as
// "required"), so each change is described here from its JSON path.

/** @type {Record<Diff['action'], string>} */
const WORD = { add: 'added', remove: 'removed', replace: 'changed', rename: 'renamed' };

/**
 * A short, single-line rendering of a contract value for a report.
 * @param {unknown} value
 */
function formatValue(value) {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const short = text === undefined ? String(value) : text.length > 48 ? `${text.slice(0, 45)}…` : text;
  return `\`${short}\``;
}

/**
 * An operation's parameters as api-smart-diff sees them: its own, then the path item's.
 * @param {OpenApiDocument} doc
 * @param {string} path
 * @param {string} method
 * @returns {any[]}
 */
function operationParameters(doc, path, method) {
  const item = doc?.paths?.[path];
  return [...(item?.[method]?.parameters ?? []), ...(item?.parameters ?? [])].map((p) => resolveRef(doc, p));
}

/**
 * The change at a schema keyword (`enum`, `required`, `type`, `maxLength` …) of the schema at `where`.
 * @param {string[]} segments
 * @param {number} i
 * @param {string} where
 * @param {Diff} diff
 */
function describeKeyword(segments, i, where, diff) {
  const key = segments[i];
  const index = segments[i + 1];
  const value = diff.action === 'add' ? diff.after : diff.before;
  const subject = where ? `\`${where}\`: ` : '';
  if (key === 'enum' && index !== undefined) return `${subject}enum value ${formatValue(value)} ${WORD[diff.action]}`;
  if (key === 'required' && index !== undefined && diff.action !== 'replace') {
    return `\`${where ? `${where}.` : ''}${value}\` ${diff.action === 'add' ? 'now required' : 'no longer required'}`;
  }
  if (key === 'type' && diff.action === 'replace')
    return `${subject}type ${formatValue(diff.before)} → ${formatValue(diff.after)}`;
  if (key === 'type' && index !== undefined) return `${subject}type ${formatValue(value)} ${WORD[diff.action]}`;
  return `${subject}${keywordChange(segments.slice(i).join('.'), diff)}`;
}

/**
 * Walks a path inside a schema, building a readable location (`items[].status`) until the changed keyword.
 * @param {string[]} segments
 * @param {Diff} diff
 */
function describeSchema(segments, diff) {
  let where = '';
  for (let i = 0; i < segments.length; i += 1) {
    const key = segments[i];
    const beforeLast = i < segments.length - 2;
    if (key === 'properties' && i === segments.length - 2) {
      return `property \`${where ? `${where}.` : ''}${segments[i + 1]}\` ${WORD[diff.action]}`;
    }
    if (key === 'properties' && beforeLast) where += `${where ? '.' : ''}${segments[(i += 1)]}`;
    else if (key === 'items') where += '[]';
    else if (key === 'additionalProperties' && i < segments.length - 1) where += '{*}';
    else if (key === 'allOf' && beforeLast)
      i += 1; // every allOf part applies: the location stays the same
    else if ((key === 'oneOf' || key === 'anyOf') && beforeLast) where += `(${key} ${segments[(i += 1)]})`;
    else return describeKeyword(segments, i, where, diff);
  }
  return `schema ${WORD[diff.action]}`;
}

/**
 * @param {string} keyword
 * @param {Diff} diff
 */
function keywordChange(keyword, diff) {
  if (diff.action === 'add') return `\`${keyword}\` ${formatValue(diff.after)} added`;
  if (diff.action === 'remove') return `\`${keyword}\` ${formatValue(diff.before)} removed`;
  return `\`${keyword}\` ${formatValue(diff.before)} → ${formatValue(diff.after)}`;
}

/**
 * @param {string[]} rest
 * @param {Diff} diff
 * @param {any} param
 */
function describeParameter(rest, diff, param) {
  const label = param ? `${param.in} parameter \`${param.name}\`` : 'a parameter';
  if (rest.length === 0) {
    if (diff.action === 'add') return `${label} added (${param?.required ? 'required' : 'optional'})`;
    return `${label} ${WORD[diff.action]}`;
  }
  if (rest[0] === 'required' && rest.length === 1) {
    return `${label} made ${diff.action !== 'remove' && diff.after === true ? 'required' : 'optional'}`;
  }
  if (rest[0] === 'schema') return `${label}: ${describeSchema(rest.slice(1), diff)}`;
  return `${label}: ${keywordChange(rest.join('.'), diff)}`;
}

/**
 * @param {string} prefix
 * @param {string[]} rest
 * @param {Diff} diff
 */
function describeContent(prefix, rest, diff) {
  if (rest.length === 0) return `${prefix} ${WORD[diff.action]}`;
  if (rest[0] !== 'content') return `${prefix}: ${keywordChange(rest.join('.'), diff)}`;
  const type = rest[1];
  if (rest.length === 2) return `${prefix} content ${type} ${WORD[diff.action]}`;
  if (rest[2] === 'schema') return `${prefix} (${type}) ${describeSchema(rest.slice(3), diff)}`;
  if (rest[2] === 'example' || rest[2] === 'examples') return `${prefix} (${type}) examples changed`;
  return `${prefix} (${type}): ${keywordChange(rest.slice(2).join('.'), diff)}`;
}

/**
 * @param {string[]} rest
 * @param {Diff} diff
 * @param {DiffSides} docs
 * @param {string} path
 * @param {string} method
 */
function describeOperationChange(rest, diff, docs, path, method) {
  if (rest.length === 0) return `operation ${WORD[diff.action]}`;
  const [area, ...tail] = rest;
  if (area === 'parameters') {
    const side = diff.action === 'add' && tail.length === 1 ? 'after' : 'before';
    const param =
      tail.length === 1
        ? resolveRef(docs[side], diff[side])
        : operationParameters(docs.before, path, method)[Number(tail[0])];
    return describeParameter(tail.slice(1), diff, param);
  }
  if (area === 'requestBody') {
    if (tail[0] === 'required' && tail.length === 1)
      return `request body made ${diff.after === true ? 'required' : 'optional'}`;
    return describeContent('request body', tail, diff);
  }
  if (area === 'responses') {
    const [code, ...more] = tail;
    if (code === undefined) return keywordChange('responses', diff);
    if (more[0] === 'headers')
      return `response ${code} header \`${more[1]}\`: ${keywordChange(more.slice(2).join('.') || 'header', diff)}`;
    return describeContent(`response ${code}`, more, diff);
  }
  if (area === 'deprecated') return diff.after === true ? 'operation deprecated' : 'operation no longer deprecated';
  if (area === 'security') return `security requirements ${WORD[diff.action]}`;
  return keywordChange(rest.join('.'), diff);
}

/**
 * Places one api-smart-diff change: `{ method, path }` of the operation it belongs to (absent
 * for document-level changes such as `servers` or security schemes) and a one-line `description`.
 * @param {Diff} diff
 * @param {DiffSides} docs The `before` and `after` documents the diff was computed from.
 * @returns {{ method?: string; path?: string; description: string }}
 */
function describeDiff(diff, docs) {
  const [top, path, method, ...rest] = diff.path.map(String);
  if (top === 'paths' && path !== undefined && method !== undefined && METHODS.includes(method)) {
    return { method, path, description: describeOperationChange(rest, diff, docs, path, method) };
  }
  if (top === 'paths' && path !== undefined) {
    return { path, description: `path item ${keywordChange(diff.path.slice(2).join('.') || path, diff)}` };
  }
  return { description: keywordChange(diff.path.join('.'), diff) };
}

/**
 * Change classes, most severe first; an operation takes the class of its most severe change.
 * @type {ChangeClass[]}
 */
const CLASSES = ['breaking', 'unclassified', 'deprecated', 'non-breaking', 'annotation'];

// Component schemas, parameters, responses … are compared where operations use them
// (api-smart-diff follows $refs); listing them again would count each change twice.
const REPORTED_ELSEWHERE = new Set([
  'schemas',
  'parameters',
  'responses',
  'requestBodies',
  'headers',
  'examples',
  'links',
  'callbacks',
  'pathItems',
]);

/** @param {Diff['path']} path */
function isReported(path) {
  return !(path[0] === 'components' && REPORTED_ELSEWHERE.has(String(path[1])));
}

// api-smart-diff treats a response type change as harmless when the new type is
// narrower (number → integer) and even when it is unrelated (number → string).
// Clients, their generated types and the examples they were tested with were
// written for the old type, so any change of a response's type is breaking here.
/**
 * @param {Diff} diff
 * @returns {ChangeClass}
 */
function classify(diff) {
  const path = diff.path.map(String);
  // A keyword, not a property that happens to be called `type` or `example`.
  /** @param {string} name */
  const keywordAt = (name) => path.findIndex((key, i) => key === name && path[i - 1] !== 'properties');
  // Examples are documentation; Prism checks them against the schema separately.
  if (keywordAt('examples') >= 0 || keywordAt('example') >= 0) return 'annotation';
  const type = path.lastIndexOf('type');
  const isTypeChange = type >= path.length - 2 && path[type - 1] !== 'properties';
  if (path[0] === 'paths' && path[3] === 'responses' && path.includes('schema') && isTypeChange) return 'breaking';
  return diff.type;
}

/** @typedef {ContractChange & { whole: boolean }} PlacedChange */

/** @param {PlacedChange[]} changes */
function mostSevere(changes) {
  return CLASSES.find((c) => changes.some((change) => change.type === c)) ?? 'annotation';
}

/**
 * @param {PlacedChange[]} changes
 * @returns {OperationChanges['change']}
 */
function operationStatus(changes) {
  const whole = changes.find((c) => c.whole);
  if (whole) return whole.action === 'add' ? 'added' : 'removed';
  return 'changed';
}

/**
 * An empty version of `doc` (same header, no operations), for contracts present on one side only.
 * @param {OpenApiDocument} doc
 */
function emptied(doc) {
  const { webhooks, ...rest } = doc;
  return { ...rest, paths: {} };
}

/**
 * @param {{ method: string; path: string; change: PlacedChange }[]} entries
 * @param {DiffSides} docs
 * @returns {OperationChanges[]}
 */
function groupByOperation(entries, docs) {
  /** @type {Map<string, { method: string; path: string; operationId: string | undefined; changes: PlacedChange[] }>} */
  const byKey = new Map();
  for (const entry of entries) {
    const key = `${entry.method.toUpperCase()} ${entry.path}`;
    let op = byKey.get(key);
    if (!op) {
      const side = docs.before?.paths?.[entry.path]?.[entry.method] ? docs.before : docs.after;
      const operationId = side?.paths?.[entry.path]?.[entry.method]?.operationId;
      op = { method: entry.method.toUpperCase(), path: entry.path, operationId, changes: [] };
      byKey.set(key, op);
    }
    op.changes.push(entry.change);
  }
  return [...byKey.values()].map((op) => ({
    ...op,
    change: operationStatus(op.changes),
    type: mostSevere(op.changes),
    changes: op.changes.map(({ whole, ...change }) => change),
  }));
}

/**
 * Lists what changed from contract `before` to contract `after` (plain OpenAPI 3.x objects,
 * already bundled): `operations` (each with `method`, `path`, `operationId`, `change`
 * added/removed/changed, its most severe class `type` and its `changes`) and document-level
 * `document` changes (servers, security schemes, info). Each change has `type` (breaking,
 * unclassified, deprecated, non-breaking or annotation), `action`, `description` and the JSON
 * `pointer` of what changed. Either side may be undefined: a contract that only exists on one
 * side is all added or all removed.
 * @param {object | undefined} before
 * @param {object | undefined} after
 * @returns {ContractDiff}
 */
export function diffContracts(before, after) {
  /** @type {DiffSides} */
  const docs = {
    before: before ?? emptied(/** @type {OpenApiDocument} */ (after)),
    after: after ?? emptied(/** @type {OpenApiDocument} */ (before)),
  };
  /** @type {{ method: string; path: string; change: PlacedChange }[]} */
  const operations = [];
  /** @type {PlacedChange[]} */
  const document = [];
  // apiDiff rewrites its inputs (it moves path-level parameters into operations).
  for (const diff of apiDiff(structuredClone(docs.before), structuredClone(docs.after))) {
    if (!isReported(diff.path)) continue;
    const placed = describeDiff(diff, docs);
    const change = {
      type: classify(diff),
      action: diff.action,
      description: placed.description,
      pointer: buildPath(diff.path),
      whole: diff.path.length === 3 && placed.method !== undefined,
    };
    if (placed.method && placed.path) operations.push({ method: placed.method, path: placed.path, change });
    else document.push(change);
  }
  return {
    operations: groupByOperation(operations, docs),
    document: document.map(({ whole, ...c }) => c),
  };
}

// A cheap textual test: a contract whose text has no `$ref` to another file cannot
// change without its own text changing.
const EXTERNAL_REF = /\$ref['"]?\s*:\s*(?=[^\s'"#]|['"][^#])/;

/**
 * @param {OperationChanges[]} operations
 * @param {ContractChange[]} document
 * @returns {ApiChanges['counts']}
 */
function count(operations, document) {
  const counts = /** @type {ApiChanges['counts']} */ (Object.fromEntries(CLASSES.map((c) => [c, 0])));
  for (const change of [...operations.flatMap((op) => op.changes), ...document]) counts[change.type] += 1;
  for (const status of /** @type {const} */ (['added', 'removed', 'changed']))
    counts[status] = operations.filter((op) => op.change === status).length;
  return counts;
}

/**
 * @param {string} root
 * @param {BaseRevision} base
 * @param {string} api
 * @returns {Promise<ApiChanges>}
 */
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
 * Compares each contract `openapi/<api>/openapi.yaml` under `root` with the same file at git
 * revision `base`. Returns `{ base, commit, apis }`, one entry per API: `status` (unchanged,
 * changed, added: new since `base`, removed), `operations` and `document` changes as
 * `diffContracts` lists them, and `counts` per class and per operation status. When there is
 * nothing to compare with (no git, no such revision) returns `{ base, skipped: reason, apis: [] }`.
 * `apis` limits the report to those names; defaults to every contract found in the work tree
 * or at `base`. `root` defaults to this project, `base` to `HEAD`, `git` to the git on the PATH.
 * @param {{ root?: string; base?: string; apis?: string[]; git?: string }} [options]
 * @returns {Promise<ChangeReport>}
 */
export async function contractChanges({ root = projectRoot, base = 'HEAD', apis, git } = {}) {
  const opened = await openBase({ root, ref: base, git });
  if (!opened.ok) return { base, skipped: opened.reason, apis: [] };
  const names = apis ?? [...new Set([...contractApis(root), ...opened.apis])].sort();
  const results = [];
  for (const api of names) results.push(await compareApi(root, opened, api));
  return { base, commit: opened.commit, apis: results };
}

/**
 * @param {number} n
 * @param {string} word
 */
function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * One line saying what happened to one API's contract, e.g. "operations 1 removed, 2 changed;
 * changes 3 breaking, 1 annotation".
 * @param {ApiChanges} entry
 */
function summarizeApi(entry) {
  const { counts } = entry;
  if (entry.status === 'unchanged') return 'unchanged';
  if (entry.status === 'added') return `new contract: ${plural(counts.added, 'operation')} added`;
  if (entry.status === 'removed') return `contract removed: ${plural(counts.removed, 'operation')} removed (breaking)`;
  const ops = /** @type {const} */ (['added', 'removed', 'changed'])
    .filter((s) => counts[s])
    .map((s) => `${counts[s]} ${s}`);
  const classes = CLASSES.filter((c) => counts[c]).map((c) => `${counts[c]} ${c}`);
  return `${ops.length ? `operations ${ops.join(', ')}` : 'document only'}; changes ${classes.join(', ')}`;
}

/**
 * @param {ApiChanges} entry
 * @param {boolean} compact
 */
function rowsOf(entry, compact) {
  /** @type {string[][]} */
  const rows = [];
  for (const op of entry.operations) {
    const shown = compact ? op.changes.filter((c) => c.type !== 'annotation') : op.changes;
    shown.forEach((change, i) => {
      rows.push([
        i ? '' : (op.operationId ?? '(no operationId)'),
        i ? '' : `${op.method} ${op.path}`,
        change.description,
        change.type,
      ]);
    });
  }
  for (const change of entry.document) {
    if (!compact || change.type !== 'annotation') rows.push(['(document)', '', change.description, change.type]);
  }
  return rows;
}

/** @param {string[][]} rows */
function table(rows) {
  const header = ['Operation', 'Endpoint', 'Change', 'Class'];
  const all = [header, ...rows];
  const widths = header.map((_, col) => Math.max(...all.map((row) => row[col]?.length ?? 0)));
  return all.map(
    (row) => `  ${row.map((cell, col) => (col === row.length - 1 ? cell : cell.padEnd(widths[col] ?? 0))).join('  ')}`,
  );
}

/**
 * The report as text: a header naming the base, one summary line per API and, under each
 * changed API, a table of its changes (operation, endpoint, change, class). `compact` (used
 * after `npm run generate`) leaves out annotation-only rows and does not list the operations
 * of a contract that is new or removed as a whole. Defaults to the full listing.
 * @param {ChangeReport} report
 * @param {{ compact?: boolean }} [options]
 * @returns {string}
 */
export function formatChangeReport(report, { compact = false } = {}) {
  if (report.skipped) return `Contract change report skipped: ${report.skipped}.`;
  const lines = [`Contract changes against ${report.base} (${report.commit?.slice(0, 7)}):`];
  const unchanged = report.apis.filter((entry) => entry.status === 'unchanged').map((entry) => entry.api);
  for (const entry of report.apis.filter((e) => e.status !== 'unchanged')) {
    lines.push(`${entry.api}: ${summarizeApi(entry)}`);
    const wholeContract = entry.status === 'added' || entry.status === 'removed';
    const rows = compact && wholeContract ? [] : rowsOf(entry, compact);
    if (rows.length) lines.push(...table(rows));
  }
  if (unchanged.length) lines.push(`unchanged: ${unchanged.join(', ')}`);
  if (!report.apis.length) lines.push('no contracts found under openapi/');
  return lines.join('\n');
}
