// @ts-check
// The publish server's queue: webhooks that arrive close together (a burst: an editor publishing a
// page and its data sources, the platform splitting one publish over calls) are coalesced into one
// batch, and batches run one at a time, so two publishes never write the same files at once. Every
// webhook keeps its id and its outcome (the batch's), for `GET /api/publish/<id>`.
import { randomUUID } from 'node:crypto';

/**
 * A publish's outcome as `GET /api/publish/<id>` reports it.
 * @typedef {object} PublishStatus
 * @property {string} id
 * @property {'queued' | 'running' | 'done' | 'failed'} state `failed` when any page of its batch failed (the others are live).
 * @property {string} receivedAt
 * @property {string} [finishedAt]
 * @property {string[]} [batch] The ids of the webhooks coalesced into the same batch (its own among them).
 * @property {string[]} [urls] The public URLs changed (rendered, removed, and the sitemap when it changed).
 * @property {{ path: string; url: string; message: string }[]} [failed] The pages that failed, each kept as it was.
 * @property {string[]} [warnings]
 * @property {string} [error] Why the whole batch failed.
 */

/**
 * The outcome of a batch: what {@link PublishStatus} reports besides its state.
 * @typedef {{ urls: string[]; failed: { path: string; url: string; message: string }[]; warnings: string[] }} BatchResult
 */

/** How many finished publishes `GET` still reports (the oldest are forgotten first). */
const KEPT = 1000;

/**
 * A publish queue: `submit(request)` answers the new publish's status at once; `apply(requests)`
 * runs each batch (the requests of a burst: every request that arrived until `quietMs` passed
 * without another, or `maxWaitMs` after the first) once the previous batch is done.
 * @template T
 * @param {{ apply: (requests: T[]) => Promise<BatchResult>; quietMs?: number; maxWaitMs?: number; log?: (line: string) => void }} options
 */
export function createPublishQueue({ apply, quietMs = 250, maxWaitMs = 2000, log = () => {} }) {
  /** @type {Map<string, PublishStatus>} */
  const statuses = new Map();
  /** @type {{ id: string; request: T }[]} */
  let waiting = [];
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  let firstAt = 0;
  /** @type {Promise<void>} */
  let running = Promise.resolve();

  const remember = (/** @type {PublishStatus} */ status) => {
    statuses.set(status.id, status);
    for (const id of statuses.keys()) {
      if (statuses.size <= KEPT) break;
      statuses.delete(id);
    }
  };

  const runBatch = async () => {
    const batch = waiting;
    waiting = [];
    timer = undefined;
    if (batch.length === 0) return;
    const ids = batch.map((b) => b.id);
    for (const id of ids)
      Object.assign(/** @type {PublishStatus} */ (statuses.get(id)) ?? {}, { state: 'running', batch: ids });
    /** @type {Partial<PublishStatus>} */
    let outcome;
    try {
      const result = await apply(batch.map((b) => b.request));
      outcome = { state: result.failed.length > 0 ? 'failed' : 'done', ...result };
    } catch (error) {
      outcome = { state: 'failed', urls: [], failed: [], warnings: [], error: /** @type {Error} */ (error).message };
      log(`publish ${ids.join(', ')} failed: ${/** @type {Error} */ (error).message}`);
    }
    const finishedAt = new Date().toISOString();
    for (const id of ids) {
      const status = statuses.get(id);
      if (status) Object.assign(status, outcome, { finishedAt });
    }
  };

  const schedule = () => {
    clearTimeout(timer);
    const wait = Math.max(0, Math.min(quietMs, firstAt + maxWaitMs - Date.now()));
    timer = setTimeout(() => {
      // Batches run one after another: the next starts when the one before has written everything.
      running = running.then(runBatch);
    }, wait);
  };

  return {
    /**
     * Queues a publish; returns its status (`queued`).
     * @param {T} request
     * @returns {PublishStatus}
     */
    submit(request) {
      const id = randomUUID();
      /** @type {PublishStatus} */
      const status = { id, state: 'queued', receivedAt: new Date().toISOString() };
      remember(status);
      if (waiting.length === 0) firstAt = Date.now();
      waiting.push({ id, request });
      schedule();
      return status;
    },
    /**
     * The status of publish `id`, or `undefined` for an unknown (or long forgotten) one.
     * @param {string} id
     * @returns {PublishStatus | undefined}
     */
    status: (id) => statuses.get(id),
    /** Resolves once every queued publish has run (the server's stop waits for it). */
    async idle() {
      while (waiting.length > 0 || timer) {
        if (timer) {
          clearTimeout(timer);
          running = running.then(runBatch);
        }
        await running;
      }
      await running;
    },
  };
}
