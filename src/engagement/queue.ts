import { parseBody } from '../core/transport.ts';
import { QUEUE_KEY } from './traces.ts';
import type { QueueEntry } from './types.ts';

// Queueing validates in the caller's task, so it ships with the SDK; sending the queue loads
// on first use (`sendQueue.ts`).

// The text this module last stored, and that text without its closing `]`. While nobody
// else has written the key, an entry is appended to it instead of parsing the whole
// array again, which would make queueing n events cost n² work.
let last: string | null = null;
let open = '[';

/**
 * Appends an (already validated) entry to the queue in `sessionStorage[QUEUE_KEY]`; a
 * stored value that is not a JSON array reads as empty.
 */
export function enqueueEvent(entry: QueueEntry): void {
  const stored = sessionStorage.getItem(QUEUE_KEY);
  if (stored !== last) {
    const list = parseBody(stored ?? '');
    open = Array.isArray(list) ? JSON.stringify(list).slice(0, -1) : '[';
  }
  open += (open.length > 1 ? ',' : '') + JSON.stringify(entry);
  sessionStorage.setItem(QUEUE_KEY, (last = `${open}]`));
}
