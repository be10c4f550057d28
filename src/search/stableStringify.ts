/**
 * JSON with object keys sorted, so two equal contexts or requests built in a
 * different key order compare (and group, and cache) as the same string.
 * `undefined` members are dropped, as JSON.stringify does.
 */
export function stableStringify(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    const sorted: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) sorted[k] = (v as Record<string, unknown>)[k];
    return sorted;
  }) ?? 'null';
}
