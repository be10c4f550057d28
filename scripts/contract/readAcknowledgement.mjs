// Reads the acknowledgement of breaking changes from a contract's CHANGELOG.md:
// the newest entry (the first `## ` heading and the lines under it) names each
// breaking change it accepts on a line `BREAKING: <operationId | METHOD /path | /path | *> …`.

const METHODS = 'GET|PUT|POST|DELETE|OPTIONS|HEAD|PATCH|TRACE';
const LINE = new RegExp(`^\\s*(?:[-*]\\s+)?BREAKING:\\s*(?:(${METHODS})\\s+(/\\S*)|(\\S+))`, 'i');

/** The newest entry of a changelog: its heading line and its body lines, or undefined when there is none. */
export function newestEntry(text) {
  const lines = (text ?? '').split(/\r?\n/);
  const start = lines.findIndex((line) => /^##\s+\S/.test(line));
  if (start < 0) return undefined;
  const next = lines.findIndex((line, i) => i > start && /^##?\s+\S/.test(line));
  return { heading: lines[start].trim(), lines: lines.slice(start + 1, next < 0 ? undefined : next) };
}

/** Parses the `BREAKING:` lines of an entry into targets `{ method?, path?, operationId?, all?, text }`. */
export function breakingTargets(lines) {
  const targets = [];
  for (const line of lines) {
    const match = LINE.exec(line);
    if (!match) continue;
    const [, method, path, word] = match;
    const text = line.trim();
    if (method) targets.push({ method: method.toUpperCase(), path, text });
    else if (word === '*') targets.push({ all: true, text });
    else if (word.startsWith('/')) targets.push({ path: word, text });
    else targets.push({ operationId: word.replace(/[,.;:—–-]+$/, ''), text });
  }
  return targets;
}

/**
 * The acknowledgement a contract's changelog gives against a base revision:
 * `{ heading, targets }` from the newest entry of `text`, or `{ reason }` when
 * it gives none: no changelog, no `## ` entry, or a newest entry whose heading
 * is already in `baseText` (the changelog at the base), since an old entry must
 * not excuse a new break.
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

/** True when `target` (from breakingTargets) names `operation` (a diffContracts operation; undefined for document-level changes). */
export function targetMatches(target, operation) {
  if (target.all) return true;
  if (!operation) return false;
  if (target.operationId) return target.operationId === operation.operationId;
  return target.path === operation.path && (!target.method || target.method === operation.method);
}
