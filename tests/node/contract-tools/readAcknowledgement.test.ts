// How a contract's CHANGELOG.md acknowledges breaking changes.
import { describe, expect, it } from 'vitest';
import { breakingTargets, newestEntry, readAcknowledgement, targetMatches } from '../../../scripts/contract/check.mjs';

const listWidgets = { operationId: 'listWidgets', method: 'GET', path: '/widgets' };

const CHANGELOG = `# widgets contract changelog

Newest first.

## 2.0.0: region is required
BREAKING: listWidgets callers must now send region.
- BREAKING: DELETE /widgets/{id} removed; nobody calls it.
Not a breaking line: BREAKING: createWidget

## 1.1.0: page parameter
BREAKING: getWidget (an old acknowledgement)
`;

describe('readAcknowledgement', () => {
  it('reads only the newest entry', () => {
    expect(newestEntry(CHANGELOG)?.heading).toBe('## 2.0.0: region is required');
    const ack = readAcknowledgement(CHANGELOG, undefined);
    expect(ack.heading).toBe('## 2.0.0: region is required');
    expect(ack.targets?.map((t) => t.operationId ?? `${t.method} ${t.path}`)).toEqual([
      'listWidgets',
      'DELETE /widgets/{id}',
    ]);
  });

  it('accepts an operationId, METHOD /path, a bare /path and * as targets', () => {
    const targets = breakingTargets([
      'BREAKING: listWidgets: reason',
      'BREAKING: get /widgets reason',
      'BREAKING: /widgets every method',
      '* BREAKING: * a rewrite',
    ]);
    expect(targets.map((t) => targetMatches(t, listWidgets))).toEqual([true, true, true, true]);
    expect(
      targets.map((t) => targetMatches(t, { operationId: 'createWidget', method: 'POST', path: '/widgets' })),
    ).toEqual([false, false, true, true]);
    expect(targets.map((t) => targetMatches(t, undefined))).toEqual([false, false, false, true]);
  });

  it('gives no acknowledgement without a changelog or without an entry', () => {
    expect(readAcknowledgement(undefined, undefined)).toEqual({ reason: 'no CHANGELOG.md next to the contract' });
    expect(readAcknowledgement('# changelog\n\nBREAKING: listWidgets\n', undefined)).toEqual({
      reason: 'CHANGELOG.md has no "## " entry',
    });
  });

  it('does not let an entry that already existed at the base excuse a new break', () => {
    const atBase = CHANGELOG;
    expect(readAcknowledgement(CHANGELOG, atBase)).toEqual({
      reason:
        'the newest CHANGELOG.md entry "## 2.0.0: region is required" was already there at the base; add a new entry',
    });
  });
});
