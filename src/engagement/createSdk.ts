import type { Transport } from '../core/transport.ts';
import { buildCustomEvent } from './buildCustomEvent.ts';
import { buildIdentityEvent } from './buildIdentityEvent.ts';
import { buildPageViewEvent } from './buildPageViewEvent.ts';
import { createEventQueue, type QueueSendOutcome } from './createEventQueue.ts';
import { EngageError } from './EngageError.ts';
import { getGuestId } from './getGuestId.ts';
import { inferLanguage } from './inferLanguage.ts';
import { inferPage } from './inferPage.ts';
import { isObject } from './isObject.ts';
import { personalize } from './personalize.ts';
import { postJson } from './postJson.ts';
import { readCookie } from './readCookie.ts';
import type { EngageConfig, EngageSdk, EventContext, EventResponse, QueueEntry } from './types.ts';
import { VERSION } from './VERSION.ts';

/**
 * The SDK object over an initialised browser id. Builders validate synchronously
 * (their coded errors surface from the calling method); sends resolve to the service's
 * JSON answer or `null`, never reject. `signal` stops every later request.
 */
export function createSdk(config: EngageConfig, context: EventContext, transport: Transport, signal?: AbortSignal): EngageSdk {
  const post = (body: unknown) => postJson(transport, '/v1.2/events', body, { signal });
  const send = async (body: unknown) => (await post(body)).data as EventResponse | null;
  const queue = createEventQueue((entry) => sendQueued(entry, post));
  return {
    event: (type, eventData, ext) => send(buildCustomEvent(type, eventData, ext, context, true)),
    pageView: (eventData, ext) => send(buildPageViewEvent(eventData, ext, context, config.includeUTMParameters)),
    identity: (eventData, ext) => send(buildIdentityEvent(eventData, ext, context)),
    form: (formId, interactionType, pointOfSale) =>
      send(buildCustomEvent('FORM', { pointOfSale }, { formId, interactionType: String(interactionType).toUpperCase() }, context, false)),
    personalize: (data, timeout) => personalize(transport, data, context, timeout, signal),
    addToEventQueue(type, eventData, extensionData) {
      const data = { ...(isObject(eventData) ? eventData : {}) };
      data.page ??= inferPage();
      data.language ??= inferLanguage();
      const { pos } = buildCustomEvent(type, data, extensionData, context, false);
      queue.add({ eventData: data, extensionData, id: context.browserId, settings: { clientKey: context.clientKey, pointOfSale: pos }, type });
    },
    processEventQueue: () => queue.process(),
    clearEventQueue: () => queue.clear(),
    updatePointOfSale(pointOfSale) {
      if (typeof pointOfSale !== 'string' || !pointOfSale.trim()) throw new EngageError('MV-0009');
      context.pointOfSale = pointOfSale;
      const web = window.Engage?.settings;
      if (web) web.pointOfSale = pointOfSale;
    },
    getBrowserId: () => readCookie(config.cookieName),
    getGuestId: () => getGuestId(transport, context.browserId, context.clientKey, signal),
    version: VERSION,
  };
}

// A queued event goes out with what was fixed when it was queued: browser id, client key, point of sale, page, language.
async function sendQueued(entry: QueueEntry, post: (body: unknown) => Promise<{ ok: boolean }>): Promise<QueueSendOutcome> {
  let body;
  try {
    const { settings } = entry;
    body = buildCustomEvent(entry.type, entry.eventData, entry.extensionData, { clientKey: settings.clientKey, pointOfSale: settings.pointOfSale, browserId: entry.id }, false);
  } catch (error) {
    console.warn('Engage: dropped a queued event that no longer validates', error);
    return 'dropped';
  }
  return (await post(body)).ok ? 'sent' : 'failed';
}
