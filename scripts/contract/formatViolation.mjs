// One log line per contract violation the validating proxy sees.

/**
 * Reads Prism's `sl-violations` header (a JSON array of `{ location, severity,
 * code, message }`) into violations; an absent or unreadable header gives none.
 */
export function parseViolations(header) {
  if (typeof header !== 'string' || !header) return [];
  try {
    const list = JSON.parse(header);
    return Array.isArray(list) ? list : [];
  } catch {
    return [
      {
        location: [],
        severity: 'Error',
        code: 'unreadable',
        message: `unreadable sl-violations header: ${header.slice(0, 200)}`,
      },
    ];
  }
}

/**
 * A log line naming the API, the operation (operationId and `METHOD /template`,
 * or the request's own method and path when the contract has no such
 * operation), the answer's status, where the violation is, the rule (Prism's
 * code: the JSON Schema keyword such as `required`, `type`, `enum`) and Prism's message.
 */
export function formatViolation({ api, operation, method, pathname, status, violation }) {
  const mark = violation.severity === 'Error' ? '✖' : '⚠';
  const where = operation
    ? `${operation.operationId ?? '(no operationId)'} (${operation.method} ${operation.path})`
    : `${method} ${pathname} (no operation of the contract)`;
  const location = (violation.location ?? []).join('.') || 'request';
  const rule = violation.code ? `[${violation.code}] ` : '';
  return `[${api}] ${mark} ${where} → ${status}: ${location} ${rule}${violation.message}`;
}
