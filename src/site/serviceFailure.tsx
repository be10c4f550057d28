import { useState } from 'react';
import type { AuthClient } from '../auth/index.ts';
import { describeFailure } from '../core/errors.ts';
import { useText } from './dictionary.tsx';

// What the site does when one of its services fails or passes its deadline (siteConfig.deadlines):
// the part that needed it says so in one short message with a retry, and the console gets one line
// naming the service and what went wrong. The rest of the page never waits on it.

/**
 * Logs a failed call of `service` as one line, `[content] HTTP 500 Internal Server Error from GET
 * https://host/path` (see `describeFailure`: no stack, no query string, no token). Aborts are not
 * failures (a query nobody needs any more) and are not logged.
 */
export function logServiceFailure(service: string, error: unknown): void {
  if ((error as { name?: unknown } | null)?.name === 'AbortError') return;
  if ((error as { silent?: unknown } | null)?.silent === true) return; // React Query's CancelledError
  console.error(`[${service}] ${describeFailure(error)}`);
}

/**
 * Asks the session routes again: the session of every provider on `client` (`useAuthClient()`) and,
 * where given, `also` (the providers).
 */
export function retrySession(client: AuthClient, also?: () => Promise<unknown>): Promise<unknown> {
  return Promise.all([client.refetch(), also?.()]);
}

/** Props of {@link ServiceProblem}. */
interface ServiceProblemProps {
  /** What the visitor cannot have right now, in the site's voice and the page's language (a dictionary phrase). */
  message: string;
  /** Tries again; the button says "Trying again…" (`Service.TryingAgain`) until the promise settles. */
  onRetry: () => unknown;
  /** A heading above the message, for a part that is the whole page (a product). Defaults to none. */
  heading?: string;
}

/**
 * The part of a page whose service failed or did not answer in time: its message, and a button
 * that tries again. An alert, so a screen reader announces it when it replaces a loading status.
 */
export function ServiceProblem({ message, onRetry, heading }: ServiceProblemProps) {
  const [retrying, setRetrying] = useState(false);
  const t = useText();
  const retry = () => {
    setRetrying(true);
    void Promise.resolve()
      .then(onRetry)
      .finally(() => setRetrying(false));
  };
  return (
    <div className="service-problem">
      {heading ? <h1>{heading}</h1> : null}
      <p role="alert">{message}</p>
      <button type="button" onClick={retry} disabled={retrying}>
        {retrying ? t('Service.TryingAgain') : t('Service.TryAgain')}
      </button>
    </div>
  );
}
