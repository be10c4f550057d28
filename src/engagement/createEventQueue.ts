import type { ProcessQueueResult, QueueEntry } from './types.ts';

/** The sessionStorage key of the queue (one JSON array for every event). */
export const QUEUE_KEY = 'EngageEventQueue';

/** What became of one queued entry: accepted, kept for a later try, or removed as unsendable. */
export type QueueSendOutcome = 'sent' | 'failed' | 'dropped';

/** The queue's operations over sessionStorage. */
export interface EventQueue {
  /** Appends an (already validated) entry. */
  add(entry: QueueEntry): void;
  /** Sends every entry in order; resolves when done. Only entries that were sent (or can never be) leave the queue. */
  process(): Promise<ProcessQueueResult>;
  /** Removes the key. */
  clear(): void;
}

/**
 * A queue in `sessionStorage[QUEUE_KEY]`. A stored value that is not a JSON array
 * reads as empty. `send` tells what became of an entry; a sent (or unsendable) entry is
 * removed as soon as that is known, so an entry queued meanwhile, or a failed one (E2),
 * is never lost. Overlapping `process` calls run one after the other.
 */
export function createEventQueue(send: (entry: QueueEntry) => Promise<QueueSendOutcome>): EventQueue {
  // The stored text last seen, its entries as JSON texts, and — when we wrote it — the text
  // without its closing `]`. Re-parsing and re-joining the whole array on every add would
  // make queueing n events cost n² work.
  let raw: string | null = null;
  let entries: string[] = [];
  let open: string | undefined;
  const read = (): string[] => {
    const now = sessionStorage.getItem(QUEUE_KEY);
    if (now !== raw) [raw, entries, open] = [now, parseQueue(now), undefined];
    return entries;
  };
  const save = (list: string[], head = list.length ? `[${list.join(',')}` : undefined) => {
    const text = head === undefined ? null : `${head}]`;
    if (text === null) sessionStorage.removeItem(QUEUE_KEY);
    else sessionStorage.setItem(QUEUE_KEY, text);
    [raw, entries, open] = [text, list, head];
  };
  const drain = async (): Promise<ProcessQueueResult> => {
    const result = { sent: 0, failed: 0, dropped: 0 };
    for (const json of [...read()]) {
      const outcome = await send(JSON.parse(json) as QueueEntry);
      result[outcome] += 1;
      const now = read();
      const at = now.indexOf(json);
      if (outcome !== 'failed' && at >= 0) save(now.filter((_, i) => i !== at));
    }
    return result;
  };
  let running: Promise<unknown> = Promise.resolve();
  return {
    add(entry) {
      const list = read();
      const json = JSON.stringify(entry);
      if (open === undefined) return save([...list, json]);
      save(list, `${open},${json}`);
      list.push(json);
    },
    process() {
      const next = running.then(drain);
      running = next.catch(() => undefined);
      return next;
    },
    clear: () => save([]),
  };
}

function parseQueue(text: string | null): string[] {
  try {
    const list: unknown = JSON.parse(text ?? '');
    return Array.isArray(list) ? list.map((entry) => JSON.stringify(entry)) : [];
  } catch {
    return [];
  }
}
