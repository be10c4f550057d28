import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withPrism } from '../support/prism.ts';
import { init, QUEUE_KEY, type EngageSdk, type QueueEntry } from '../../src/engagement/index.ts';
import { json, recordFetch, resetBrowser, setPage, type RecordedRequest } from './support.ts';

const prism = withPrism('engagement');
let calls: RecordedRequest[];

async function start(browserId = 'b-123'): Promise<EngageSdk> {
  document.cookie = `bid_ck=${browserId}; Path=/`;
  return init({ clientKey: 'ck', targetURL: prism.url, pointOfSale: 'ngc' });
}
const stored = (): QueueEntry[] => JSON.parse(sessionStorage.getItem(QUEUE_KEY) ?? '[]') as QueueEntry[];
const labels = () => calls.filter((c) => c.url.endsWith('/events')).map((c) => (json(c) as { label?: string }).label);

beforeEach(() => {
  resetBrowser();
  setPage('/careers', 'en');
  calls = recordFetch();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the event queue', () => {
  it('lives in sessionStorage under the single key EngageEventQueue', async () => {
    const sdk = await start();
    expect(QUEUE_KEY).toBe('EngageEventQueue');
    sdk.addToEventQueue('CTA_CLICK', { label: 'a' });
    sdk.addToEventQueue('CTA_CLICK', { label: 'b' });
    expect(Object.keys(sessionStorage)).toEqual(['EngageEventQueue']);
    expect(stored().map((e) => Object.keys(e).sort())).toEqual([
      ['eventData', 'id', 'settings', 'type'],
      ['eventData', 'id', 'settings', 'type'],
    ]);
    expect(calls).toEqual([]);
  });

  it('sends the entries one after another, in order, then removes the key; a second run sends nothing', async () => {
    const sdk = await start();
    for (const label of ['1', '2', '3']) sdk.addToEventQueue('CTA_CLICK', { label });
    let inFlight = 0;
    let maxInFlight = 0;
    const forward = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      maxInFlight = Math.max(maxInFlight, ++inFlight);
      try {
        return await forward(input, init);
      } finally {
        inFlight -= 1;
      }
    });
    await expect(sdk.processEventQueue()).resolves.toEqual({ sent: 3, failed: 0, dropped: 0 });
    expect(labels()).toEqual(['1', '2', '3']);
    expect(maxInFlight).toBe(1);
    expect(sessionStorage.getItem(QUEUE_KEY)).toBeNull();
    await expect(sdk.processEventQueue()).resolves.toEqual({ sent: 0, failed: 0, dropped: 0 });
    expect(labels()).toHaveLength(3);
  });

  it('survives a re-init in the same tab, and sends with the browser id of queue time', async () => {
    const first = await start('b-first');
    first.addToEventQueue('CTA_CLICK', { label: 'queued' });
    resetBrowserButQueue();
    const second = await start('b-second');
    await second.processEventQueue();
    expect(json(calls[0])).toMatchObject({ label: 'queued', browser_id: 'b-first' });
  });

  it('keeps an event queued while processing runs, and overlapping runs send each event once', async () => {
    const sdk = await start();
    sdk.addToEventQueue('CTA_CLICK', { label: 'early' });
    const one = sdk.processEventQueue();
    sdk.addToEventQueue('CTA_CLICK', { label: 'late' });
    const two = sdk.processEventQueue();
    const [a, b] = await Promise.all([one, two]);
    expect(a.sent + b.sent).toBe(2);
    expect(labels().sort()).toEqual(['early', 'late']);
    expect(sessionStorage.getItem(QUEUE_KEY)).toBeNull();
  });

  it('reads a stored value that is not a JSON array as an empty queue, and appends to it', async () => {
    const sdk = await start();
    for (const value of ['not json', '{"a":1}', '"text"']) {
      sessionStorage.setItem(QUEUE_KEY, value);
      await expect(sdk.processEventQueue()).resolves.toEqual({ sent: 0, failed: 0, dropped: 0 });
    }
    sdk.addToEventQueue('CTA_CLICK', { label: 'fresh' });
    expect(stored().map((e) => e.eventData.label)).toEqual(['fresh']);
  });

  it('clearEventQueue removes the key', async () => {
    const sdk = await start();
    sdk.addToEventQueue('CTA_CLICK', { label: 'x' });
    sdk.clearEventQueue();
    expect(sessionStorage.getItem(QUEUE_KEY)).toBeNull();
    await sdk.processEventQueue();
    expect(calls).toEqual([]);
  });

  it('drops, with a warning, an entry edited in storage so that it can never be sent, and sends the rest', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const sdk = await start();
    sdk.addToEventQueue('CTA_CLICK', { label: 'good' });
    sessionStorage.setItem(
      QUEUE_KEY,
      JSON.stringify([7, { type: 'X', eventData: {}, settings: { clientKey: 'ck' }, id: 'b' }, ...stored()]),
    );
    await expect(sdk.processEventQueue()).resolves.toEqual({ sent: 1, failed: 0, dropped: 2 });
    expect(labels()).toEqual(['good']);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledWith(
      'Engage: dropped a queued event that no longer validates',
      expect.objectContaining({ code: 'MV-0003' }),
    );
    expect(sessionStorage.getItem(QUEUE_KEY)).toBeNull();
  });

  it('does not change the caller’s event data object', async () => {
    const sdk = await start();
    const data = { label: 'mine' };
    sdk.addToEventQueue('CTA_CLICK', data);
    expect(data).toEqual({ label: 'mine' });
  });
});

/** Clears cookies and globals but keeps sessionStorage, like a re-init in the same tab. */
function resetBrowserButQueue(): void {
  const queue = sessionStorage.getItem(QUEUE_KEY);
  resetBrowser();
  setPage('/careers', 'en');
  if (queue) sessionStorage.setItem(QUEUE_KEY, queue);
}
