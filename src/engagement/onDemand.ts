/**
 * The SDK methods that load on first use (`personalize`, `getGuestId`,
 * `processEventQueue`): one chunk, fetched the first time any of them is called. Each
 * answers with a promise anyway, and most pages only send events.
 */
export { getGuestId } from './getGuestId.ts';
export { personalize } from './personalize.ts';
export { processEventQueue } from './processEventQueue.ts';
