import { afterEach, describe, expect, it, vi } from 'vitest';
import { broadcastSession, parseSessionMessage, SESSION_MESSAGE_KEY } from '../../src/auth/index.ts';
import { createTabs } from './harness.ts';

afterEach(() => {
  vi.useRealTimers();
  localStorage.clear();
});

/** The reference client's storage reader (key, `{}` fallback, event and data). */
function referenceReader(event: StorageEvent): boolean {
  if (event.key !== 'nextauth.message') return false;
  const message = JSON.parse(event.newValue ?? '{}') as { event?: string; data?: unknown };
  return message?.event === 'session' && !!message.data;
}

describe('cross-tab message', () => {
  it('is written to localStorage under nextauth.message in the reference shape', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-02T10:00:00.900Z'));
    broadcastSession('signout');
    expect(SESSION_MESSAGE_KEY).toBe('nextauth.message');
    expect(localStorage.getItem('nextauth.message')).toBe(
      '{"event":"session","data":{"trigger":"signout"},"timestamp":1772445600}',
    );
  });

  it('reaches the other tabs (not the writer) and a reference tab accepts it', () => {
    const tabs = createTabs(3);
    const received = tabs.windows.map(() => [] as boolean[]);
    tabs.windows.forEach((win, i) =>
      win.addEventListener('storage', (e) => received[i]!.push(referenceReader(e as StorageEvent))),
    );
    broadcastSession('getSession', tabs.storage(0));
    // Each tab sees the removal (ignored by the reader) and the message.
    expect(received).toEqual([[], [true], [true]]);
  });

  it('is delivered twice when the same trigger is sent twice within one second', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const tabs = createTabs(2);
    const seen: string[] = [];
    tabs.windows[1]!.addEventListener('storage', (e) => {
      const message = parseSessionMessage(e as StorageEvent);
      if (message) seen.push(message.data.trigger);
    });
    broadcastSession('getSession', tabs.storage(0));
    broadcastSession('getSession', tabs.storage(0));
    expect(seen).toEqual(['getSession', 'getSession']);
  });

  it('swallows storage errors (private mode, full quota) and does nothing with storage null', () => {
    const failing = {
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
      removeItem: () => {},
    };
    expect(() => broadcastSession('signout', failing)).not.toThrow();
    expect(() => broadcastSession('signout', null)).not.toThrow();
    expect(localStorage.getItem('nextauth.message')).toBeNull();
  });
});

describe('parseSessionMessage', () => {
  const event = (key: string | null, newValue: string | null) => ({ key, newValue });

  it('accepts a reference tab’s message, with or without clientId', () => {
    const value = { event: 'session', data: { trigger: 'getSession' }, clientId: 'x', timestamp: 1 };
    expect(parseSessionMessage(event('nextauth.message', JSON.stringify(value)))).toEqual(value);
  });

  it('returns null for another key, a removal, another event, no data, or malformed JSON', () => {
    expect(parseSessionMessage(event('other', '{"event":"session","data":{}}'))).toBeNull();
    expect(parseSessionMessage(event('nextauth.message', null))).toBeNull();
    expect(parseSessionMessage(event(null, null))).toBeNull();
    expect(parseSessionMessage(event('nextauth.message', '{"event":"other","data":{}}'))).toBeNull();
    expect(parseSessionMessage(event('nextauth.message', '{"event":"session"}'))).toBeNull();
    expect(parseSessionMessage(event('nextauth.message', 'null'))).toBeNull();
    expect(parseSessionMessage(event('nextauth.message', '{oops'))).toBeNull();
  });
});
