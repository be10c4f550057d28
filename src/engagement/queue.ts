import { buildCustomEvent } from './events.ts';
import { parseJson, request } from './settings.ts';
import { QUEUE_KEY } from './traces.ts';
import type { EngageConfig, ProcessQueueResult, QueueEntry } from './types.ts';

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
    const list = parseJson(stored);
    open = Array.isArray(list) ? JSON.stringify(list).slice(0, -1) : '[';
  }
  open += (open.length > 1 ? ',' : '') + JSON.stringify(entry);
  sessionStorage.setItem(QUEUE_KEY, (last = `${open}]`));
}

// Overlapping runs, of any SDK instance (they share the one storage key), go one after the other.
let running: Promise<unknown> = Promise.resolve();

/**
 * Sends the queued entries one after another, in order, once the runs before it are
 * done; resolves to what became of them. A sent (or unsendable) entry is removed as soon
 * as that is known, from the queue as it is then, so an entry queued meanwhile, or a
 * failed one (E2), is never lost.
 */
export function processEventQueue(config: EngageConfig): Promise<ProcessQueueResult> {
  const next = running.then(() => drain(config));
  running = next.catch(() => undefined);
  return next;
}

async function drain(config: EngageConfig): Promise<ProcessQueueResult> {
  const result = { sent: 0, failed: 0, dropped: 0 };
  for (const json of readQueue()) {
    const outcome = await sendQueued(JSON.parse(json) as QueueEntry, config);
    result[outcome] += 1;
    const now = readQueue();
    const at = now.indexOf(json);
    if (outcome === 'failed' || at < 0) continue;
    now.splice(at, 1);
    if (now.length) sessionStorage.setItem(QUEUE_KEY, `[${now.join(',')}]`);
    else sessionStorage.removeItem(QUEUE_KEY);
  }
  return result;
}

// The stored entries, each as its JSON text; a value that is not a JSON array reads as empty.
function readQueue(): string[] {
  const list = parseJson(sessionStorage.getItem(QUEUE_KEY));
  return Array.isArray(list) ? list.map((entry) => JSON.stringify(entry)) : [];
}

// A queued event goes out with what was fixed when it was queued: browser id, client key, point of sale, page, language.
async function sendQueued(entry: QueueEntry, config: EngageConfig): Promise<keyof ProcessQueueResult> {
  let body;
  try {
    const { settings } = entry;
    body = buildCustomEvent(
      entry.type,
      entry.eventData,
      entry.extensionData,
      { clientKey: settings.clientKey, pointOfSale: settings.pointOfSale, browserId: entry.id },
      false,
    );
  } catch (error) {
    console.warn('Engage: dropped a queued event that no longer validates', error);
    return 'dropped';
  }
  return (await request(config, '/v1.2/events', body, { keepalive: true })).ok ? 'sent' : 'failed';
}
