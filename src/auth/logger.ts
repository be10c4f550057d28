import { abortAfter } from '../core/deadline.ts';

/** The session client's logger: the reference's three levels, each `(code, metadata?)`. */
export interface AuthLogger {
  error(code: string, metadata?: LogMetadata): void;
  warn(code: string, metadata?: LogMetadata): void;
  debug(code: string, metadata?: LogMetadata): void;
}

/** What goes with a code: an error, or fields (an `error` field is reduced to its message, stack, name and code). */
export type LogMetadata = Error | Record<string, unknown>;

const LEVELS = ['error', 'warn', 'debug'] as const;

/**
 * How long a `_log` post may take before it is given up, in ms. A log entry is fire-and-forget, so
 * nobody waits for it; but a post the auth service accepts and never answers holds one of the
 * browser's connections to the site's host (6 over HTTP/1.1) until the browser gives up, minutes
 * later, and with a few of them held the page's own requests never leave.
 */
export const LOG_TIMEOUT_MS = 3_000;

/**
 * Creates a logger that writes each entry to the console (one line: the code, and an error's name and
 * message rather than its stack) and then posts it to the `_log` route as a form (`level`, `code`, the
 * metadata fields, `client=true`) by the fetch `getFetch` returns, with `keepalive` (it still arrives
 * when the page unloads) and a deadline of {@link LOG_TIMEOUT_MS}. Each level and code is posted once
 * per logger (the site has one per page load): a failing service logs the same failure at every call
 * and every retry, and those repeats go to the console only. `logUrl` is asked at every entry, so a
 * base path set after import still moves the logger (defect S3 of the reference). Never throws.
 */
export function createLogger(
  logUrl: () => string,
  getFetch: () => (url: string, init: RequestInit) => Promise<Response>,
): AuthLogger {
  const logger = {} as AuthLogger;
  const posted = new Set<string>();
  for (const level of LEVELS) {
    logger[level] = (code, metadata) => {
      // One line on the console (an error as its name and message, not its stack); `_log` gets every field.
      const error = metadata instanceof Error ? metadata : metadata?.error;
      console[level === 'debug' ? 'log' : level](
        `[auth][${level}][${code}]`,
        error instanceof Error ? `${error.name}: ${error.message}` : (metadata ?? ''),
      );
      const kind = `${level} ${code}`;
      if (posted.has(kind)) return;
      posted.add(kind);
      try {
        // Without a navigator (a server rendering the page) nothing is posted, as the reference.
        if (typeof navigator === 'undefined') return;
        const url = logUrl();
        const body = new URLSearchParams({ level, code, ...toFields(metadata), client: 'true' });
        // Never `navigator.sendBeacon` (the reference's first choice): a beacon cannot be aborted, so a
        // silent auth service kept each one, and its connection, open until the browser gave up.
        const deadline = abortAfter(LOG_TIMEOUT_MS);
        getFetch()(url, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: String(body),
          keepalive: true,
          signal: deadline.signal,
        })
          .catch(() => {})
          .finally(deadline.dispose);
      } catch {
        // A logger that throws (circular metadata, no fetch) would turn a logged failure into a crash.
      }
    };
  }
  return logger;
}

// An error is reduced to what helps (message, stack, name, code), and nested
// values are sent as JSON where the reference sent "[object Object]".
function toFields(metadata: LogMetadata = {}): Record<string, string> {
  const source: Record<string, unknown> = metadata instanceof Error ? { error: metadata } : { ...metadata };
  const error = source.error;
  if (error instanceof Error) {
    source.message ??= error.message;
    source.error = {
      message: error.message,
      stack: error.stack,
      name: error.name,
      code: (error as { code?: unknown }).code,
    };
  }
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(source)) {
    if (value !== undefined) fields[key] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return fields;
}
