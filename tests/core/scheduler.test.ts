import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodedError, isCodedError } from '../../src/core/errors.ts';
import {
  cancelInterval,
  cancelTimeout,
  debounce,
  scheduleInterval,
  scheduler,
  scheduleTimeout,
  setTimerProvider,
  type TimerProvider,
} from '../../src/core/scheduler.ts';

afterEach(() => {
  setTimerProvider(undefined);
  vi.useRealTimers();
});

describe('the one scheduler', () => {
  it('follows fake timers installed after it was imported', () => {
    vi.useFakeTimers();
    const ran = vi.fn();
    scheduler.setTimeout(ran, 1000);
    vi.advanceTimersByTime(999);
    expect(ran).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ran).toHaveBeenCalledOnce();
  });

  it('runs every timer through a provider a test installs, and restores the globals', () => {
    const calls: string[] = [];
    const fake: TimerProvider = {
      setTimeout: (_cb, ms) => (calls.push(`timeout ${ms}`), 1),
      clearTimeout: () => void calls.push('clear timeout'),
      setInterval: (_cb, ms) => (calls.push(`interval ${ms}`), 2),
      clearInterval: () => void calls.push('clear interval'),
    };
    setTimerProvider(fake);
    scheduler.clearTimeout(scheduler.setTimeout(() => {}, 250));
    scheduler.clearInterval(scheduler.setInterval(() => {}, 60_000));
    // The same four as functions of their own, for modules that import only what they call.
    cancelTimeout(scheduleTimeout(() => {}, 5));
    cancelInterval(scheduleInterval(() => {}, 10));
    expect(calls).toEqual([
      'timeout 250',
      'clear timeout',
      'interval 60000',
      'clear interval',
      'timeout 5',
      'clear timeout',
      'interval 10',
      'clear interval',
    ]);
    expect(setTimerProvider(undefined)).toBe(fake);
  });

  it('debounce runs once, after the last call of a burst; flush runs at once; cancel drops it', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const d = debounce(run, 250);
    d.schedule();
    vi.advanceTimersByTime(200);
    d.schedule();
    vi.advanceTimersByTime(200);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(run).toHaveBeenCalledOnce();
    d.schedule();
    expect(d.pending).toBe(true);
    d.flush();
    expect(run).toHaveBeenCalledTimes(2);
    d.schedule();
    d.cancel();
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('debounce: nothing is pending once the call has run or been dropped, and flush then runs nothing', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const d = debounce(run, 100);
    expect(d.pending).toBe(false);
    d.flush();
    expect(run).not.toHaveBeenCalled();
    d.schedule();
    vi.advanceTimersByTime(100);
    expect(run).toHaveBeenCalledOnce();
    expect(d.pending).toBe(false);
    d.flush();
    expect(run).toHaveBeenCalledOnce();
    d.schedule();
    d.cancel();
    expect(d.pending).toBe(false);
    d.flush();
    expect(run).toHaveBeenCalledOnce();
    // A flushed call does not run a second time when its timer would have fired.
    d.schedule();
    d.flush();
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('debounce waits on the provider installed when it schedules', () => {
    const waits: number[] = [];
    const cleared: unknown[] = [];
    setTimerProvider({
      setTimeout: (_cb, ms) => (waits.push(ms), waits.length),
      clearTimeout: (handle) => void cleared.push(handle),
      setInterval: () => 0,
      clearInterval: () => {},
    });
    const d = debounce(() => {}, 40);
    d.schedule();
    d.schedule();
    d.cancel();
    d.cancel();
    expect(waits).toEqual([40, 40]);
    // Each timer is cleared once, by its own handle; a second cancel has nothing to clear.
    expect(cleared).toEqual([1, 2]);
  });
});

describe('the one error base', () => {
  it('carries a code, a message and the cause, and stays an Error for instanceof', () => {
    const cause = new TypeError('Failed to fetch');
    const error = new CodedError('NETWORK', 'The service could not be reached', { cause });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'CodedError',
      code: 'NETWORK',
      message: 'The service could not be reached',
      cause,
    });
    expect(isCodedError(error)).toBe(true);
    expect(isCodedError(new Error('plain'))).toBe(false);
  });
});
