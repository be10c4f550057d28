import type { Kit } from './sdk.ts';
import type { EngageConfig, ProcessQueueResult, QueueEntry } from './types.ts';

// Loaded by `processEventQueue`'s first call: it answers with a promise anyway, and sends one
// event after another. It imports types only: the SDK's helpers come in the kit (see `Kit`).

// Overlapping runs, of any SDK instance (they share the one storage key), go one after the other.
let running: Promise<unknown> = Promise.resolve();

/**
 * Sends the queued entries one after another, in order, once the runs before it are
 * done; resolves to what became of them. A sent (or unsendable) entry is removed as soon
 * as that is known, from the queue as it is then, so an entry queued meanwhile, or a
 * failed one (E2), is never lost. `kit`: the SDK's helpers.
 */
export function processEventQueue(config: EngageConfig, kit: Kit): Promise<ProcessQueueResult> {
  const next = running.then(() => drain(config, kit));
  running = next.catch(() => undefined);
  return next;
}

async function drain(config: EngageConfig, kit: Kit): Promise<ProcessQueueResult> {
  const { QUEUE_KEY } = kit;
  const result = { sent: 0, failed: 0, dropped: 0 };
  for (const json of readQueue(kit)) {
    const outcome = await sendQueued(JSON.parse(json) as QueueEntry, config, kit);
    result[outcome] += 1;
    const now = readQueue(kit);
    const at = now.indexOf(json);
    if (outcome === 'failed' || at < 0) continue;
    now.splice(at, 1);
    if (now.length) sessionStorage.setItem(QUEUE_KEY, `[${now.join(',')}]`);
    else sessionStorage.removeItem(QUEUE_KEY);
  }
  return result;
}

// The stored entries, each as its JSON text; a value that is not a JSON array reads as empty.
function readQueue({ parseBody, QUEUE_KEY }: Kit): string[] {
  const list = parseBody(sessionStorage.getItem(QUEUE_KEY) ?? '');
  return Array.isArray(list) ? list.map((entry) => JSON.stringify(entry)) : [];
}

// A queued event goes out with what was fixed when it was queued: browser id, client key, point of sale, page, language.
async function sendQueued(
  entry: QueueEntry,
  config: EngageConfig,
  { buildCustomEvent, request, EVENT_SEND }: Kit,
): Promise<keyof ProcessQueueResult> {
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
  return (await request(config, '/v1.2/events', body, EVENT_SEND)).ok ? 'sent' : 'failed';
}
