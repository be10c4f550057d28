// A request's deadline on the one scheduler: the transport's own, and the one a caller starts before
// its request (while a module loads) and hands to the transport as its signal.
import { cancelTimeout, scheduleTimeout } from './scheduler.ts';

/** A signal that aborts when its deadline passes or an outer signal aborts; see {@link abortAfter}. */
export interface Deadline {
  readonly signal: AbortSignal;
  /** Clears the timer and the listener on the outer signal; safe to call twice. */
  dispose(): void;
}

/**
 * The transport's abort-plus-timeout, on the one scheduler: a signal that aborts with a
 * `TimeoutError` (`Request timed out after {ms} ms`) after `timeoutMs` (0: never), or
 * with `outer`'s reason when `outer` aborts. A caller whose deadline must start before
 * the request (e.g. while a module loads) makes one, passes its `signal` to the transport
 * with `timeoutMs: 0`, and disposes it once the body has been read.
 */
export function abortAfter(timeoutMs: number, outer?: AbortSignal): Deadline {
  const controller = new AbortController();
  const onAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) onAbort();
  outer?.addEventListener('abort', onAbort, { once: true });
  const timer =
    timeoutMs > 0
      ? scheduleTimeout(
          () => controller.abort(new DOMException(`Request timed out after ${timeoutMs} ms`, 'TimeoutError')),
          timeoutMs,
        )
      : undefined;
  return {
    signal: controller.signal,
    dispose() {
      if (timer !== undefined) cancelTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}
