// @ts-check
// The build's render threads: `workers` threads (one per core by default), each importing the server
// bundle once (worker.mjs), the pages shared out to the least busy. Used by the static build and by
// the publish server, which keeps its pool between publishes.
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** @import { FetchPolicy } from './resilientFetch.mjs' */

/**
 * A page to render: its path, its language, the hash of the layout answer it was last rendered from
 * (the page is then skipped when the answer still hashes so), and the version of its language's
 * dictionary (a thread reads a dictionary again when the version changes).
 * @typedef {{ path: string; language: string; knownLayoutHash?: string; dictionaryVersion?: string }} RenderTask
 */

/**
 * What a thread answers: the layout answer's hash and the rendered page (the server bundle's
 * `PrerenderedPage`), or `unchanged` (the hash was the known one), or the failure's message.
 * @typedef {{ layoutHash?: string; unchanged?: boolean; page?: import('../../../src/site/entry-server.tsx').PrerenderedPage; error?: string }} RenderResult
 */

/**
 * Options of {@link createRenderPool}.
 * @typedef {object} PoolOptions
 * @property {string} serverEntry The server bundle's entry, as a file URL.
 * @property {string} contentHost Where the threads reach the layout service.
 * @property {number} [workers] Threads. Defaults to one per core.
 * @property {FetchPolicy} [fetchPolicy] Toward the layout service, for all threads together: `concurrency` is shared out among them.
 * @property {number} [heapMb] Each thread's heap (old generation), in MB. Defaults to `PRERENDER_THREAD_HEAP_MB`, else {@link THREAD_HEAP_MB}.
 */

/**
 * A render thread's heap unless told otherwise: a page's render needs a few MB over the app's
 * ~60 MB; the bound makes V8 collect early instead of growing the heap with every page rendered.
 */
const THREAD_HEAP_MB = 192;

/** The pool's default size: one thread per core the process may use. */
const defaultWorkers = () => availableParallelism();

/**
 * Starts the render threads; `render(task)` resolves with the thread's {@link RenderResult} (a render
 * failure is a result, not a rejection; a thread that dies rejects its pages). `close()` stops them.
 * @param {PoolOptions} options
 */
export async function createRenderPool({
  serverEntry,
  contentHost,
  workers = defaultWorkers(),
  fetchPolicy = {},
  heapMb = Number(process.env.PRERENDER_THREAD_HEAP_MB) || THREAD_HEAP_MB,
}) {
  const count = Math.max(1, Math.floor(workers));
  const concurrency = Math.max(1, Math.ceil((fetchPolicy.concurrency ?? 8) / count));
  /** @typedef {{ worker: Worker; pending: Map<number, { resolve: (r: RenderResult) => void; reject: (e: Error) => void }>; dead?: Error; started: Promise<unknown> }} Thread */
  /** @type {Thread[]} */
  const threads = [];
  let nextId = 0;
  let closed = false;

  /**
   * Starts the thread of slot `index`. A thread that dies once it has started (a page that ran it out
   * of memory) fails the pages it held and is replaced at once, so a long-running publish server
   * never runs out of threads; one that dies while starting (its bundle cannot be imported) is not.
   * @param {number} index
   * @returns {Thread}
   */
  const spawnThread = (index) => {
    const worker = new Worker(new URL('./worker.mjs', import.meta.url), {
      workerData: { serverEntry, contentHost, fetchPolicy: { ...fetchPolicy, fetch: undefined, concurrency } },
      // A bounded heap: V8 collects a thread's garbage (each page's React tree, data and strings)
      // before it grows, so the build's memory stays the same at any number of pages.
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    });
    let ready = false;
    /** @type {Thread} */
    const thread = {
      worker,
      pending: new Map(),
      started: new Promise((resolve, reject) => {
        worker.once('error', reject);
        worker.once('message', resolve);
      }),
    };
    worker.on('message', (/** @type {RenderResult & { id?: number }} */ message) => {
      if (message.id === undefined) {
        ready = true;
        return;
      }
      thread.pending.get(message.id)?.resolve(message);
      thread.pending.delete(message.id);
    });
    /** @param {Error} error */
    const die = (error) => {
      if (thread.dead) return;
      thread.dead = error;
      const hint =
        /** @type {{ code?: string }} */ (error).code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? ` (each thread has ${heapMb} MB: set PRERENDER_THREAD_HEAP_MB for more)`
          : '';
      for (const { reject } of thread.pending.values())
        reject(new Error(`a render thread failed: ${error.message}${hint}`));
      thread.pending.clear();
      if (ready && !closed) threads[index] = spawnThread(index);
    };
    worker.on('error', die);
    // A thread that ends without an error (its code called process.exit) would leave its pages waiting.
    worker.on('exit', (code) => die(new Error(`it exited with code ${code}`)));
    // A replacement that cannot start is only marked dead; the first threads' start is awaited below.
    thread.started.catch(() => {});
    return thread;
  };

  for (let i = 0; i < count; i += 1) threads.push(spawnThread(i));
  try {
    await Promise.all(threads.map((t) => t.started));
  } catch (error) {
    closed = true;
    await Promise.all(threads.map((t) => t.worker.terminate()));
    throw new Error(`prerender: a render thread could not start: ${/** @type {Error} */ (error).message}`, {
      cause: error,
    });
  }
  return {
    /** Threads in the pool. */
    size: count,
    /** Pages worth keeping in flight for every thread to stay busy (each overlaps its reads). */
    window: count * (concurrency + 1),
    /**
     * @param {RenderTask} task
     * @returns {Promise<RenderResult>}
     */
    render(task) {
      const alive = threads.filter((t) => !t.dead);
      if (alive.length === 0) return Promise.reject(new Error('prerender: every render thread failed'));
      const thread = alive.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
      const id = (nextId += 1);
      return new Promise((resolve, reject) => {
        thread.pending.set(id, { resolve, reject });
        thread.worker.postMessage({ ...task, id });
      });
    },
    /** Stops every thread. */
    async close() {
      closed = true;
      await Promise.all(threads.map((t) => t.worker.terminate()));
    },
  };
}

/** @typedef {Awaited<ReturnType<typeof createRenderPool>>} RenderPool */
