import { cancelTimeout, debounce, scheduleTimeout, type Debounced } from '../core/scheduler.ts';
import { searchConstants } from './config.ts';
import { SearchError, SearchServiceError, WidgetRequestCanceledError, searchMessages } from './errors.ts';
import type { SearchContext, SearchRequest, Widget, WidgetItem } from './types.ts';

/** Sends one batched body; resolves to the answer (or the error body, or `null`). */
export type BatchProcessor = (body: SearchRequest, init: { signal: AbortSignal }) => Promise<unknown>;

/** Options of {@link createWidgetBatcher}. */
export interface WidgetBatcherOptions {
  /** Sends a batch. Without it every request rejects with `No data processor configured`. Defaults to none. */
  process?: BatchProcessor;
  /** Accumulating debounce window in ms; its timer runs on the core scheduler (`setTimerProvider` swaps it). Defaults to 250. */
  debounceMs?: number;
  /** Longest a {@link WidgetBatcher.hold} keeps the queue back if nobody releases it, in ms. Defaults to 5000. */
  holdLimitMs?: number;
}

/** One widget request handed to the batcher. */
export interface BatchedWidgetRequest {
  /** Identifies the widget instance; a newer request with the same key cancels the older one. */
  key: string;
  /** The widget's request item. */
  item: WidgetItem;
  /** The request context; requests are grouped by it (compared as JSON). Defaults to none. */
  context?: SearchContext;
  /** Top-level `rfk_flags` of the body; part of the grouping. Defaults to none. */
  rfkFlags?: string[];
  /** Puts the request into a separate batch from requests with another value. Defaults to none. */
  debounceBy?: string;
  /** Cancels this request (it then rejects with {@link WidgetRequestCanceledError}). Defaults to none. */
  signal?: AbortSignal;
}

/** Batches the widget requests of a page into one POST per context. */
export interface WidgetBatcher {
  /** Queues a request; resolves to the widget whose `rfk_id` and `entity` match the item's. */
  request(request: BatchedWidgetRequest): Promise<Widget>;
  /** Sends what is queued now, without waiting for the debounce or for open holds. */
  flush(): void;
  /**
   * Keeps the queue back until the returned release is called (it may be called more than once): the
   * widgets mounting in one React commit hold it from their layout effects and release it once their
   * request is queued, so they leave together whatever the CPU's speed, not by whether they all made
   * the debounce window. When the last hold is released, the queue leaves in a microtask. A hold not
   * released within the hold limit (5 s) lets go by itself, so a lost release delays, never blocks.
   */
  hold(): () => void;
  /** Requests queued and not yet sent. */
  readonly queued: number;
}

interface Entry {
  request: BatchedWidgetRequest;
  resolve: (widget: Widget) => void;
  reject: (error: unknown) => void;
  settled: boolean;
  batch?: { entries: Entry[]; controller: AbortController };
  onAbort?: () => void;
}

/**
 * Creates the batcher: a 250 ms trailing debounce that accumulates (each request
 * restarts the window), then one POST per distinct context; while a {@link WidgetBatcher.hold}
 * is open nothing leaves, and the queue leaves as the last hold is released. The latest request
 * per key wins: an older queued or in-flight one rejects with
 * {@link WidgetRequestCanceledError}, and a POST whose every widget was
 * canceled is aborted. Two different requests for the same `rfk_id` and
 * `entity` go out in separate POSTs, since the answer could not tell them apart.
 */
export function createWidgetBatcher(options: WidgetBatcherOptions = {}): WidgetBatcher {
  return new Batcher(
    options.process,
    options.debounceMs ?? searchConstants.REQUEST_DEBOUNCE_MS,
    options.holdLimitMs ?? searchConstants.BATCH_HOLD_LIMIT_MS,
  );
}

class Batcher implements WidgetBatcher {
  readonly #latest = new Map<string, Entry>();
  #queue: Entry[] = [];
  readonly #process: BatchProcessor | undefined;
  // Each request restarts the window, so later changes (a context update, a keyphrase) that come in
  // a burst leave as one batch; a window that closes while a hold is open waits for the release.
  readonly #window: Debounced;
  readonly #holdLimitMs: number;
  #holds = 0;

