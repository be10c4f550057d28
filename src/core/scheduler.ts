/**
 * The one scheduler: every timer of the package (the transport's timeout, the
 * search batcher's debounce, the context refetch, session polling, the events
 * SDK's timeout) goes through it, as TanStack Query's `timeoutManager` does, so a
 * test swaps the timers once instead of per module.
 */

/** An opaque timer handle: whatever the provider's `setTimeout`/`setInterval` returned. */
export type TimerHandle = unknown;

/** The timer functions a scheduler needs; the global ones unless a test provides others. */
export interface TimerProvider {
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  setInterval(callback: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle): void;
}

// The global object itself: its timer functions are looked up at each call, so
// `vi.useFakeTimers()` installed after a client was created still applies.
const globalTimers = globalThis as unknown as TimerProvider;

let provider: TimerProvider = globalTimers;

/**
 * {@link scheduler}'s `setTimeout` as a function of its own: a module imports the timer functions
 * it calls, so one that only times out calls (the transport) ships none of the interval code.
 */
export const scheduleTimeout = (callback: () => void, ms: number): TimerHandle => provider.setTimeout(callback, ms);

/** {@link scheduler}'s `clearTimeout` as a function of its own (see {@link scheduleTimeout}). */
export const cancelTimeout = (handle: TimerHandle): void => provider.clearTimeout(handle);

/** {@link scheduler}'s `setInterval` as a function of its own (see {@link scheduleTimeout}). */
export const scheduleInterval = (callback: () => void, ms: number): TimerHandle => provider.setInterval(callback, ms);

/** {@link scheduler}'s `clearInterval` as a function of its own (see {@link scheduleTimeout}). */
export const cancelInterval = (handle: TimerHandle): void => provider.clearInterval(handle);

/**
 * The scheduler every module uses. Its methods forward to the current provider
 * ({@link setTimerProvider}); a handle must be cleared through the scheduler that
 * made it, under the same provider.
 */
export const scheduler: TimerProvider = {
  setTimeout: scheduleTimeout,
  clearTimeout: cancelTimeout,
  setInterval: scheduleInterval,
  clearInterval: cancelInterval,
};

/**
 * Replaces the timers behind {@link scheduler} (tests, or a host with its own
 * event loop); `undefined` restores the global timers. Returns the previous provider.
 * Defaults to the global `setTimeout`/`setInterval`.
 */
export function setTimerProvider(next: TimerProvider | undefined): TimerProvider {
  const previous = provider;
  provider = next ?? globalTimers;
  return previous;
}

/**
 * A debounced call: `schedule()` (re)starts the wait, `flush()` runs the pending
 * call now, `cancel()` drops it. `run` receives nothing; it reads its own state.
 */
export interface Debounced {
  schedule(): void;
  flush(): void;
  cancel(): void;
  /** True while a call is waiting. */
  readonly pending: boolean;
}

/** Debounces `run` by `ms` on {@link scheduler}: only the last `schedule()` of a burst runs. */
export function debounce(run: () => void, ms: number): Debounced {
  let handle: TimerHandle | undefined;
  const fire = () => {
    handle = undefined;
    run();
  };
  return {
    schedule() {
      if (handle !== undefined) cancelTimeout(handle);
      handle = scheduleTimeout(fire, ms);
    },
    flush() {
      if (handle === undefined) return;
      cancelTimeout(handle);
      fire();
    },
    cancel() {
      if (handle !== undefined) cancelTimeout(handle);
      handle = undefined;
    },
    get pending() {
      return handle !== undefined;
    },
  };
}
