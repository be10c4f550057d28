import { searchMessages } from './searchMessages.ts';

/**
 * Rejects a widget request that a newer request of the same widget instance
 * replaced, or whose caller aborted it. Named `AbortError` like the reference
 * SDK's, so code that ignores aborts ignores it too; the layer never shows it as
 * a widget error.
 */
export class WidgetRequestCanceledError extends Error {
  /** Brand flag, always `true`. */
  readonly isWidgetRequestCanceled = true as const;

  constructor() {
    super(searchMessages.requestCanceled);
    Object.setPrototypeOf(this, new.target.prototype);
    this.name = 'AbortError';
  }
}

/** True for a canceled widget request, or any abort (`AbortError`). */
export function isCanceledError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  return (error as { isWidgetRequestCanceled?: unknown }).isWidgetRequestCanceled === true || (error as { name?: unknown }).name === 'AbortError';
}
