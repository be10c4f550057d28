import { buildCustomEvent } from './buildCustomEvent.ts';
import { buildIdentityEvent } from './buildIdentityEvent.ts';
import { buildPageViewEvent } from './buildPageViewEvent.ts';
import { checkIdentity } from './checkIdentity.ts';
import { EngageError } from './EngageError.ts';
import { enqueueEvent } from './enqueueEvent.ts';
import { isBlank } from './isBlank.ts';
import { isObject } from './isObject.ts';
import { lazyKit } from './lazyKit.ts';
import { QUEUE_KEY } from './QUEUE_KEY.ts';
import { readCookie } from './readCookie.ts';
import { request, startCall } from './request.ts';
import type { EngageConfig, EngageSdk, EventResponse } from './types.ts';
import { VERSION } from './VERSION.ts';

/**
 * The SDK object over an initialised browser id. Builders validate synchronously
 * (their coded errors surface from the calling method); sends resolve to the service's
 * JSON answer or `null`, never reject. `config.signal` stops every later request.
 * The event methods send at once, with `keepalive`, so an event sent as the page unloads
 * still arrives. `personalize`, `getGuestId` and `processEventQueue` load on first use:
 * they answer with a promise anyway, and most pages only send events. `personalize`'s
 * timer starts at the call, so its timeout covers the loading too.
 */
export function createSdk(config: EngageConfig): EngageSdk {
  // keepalive: an event sent as a tracked link leaves the page still arrives.
  const send = async (body: object) => (await request(config, '/v1.2/events', body, undefined, true)).data as EventResponse | null;
  return {
    event: (type, eventData, ext) => send(buildCustomEvent(type, eventData, ext, config, true)),
    pageView: (eventData, ext) => send(buildPageViewEvent(eventData, ext, config)),
    // Every event goes out in the caller's task, with nothing loaded on the way: an event
    // sent by a click that leaves the page would otherwise be lost while a chunk loads.
    identity: (eventData, ext) => send(buildIdentityEvent(checkIdentity(eventData, ext, config))),
    form: (formId, interactionType, pointOfSale) =>
      send(buildCustomEvent('FORM', { pointOfSale }, { formId, interactionType: String(interactionType).toUpperCase() }, config, false)),
    personalize(data, timeout) {
      // A copy: the call uses the point of sale of the moment it was made, as the reference's does.
      const context = { ...config };
      const call = startCall(config, timeout);
      return import('./onDemand.ts').then((m) => m.personalize(lazyKit, context, data, timeout, call)).finally(call.end);
    },
    addToEventQueue(type, eventData, extensionData) {
      // Validates by building the body; the entry keeps the page, language and point of sale of now.
      const { pos, page, language } = buildCustomEvent(type, eventData, extensionData, config, true);
      const data = { ...(isObject(eventData) ? eventData : {}), page, language };
      enqueueEvent({ eventData: data, extensionData, id: config.browserId, settings: { clientKey: config.clientKey, pointOfSale: pos }, type });
    },
    processEventQueue: () => import('./onDemand.ts').then((m) => m.processEventQueue(lazyKit, config)),
    clearEventQueue: () => sessionStorage.removeItem(QUEUE_KEY),
    updatePointOfSale(pointOfSale) {
      if (isBlank(pointOfSale)) throw new EngageError('MV-0009');
      config.pointOfSale = pointOfSale;
      const web = window.Engage?.settings;
      if (web) web.pointOfSale = pointOfSale;
    },
    getBrowserId: () => readCookie(config.cookieName),
    getGuestId: () => import('./onDemand.ts').then((m) => m.getGuestId(lazyKit, config)),
    version: VERSION,
  };
}
