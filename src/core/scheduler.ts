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
 * The scheduler every module uses. Its methods forward to the current provider
 * ({@link setTimerProvider}); a handle must be cleared through the scheduler that
 * made it, under the same provider.
 */
export const scheduler: TimerProvider = {
  setTimeout: (callback, ms) => provider.setTimeout(callback, ms),
  clearTimeout: (handle) => provider.clearTimeout(handle),
  setInterval: (callback, ms) => provider.setInterval(callback, ms),
  clearInterval: (handle) => provider.clearInterval(handle),
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
      if (handle !== undefined) scheduler.clearTimeout(handle);
      handle = scheduler.setTimeout(fire, ms);
    },
    flush() {
      if (handle === undefined) return;
      scheduler.clearTimeout(handle);
      fire();
    },
    cancel() {
      if (handle !== undefined) scheduler.clearTimeout(handle);
      handle = undefined;
    },
    get pending() {
      return handle !== undefined;
    },
  };
}
