import { parseJson } from './parseJson.ts';
import { QUEUE_KEY } from './QUEUE_KEY.ts';
import type { QueueEntry } from './types.ts';

// The text this module last stored, and that text without its closing `]`. While nobody
// else has written the key, an entry is appended to it instead of parsing the whole
// array again, which would make queueing n events cost n² work.
let last: string | null = null;
let open = '[';

/**
 * Appends an (already validated) entry to the queue in `sessionStorage[QUEUE_KEY]`; a
 * stored value that is not a JSON array reads as empty. Sending is `processEventQueue`'s.
 */
export function enqueueEvent(entry: QueueEntry): void {
  const stored = sessionStorage.getItem(QUEUE_KEY);
  if (stored !== last) open = openArray(stored);
  open += (open.length > 1 ? ',' : '') + JSON.stringify(entry);
  sessionStorage.setItem(QUEUE_KEY, (last = `${open}]`));
}

// The stored array without its closing `]`; `[` when the value is missing or not a JSON array.
function openArray(stored: string | null): string {
  const list = parseJson(stored);
  return Array.isArray(list) ? JSON.stringify(list).slice(0, -1) : '[';
}
