// Renders a checkContracts() result for the terminal, with the fix when the gate fails.

const HOW_TO_ACKNOWLEDGE = [
  'If a break is intended, acknowledge it: add a new entry at the top of openapi/<api>/CHANGELOG.md',
  'with one BREAKING line per operation, then run the check again:',
  '',
  '  ## 2.0.0 (or a date): what changed',
  '  BREAKING: <operationId> what callers must do (or: BREAKING: GET /path …, BREAKING: * for all)',
  '',
  'To let the changes through once without a changelog entry: npm run contract:check -- --allow-breaking',
];

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

/** The gate's verdict as text: skipped, passed, or each breaking change with ✓ (acknowledged) or ✖, and how to acknowledge. */
export function formatCheckResult(result) {
  if (result.skipped) return `contract:check skipped: ${result.skipped}.`;
  const head = `contract:check against ${result.base} (${result.commit.slice(0, 7)})`;
  const lines = result.apis.flatMap(apiLines);
  const open = result.apis.some((api) => api.breaking.some((b) => !b.acknowledged));
  if (!result.apis.some((api) => api.breaking.length))
    return [`${head}: no breaking contract changes.`, ...lines].join('\n');
  if (!open) return [`${head}: every breaking change is acknowledged.`, ...lines].join('\n');
  if (result.allowBreaking)
    return [`${head}: unacknowledged breaking changes let through by --allow-breaking.`, ...lines].join('\n');
  return [`${head}: unacknowledged breaking contract changes.`, ...lines, '', ...HOW_TO_ACKNOWLEDGE].join('\n');
}
