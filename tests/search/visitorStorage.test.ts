// @vitest-environment-options { "url": "https://www.example.com/capabilities" }
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deleteCookie } from '../../src/core/cookies.ts';
import { createVisitorStorage, type VisitorStorage } from '../../src/search/index.ts';

// The reference SDK's storage default ("storage cache default 300000 ms"): an entry
// written without a lifetime of its own lasts exactly 300000 ms, wherever the layer keeps it
// (cookies, localStorage with `useStorage`, or the page's memory without consent).

const START = Date.UTC(2024, 0, 15, 9, 0, 0);
const DEFAULT_MS = 300_000;

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => {
  deleteCookie('probe', { domain: 'example.com', path: '/' });
  localStorage.clear();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe.each(['cookie', 'localStorage', 'memory'] as const)('a %s entry written without a lifetime', (kind) => {
  let storage: VisitorStorage;
  beforeEach(() => {
    storage = createVisitorStorage({ kind });
    expect(storage.kind).toBe(kind);
  });

  it('is there until 300000 ms have passed, and gone at 300000 ms', () => {
    storage.set('probe', 'rfk-visitor');
    vi.setSystemTime(START + DEFAULT_MS - 1);
    expect(storage.get('probe')).toBe('rfk-visitor');
    vi.setSystemTime(START + DEFAULT_MS);
    expect(storage.get('probe')).toBeUndefined();
  });

  it('gets a lifetime of its own when one is passed', () => {
    storage.set('probe', 'rfk-visitor', 2 * DEFAULT_MS);
    vi.setSystemTime(START + DEFAULT_MS);
    expect(storage.get('probe')).toBe('rfk-visitor');
  });
});

describe('the stored form of an entry written without a lifetime', () => {
  it('a cookie expires 300000 ms after it was written', () => {
    const written = vi.spyOn(Document.prototype, 'cookie', 'set');
    createVisitorStorage({ kind: 'cookie' }).set('probe', 'rfk-visitor');
    expect(written.mock.calls.map(([value]) => value)).toEqual([
      `probe=rfk-visitor; Domain=example.com; Path=/; Expires=${new Date(START + DEFAULT_MS).toUTCString()}; Secure; SameSite=None`,
    ]);
  });

  it('a localStorage entry carries 300000 ms as its lifetime (tx), as the reference reads it', () => {
    createVisitorStorage({ kind: 'localStorage' }).set('probe', 'rfk-visitor');
    expect(JSON.parse(localStorage.getItem('probe') ?? 'null')).toEqual({
      v: 'rfk-visitor',
      tm: START,
      tx: DEFAULT_MS,
    });
  });
});
