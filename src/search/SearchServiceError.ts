import { searchMessages } from './searchMessages.ts';

/**
 * A widget's failure when the search call failed: its message is the service's
 * own `message` when the error body had one, else
 * `There was a problem on the service call`. `body` is what the call resolved to
 * (the error body, or `null` when there was no answer).
 */
export class SearchServiceError extends Error {
  /** The error body the service answered with, or `null`. */
  readonly body: unknown;

  constructor(body: unknown) {
    const message = (body as { message?: unknown } | null)?.message;
    super(typeof message === 'string' && message !== '' ? message : searchMessages.serviceCallProblem);
    Object.setPrototypeOf(this, new.target.prototype);
    this.name = 'SearchServiceError';
    this.body = body;
  }
}
