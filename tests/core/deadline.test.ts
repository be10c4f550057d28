import { afterEach, describe, expect, it, vi } from 'vitest';
import { abortAfter } from '../../src/core/deadline.ts';
import { setTimerProvider } from '../../src/core/scheduler.ts';

afterEach(() => {
  setTimerProvider(undefined);
  vi.useRealTimers();
});

describe('abortAfter: a deadline a caller starts before its request', () => {
  it('aborts with a TimeoutError naming the time, once the time has passed and not before', () => {
    vi.useFakeTimers();
    const deadline = abortAfter(250);
    vi.advanceTimersByTime(249);
    expect(deadline.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.signal.reason).toBeInstanceOf(DOMException);
    expect(deadline.signal.reason).toMatchObject({ name: 'TimeoutError', message: 'Request timed out after 250 ms' });
  });

  it('never times out with 0 ms, and starts no timer for it', () => {
    vi.useFakeTimers();
    const deadline = abortAfter(0);
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(3_600_000);
    expect(deadline.signal.aborted).toBe(false);
  });

  it('follows the outer signal: its reason, at once when it has already aborted', () => {
    const gone = new AbortController();
    const reason = new Error('page left');
    gone.abort(reason);
    expect(abortAfter(1000, gone.signal).signal.reason).toBe(reason);

    const later = new AbortController();
    const deadline = abortAfter(0, later.signal);
    expect(deadline.signal.aborted).toBe(false);
    later.abort(reason);
    expect(deadline.signal.reason).toBe(reason);
  });

  it('once disposed, neither its time nor the outer signal aborts it', () => {
    vi.useFakeTimers();
    const outer = new AbortController();
    const deadline = abortAfter(100, outer.signal);
    deadline.dispose();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(1000);
    outer.abort(new Error('too late'));
    expect(deadline.signal.aborted).toBe(false);
    // Safe to call twice, as a caller that disposes on every path may.
    expect(() => deadline.dispose()).not.toThrow();
  });

  it('clears through the scheduler only the timer it started, so a host’s own timers never see a stray handle', () => {
    // A host event loop (setTimerProvider) may refuse a handle it never gave out.
    const given = new Set<unknown>();
    setTimerProvider({
      setTimeout: () => (given.add(given.size + 1), given.size),
      clearTimeout: (handle) => {
        if (!given.delete(handle)) throw new Error(`no timer ${String(handle)}`);
      },
      setInterval: () => 0,
      clearInterval: () => {},
    });
    abortAfter(0).dispose();
    const timed = abortAfter(50);
    expect(given.size).toBe(1);
    timed.dispose();
    expect(given.size).toBe(0);
  });
});
