// Turns one api-smart-diff change (a JSON path into the document) into the operation
// it belongs to and one line a developer can read. api-smart-diff's own descriptions
// mislabel some changes (an optional parameter shows as "required"), so we write our own.
import { resolveRef } from './resolveRef.mjs';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];
const WORD = { add: 'added', remove: 'removed', replace: 'changed', rename: 'renamed' };

/** A short, single-line rendering of a contract value for a report. */
export function formatValue(value) {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const short = text === undefined ? String(value) : text.length > 48 ? `${text.slice(0, 45)}…` : text;
  return `\`${short}\``;
}

// An operation's parameters as api-smart-diff sees them: its own, then the path item's.
function operationParameters(doc, path, method) {
  const item = doc?.paths?.[path];
  return [...(item?.[method]?.parameters ?? []), ...(item?.parameters ?? [])].map((p) => resolveRef(doc, p));
}

// The change at a schema keyword (`enum`, `required`, `type`, `maxLength` …) of the schema at `where`.
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

// Walks a path inside a schema, building a readable location (`items[].status`) until the changed keyword.
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

function keywordChange(keyword, diff) {
  if (diff.action === 'add') return `\`${keyword}\` ${formatValue(diff.after)} added`;
  if (diff.action === 'remove') return `\`${keyword}\` ${formatValue(diff.before)} removed`;
  return `\`${keyword}\` ${formatValue(diff.before)} → ${formatValue(diff.after)}`;
}

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

function describeContent(prefix, rest, diff) {
  if (rest.length === 0) return `${prefix} ${WORD[diff.action]}`;
  if (rest[0] !== 'content') return `${prefix}: ${keywordChange(rest.join('.'), diff)}`;
  const type = rest[1];
  if (rest.length === 2) return `${prefix} content ${type} ${WORD[diff.action]}`;
  if (rest[2] === 'schema') return `${prefix} (${type}) ${describeSchema(rest.slice(3), diff)}`;
  if (rest[2] === 'example' || rest[2] === 'examples') return `${prefix} (${type}) examples changed`;
  return `${prefix} (${type}): ${keywordChange(rest.slice(2).join('.'), diff)}`;
}

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
 * Places one api-smart-diff change: `{ method, path }` of the operation it
 * belongs to (absent for document-level changes such as `servers` or security
 * schemes) and a one-line `description`. `docs` holds the `before` and `after`
 * documents the diff was computed from.
 */
export function describeDiff(diff, docs) {
  const [top, path, method, ...rest] = diff.path.map(String);
  if (top === 'paths' && path !== undefined && METHODS.includes(method ?? '')) {
    return { method, path, description: describeOperationChange(rest, diff, docs, path, method) };
  }
  if (top === 'paths' && path !== undefined) {
    return { path, description: `path item ${keywordChange(diff.path.slice(2).join('.') || path, diff)}` };
  }
  return { description: keywordChange(diff.path.join('.'), diff) };
}
