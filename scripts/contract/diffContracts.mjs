// Compares two versions of one contract with api-smart-diff and groups the changes by operation.
import { apiDiff, buildPath } from 'api-smart-diff';
import { describeDiff } from './describeDiff.mjs';

/** Change classes, most severe first; an operation takes the class of its most severe change. */
export const CLASSES = ['breaking', 'unclassified', 'deprecated', 'non-breaking', 'annotation'];

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

function isReported(path) {
  return !(path[0] === 'components' && REPORTED_ELSEWHERE.has(String(path[1])));
}

// api-smart-diff treats a response type change as harmless when the new type is
// narrower (number → integer) and even when it is unrelated (number → string).
// Clients, their generated types and the examples they were tested with were
// written for the old type, so any change of a response's type is breaking here.
function classify(diff) {
  const path = diff.path.map(String);
  // A keyword, not a property that happens to be called `type` or `example`.
  const keywordAt = (name) => path.findIndex((key, i) => key === name && path[i - 1] !== 'properties');
  // Examples are documentation; Prism checks them against the schema separately.
  if (keywordAt('examples') >= 0 || keywordAt('example') >= 0) return 'annotation';
  const type = path.lastIndexOf('type');
  const isTypeChange = type >= path.length - 2 && path[type - 1] !== 'properties';
  if (path[0] === 'paths' && path[3] === 'responses' && path.includes('schema') && isTypeChange) return 'breaking';
  return diff.type;
}

function mostSevere(changes) {
  return CLASSES.find((c) => changes.some((change) => change.type === c)) ?? 'annotation';
}

function operationStatus(changes) {
  const whole = changes.find((c) => c.whole);
  if (whole) return whole.action === 'add' ? 'added' : 'removed';
  return 'changed';
}

/** An empty version of `doc` (same header, no operations), for contracts present on one side only. */
function emptied(doc) {
  const { webhooks, ...rest } = doc;
  return { ...rest, paths: {} };
}

function groupByOperation(entries, docs) {
  const byKey = new Map();
  for (const entry of entries) {
    const key = `${entry.method.toUpperCase()} ${entry.path}`;
    if (!byKey.has(key)) {
      const side = docs.before?.paths?.[entry.path]?.[entry.method] ? docs.before : docs.after;
      const operationId = side?.paths?.[entry.path]?.[entry.method]?.operationId;
      byKey.set(key, { method: entry.method.toUpperCase(), path: entry.path, operationId, changes: [] });
    }
    byKey.get(key).changes.push(entry.change);
  }
  return [...byKey.values()].map((op) => ({
    ...op,
    change: operationStatus(op.changes),
    type: mostSevere(op.changes),
    changes: op.changes.map(({ whole, ...change }) => change),
  }));
}

/**
 * Lists what changed from contract `before` to contract `after` (plain OpenAPI
 * 3.x objects, already bundled): `operations` (each with `method`, `path`,
 * `operationId`, `change` added/removed/changed, its most severe class `type`
 * and its `changes`) and document-level `document` changes (servers, security
 * schemes, info). Each change has `type` (one of CLASSES), `action`,
 * `description` and the JSON `pointer` of what changed. Either side may be
 * undefined: a contract that only exists on one side is all added or all removed.
 */
export function diffContracts(before, after) {
  const docs = { before: before ?? emptied(after), after: after ?? emptied(before) };
  const operations = [];
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
    if (placed.method) operations.push({ method: placed.method, path: placed.path, change });
    else document.push(change);
  }
  return { operations: groupByOperation(operations, docs), document: document.map(({ whole, ...c }) => c) };
}