  constructor(process: BatchProcessor | undefined, debounceMs: number, holdLimitMs: number) {
    this.#process = process;
    this.#holdLimitMs = holdLimitMs;
    this.#window = debounce(() => {
      if (this.#holds === 0) this.flush();
    }, debounceMs);
  }

  hold(): () => void {
    this.#holds += 1;
    let released = false;
    const limit = scheduleTimeout(() => release(), this.#holdLimitMs);
    const release = () => {
      if (released) return;
      released = true;
      cancelTimeout(limit);
      this.#holds -= 1;
      // In a microtask, not at once: React's StrictMode unmounts and remounts effects in the same
      // task, and a hold taken again meanwhile (another commit's widgets) keeps the queue back.
      if (this.#holds === 0)
        queueMicrotask(() => {
          if (this.#holds === 0 && this.#queue.length > 0) this.flush();
        });
    };
    return release;
  }

  get queued() {
    return this.#queue.length;
  }

  request(request: BatchedWidgetRequest): Promise<Widget> {
    if (!this.#process) return Promise.reject(new SearchError('NO_DATA_PROCESSOR', searchMessages.noDataProcessor));
    return new Promise<Widget>((resolve, reject) => {
      const entry: Entry = { request, resolve, reject, settled: false };
      if (request.signal?.aborted) return reject(new WidgetRequestCanceledError());
      const previous = this.#latest.get(request.key);
      if (previous) this.#cancel(previous);
      this.#latest.set(request.key, entry);
      entry.onAbort = () => this.#cancel(entry);
      request.signal?.addEventListener('abort', entry.onAbort, { once: true });
      this.#queue.push(entry);
      this.#window.schedule();
    });
  }

  readonly flush = (): void => {
    this.#window.cancel();
    const entries = this.#queue;
    this.#queue = [];
    for (const group of groupByContext(entries).values()) {
      for (const lane of splitLanes(group)) this.#send(lane);
    }
  };

  #send(entries: Entry[]) {
    const controller = new AbortController();
    const batch = { entries, controller };
    for (const entry of entries) entry.batch = batch;
    const first = (entries[0] as Entry).request;
    const body: SearchRequest = {
      ...(first.context ? { context: first.context } : {}),
      ...(first.rfkFlags ? { rfk_flags: first.rfkFlags } : {}),
      widget: { items: uniqueItems(entries) },
    };
    (this.#process as BatchProcessor)(body, { signal: controller.signal }).then(
      (answer) => deliver(entries, answer, this.#settle),
      (error: unknown) => {
        for (const entry of entries) this.#settle(entry, () => entry.reject(error));
      },
    );
  }

  readonly #settle = (entry: Entry, finish: () => void) => {
    if (entry.settled) return;
    entry.settled = true;
    if (this.#latest.get(entry.request.key) === entry) this.#latest.delete(entry.request.key);
    if (entry.onAbort) entry.request.signal?.removeEventListener('abort', entry.onAbort);
    finish();
  };

  #cancel(entry: Entry) {
    this.#settle(entry, () => entry.reject(new WidgetRequestCanceledError()));
    this.#queue = this.#queue.filter((e) => e !== entry);
    const batch = entry.batch;
    if (batch && batch.entries.every((e) => e.settled)) batch.controller.abort();
  }
}

function groupByContext(entries: Entry[]): Map<string, Entry[]> {
  const groups = new Map<string, Entry[]>();
  for (const entry of entries) {
    const { context, rfkFlags, debounceBy } = entry.request;
    const key = stableStringify([context ?? null, rfkFlags ?? null, debounceBy ?? null]);
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return groups;
}

/** Lane n holds the n-th distinct request of each rfk_id + entity; identical requests share one item. */
function splitLanes(entries: Entry[]): Entry[][] {
  const lanes: Entry[][] = [];
  const distinct = new Map<string, string[]>();
  for (const entry of entries) {
    const { rfk_id, entity } = entry.request.item;
    const id = `${rfk_id}\u0000${entity}`;
    const seen = distinct.get(id) ?? [];
    const json = stableStringify(entry.request.item);
    let index = seen.indexOf(json);
    if (index === -1) index = seen.push(json) - 1;
    distinct.set(id, seen);
    (lanes[index] ??= []).push(entry);
  }
  return lanes;
}

function uniqueItems(entries: Entry[]): WidgetItem[] {
  const items = new Map<string, WidgetItem>();
  for (const entry of entries) items.set(stableStringify(entry.request.item), entry.request.item);
  return [...items.values()];
}

function deliver(entries: Entry[], answer: unknown, settle: (entry: Entry, finish: () => void) => void) {
  const widgets = (answer as { widgets?: unknown } | null)?.widgets;
  for (const entry of entries) {
    const { rfk_id, entity } = entry.request.item;
    if (!Array.isArray(widgets)) {
      settle(entry, () => entry.reject(new SearchServiceError(answer)));
      continue;
    }
    const match = (widgets as Widget[]).find((w) => w?.rfk_id === rfk_id && w?.entity === entity);
    settle(entry, () =>
      match
        ? entry.resolve(match)
        : entry.reject(new SearchError('WIDGET_NOT_IN_RESPONSE', searchMessages.notFoundInResponse(rfk_id))),
    );
  }
}

/**
 * JSON with object keys sorted, so two equal contexts or requests built in a
 * different key order compare (and group, and cache) as the same string.
 * `undefined` members are dropped, as JSON.stringify does.
 */
export function stableStringify(value: unknown): string {
  return (
    JSON.stringify(value, (_key, v: unknown) => {
      if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
      const sorted: Record<string, unknown> = {};
      for (const k of Object.keys(v).sort()) sorted[k] = (v as Record<string, unknown>)[k];
      return sorted;
    }) ?? 'null'
  );
}
