import type { LazyKit } from './lazyKit.ts';
import type { EngageConfig, ProcessQueueResult, QueueEntry } from './types.ts';

// Overlapping runs, of any SDK instance (they share the one storage key), go one after the other.
let running: Promise<unknown> = Promise.resolve();

/**
 * Sends the queued entries one after another, in order, once the runs before it are
 * done; resolves to what became of them. A sent (or unsendable) entry is removed as soon
 * as that is known, from the queue as it is then, so an entry queued meanwhile, or a
 * failed one (E2), is never lost.
 */
export function processEventQueue(kit: LazyKit, config: EngageConfig): Promise<ProcessQueueResult> {
  const next = running.then(() => drain(kit, config));
  running = next.catch(() => undefined);
  return next;
}

async function drain(kit: LazyKit, config: EngageConfig): Promise<ProcessQueueResult> {
  const { queueKey: QUEUE_KEY } = kit;
  const result = { sent: 0, failed: 0, dropped: 0 };
  for (const json of readQueue(QUEUE_KEY)) {
    const outcome = await sendQueued(kit, JSON.parse(json) as QueueEntry, config);
    result[outcome] += 1;
    const now = readQueue(QUEUE_KEY);
    const at = now.indexOf(json);
    if (outcome === 'failed' || at < 0) continue;
    now.splice(at, 1);
    if (now.length) sessionStorage.setItem(QUEUE_KEY, `[${now.join(',')}]`);
    else sessionStorage.removeItem(QUEUE_KEY);
  }
  return result;
}

// The stored entries, each as its JSON text; a value that is not a JSON array reads as empty.
function readQueue(key: string): string[] {
  try {
    const list: unknown = JSON.parse(sessionStorage.getItem(key) ?? '');
    return Array.isArray(list) ? list.map((entry) => JSON.stringify(entry)) : [];
  } catch {
    return [];
  }
}

// A queued event goes out with what was fixed when it was queued: browser id, client key, point of sale, page, language.
async function sendQueued(kit: LazyKit, entry: QueueEntry, config: EngageConfig): Promise<keyof ProcessQueueResult> {
  let body;
  try {
    const { settings } = entry;
    body = kit.build(entry.type, entry.eventData, entry.extensionData, { clientKey: settings.clientKey, pointOfSale: settings.pointOfSale, browserId: entry.id }, false);
  } catch (error) {
    console.warn('Engage: dropped a queued event that no longer validates', error);
    return 'dropped';
  }
  return (await kit.request(config, '/v1.2/events', body, undefined, true)).response?.ok ? 'sent' : 'failed';
}
