/** The timers the layer uses; tests inject fake ones. */
export interface Scheduler {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

/**
 * The global timers, looked up at each call so `vi.useFakeTimers()` installed
 * after the client was created still takes effect.
 */
export const defaultScheduler: Scheduler = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};
