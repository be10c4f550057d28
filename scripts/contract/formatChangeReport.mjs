// Renders a contractChanges() report as the plain-text tables developers read in a terminal.

function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** One line saying what happened to one API's contract, e.g. "operations 1 removed, 2 changed; changes 3 breaking, 1 annotation". */
export function summarizeApi(entry) {
  const { counts } = entry;
  if (entry.status === 'unchanged') return 'unchanged';
  if (entry.status === 'added') return `new contract: ${plural(counts.added, 'operation')} added`;
  if (entry.status === 'removed') return `contract removed: ${plural(counts.removed, 'operation')} removed (breaking)`;
  const ops = ['added', 'removed', 'changed'].filter((s) => counts[s]).map((s) => `${counts[s]} ${s}`);
  const classes = ['breaking', 'unclassified', 'deprecated', 'non-breaking', 'annotation']
    .filter((c) => counts[c])
    .map((c) => `${counts[c]} ${c}`);
  return `${ops.length ? `operations ${ops.join(', ')}` : 'document only'}; changes ${classes.join(', ')}`;
}

function rowsOf(entry, compact) {
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

function table(rows) {
  const all = [['Operation', 'Endpoint', 'Change', 'Class'], ...rows];
  const widths = all[0].map((_, col) => Math.max(...all.map((row) => row[col].length)));
  return all.map(
    (row) => `  ${row.map((cell, col) => (col === row.length - 1 ? cell : cell.padEnd(widths[col]))).join('  ')}`,
  );
}

/**
 * The report as text: a header naming the base, one summary line per API and,
 * under each changed API, a table of its changes (operation, endpoint, change,
 * class). `compact` (used after `npm run generate`) leaves out annotation-only
 * rows and does not list the operations of a contract that is new or removed
 * as a whole. Defaults to the full listing.
 */
export function formatChangeReport(report, { compact = false } = {}) {
  if (report.skipped) return `Contract change report skipped: ${report.skipped}.`;
  const lines = [`Contract changes against ${report.base} (${report.commit.slice(0, 7)}):`];
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
