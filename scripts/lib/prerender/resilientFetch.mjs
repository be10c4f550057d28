// @ts-check
// How the build talks to the layout service: at most `concurrency` requests at once, each with a
// deadline, and the answers a busy service gives (429, 5xx) or a dropped connection retried with
// backoff, so a site of thousands of pages neither floods the service nor fails on one hiccup.

/**
 * Settings of {@link resilientFetch}.
 * @typedef {object} FetchPolicy
 * @property {number} [concurrency] Requests in flight at once. Defaults to 8.
 * @property {number} [retries] Retries of a throttled (429), failed (5xx) or dropped request. Defaults to 4.
 * @property {number} [deadlineMs] Deadline of one attempt, body included. Defaults to 15000.
 * @property {number} [backoffMs] The first retry's wait; each next one doubles it (plus jitter), or waits what `Retry-After` asks, at most 30 s. Defaults to 200.
 * @property {typeof fetch} [fetch] Defaults to the global `fetch`.
 */

/** Statuses worth asking again: the service is throttling or briefly failing, not saying no. */
const RETRIED = new Set([408, 429, 500, 502, 503, 504]);
const MAX_WAIT_MS = 30_000;
const NULL_BODY = new Set([101, 204, 205, 304]);

/**
 * A counting semaphore: `run(task)` starts `task` once fewer than `limit` run.
 * @param {number} limit
 */
function semaphore(limit) {
  let running = 0;
  /** @type {(() => void)[]} */
  const waiting = [];
  return {
    /**
     * @template T
     * @param {() => Promise<T>} task
     * @returns {Promise<T>}
     */
    async run(task) {
      if (running >= limit) await new Promise((resolve) => waiting.push(() => resolve(undefined)));
      running += 1;
      try {
        return await task();
      } finally {
        running -= 1;
        waiting.shift()?.();
      }
    },
  };
}

/**
 * The wait before retry `attempt` (1-based): `Retry-After` (seconds or a date) when the answer
 * has one, else exponential backoff with jitter; never more than 30 s.
 * @param {number} attempt
 * @param {number} backoffMs
 * @param {Response} [answer]
 * @returns {number}
 */
export function retryDelay(attempt, backoffMs, answer) {
  const header = answer?.headers.get('retry-after');
  if (header) {
    const seconds = Number(header);
    const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
    if (Number.isFinite(ms)) return Math.min(Math.max(ms, 0), MAX_WAIT_MS);
  }
  const base = backoffMs * 2 ** (attempt - 1);
  return Math.min(base + Math.random() * base, MAX_WAIT_MS);
}

/**
 * A `fetch` with the build's policy toward the layout service (see {@link FetchPolicy}). The last
 * attempt's answer is returned as is (the content client turns a 429 or 5xx into its error); a
 * request that never got an answer throws the last network or deadline error.
 * @param {FetchPolicy} [policy]
 * @returns {typeof fetch}
 */
export function resilientFetch({
  concurrency = 8,
  retries = 4,
  deadlineMs = 15_000,
  backoffMs = 200,
  fetch: send = globalThis.fetch,
} = {}) {
  const slots = semaphore(Math.max(1, concurrency));
  return (input, init) =>
    slots.run(async () => {
      for (let attempt = 0; ; attempt += 1) {
        const deadline = AbortSignal.timeout(deadlineMs);
        const callerSignal = init?.signal ?? (input instanceof Request ? input.signal : undefined);
        const signal = callerSignal ? AbortSignal.any([callerSignal, deadline]) : deadline;
        const request = input instanceof Request ? new Request(input, { signal }) : input;
        /** @type {Response | undefined} */
        let answer;
        try {
          answer = await send(request, { ...init, signal });
          if (!RETRIED.has(answer.status) || attempt >= retries) {
            // The body is read under the same deadline: a stalled body fails this attempt too.
            const body = NULL_BODY.has(answer.status) ? null : await answer.arrayBuffer();
            return new Response(body, {
              status: answer.status,
              statusText: answer.statusText,
              headers: answer.headers,
            });
          }
          await answer.body?.cancel();
        } catch (error) {
          if (callerSignal?.aborted || attempt >= retries) throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, retryDelay(attempt + 1, backoffMs, answer)));
      }
    });
}
