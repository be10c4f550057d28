import { isApiError } from '../core/errors.ts';
import { abortAfter, type Deadline } from '../core/deadline.ts';
import { parseBody } from '../core/transport.ts';
import { ensureBrowserId, readBrowserId } from './browserId.ts';
import { buildCustomEvent, buildFormEvent, buildPageViewEvent, flattenObject, inferLanguage } from './events.ts';
import { buildIdentityEvent } from './identity.ts';
import { EngageError } from './messages.ts';
import { enqueueEvent } from './queue.ts';
import { createSettings, EVENT_SEND, isBlank, isObject, request, resolvePointOfSale, VERSION } from './settings.ts';
import { QUEUE_KEY } from './traces.ts';
import type { EngageConfig, EngageSdk, EngageSettings, EventResponse, InitOptions } from './types.ts';
import { loadWebPersonalization, type WebExperienceSettings } from './webPersonalization.ts';

declare global {
  interface Window {
    /** What the SDK exposes to other scripts (the web experiences library reads it). */
    Engage?: { getBrowserId: () => string; version: string; settings?: WebExperienceSettings };
  }
}

/**
 * The SDK's helpers, as the parts loaded on first use (`personalize`, `getGuestId`,
 * `processEventQueue`) get them: those parts import types only, because a part that imported
 * a module the SDK itself uses would move that module into a chunk of its own, and every
 * first visit would download a second file.
 */
const kit = {
  buildCustomEvent,
  EVENT_SEND,
  EngageError,
  flattenObject,
  inferLanguage,
  isApiError,
  isObject,
  parseBody,
  QUEUE_KEY,
  request,
  resolvePointOfSale,
};

/** What the parts loaded on first use get from the SDK (see `kit`). */
export type Kit = typeof kit;

// Loads a part on first use; its deadline starts at the call, so its timeout covers the loading.
function onDemand<T, R>(
  timeout: number,
  config: EngageConfig,
  load: () => Promise<T>,
  run: (part: T, deadline: Deadline) => Promise<R>,
): Promise<R> {
  const deadline = abortAfter(timeout, config.signal);
  return load()
    .then((part) => run(part, deadline))
    .finally(deadline.dispose);
}

/**
 * Starts the SDK, as the reference `init` does: rejects with `IE-0001` without a
 * `window`, with the settings' coded errors (`MV-0001`, `MV-0002`, `MV-0009`, `IV-0001`),
 * and with `MV-0003` when web personalization has no point of sale (after the browser id
 * exists). Then gets the browser id (cookie or `create.json`), sets `window.Engage`, and
 * loads web personalization when asked. Call it only after the visitor consents.
 * An init whose `signal` is aborted before it is done (consent withdrawn meanwhile) writes
 * no cookie, sets no `window.Engage` and loads no script: it resolves to a stopped SDK.
 */
export async function init(settings: EngageSettings, options: InitOptions = {}): Promise<EngageSdk> {
  const config = typeof window === 'undefined' ? 'IE-0001' : createSettings(settings, options.signal);
  if (typeof config === 'string') throw new EngageError(config);
  config.browserId = config.signal?.aborted ? '' : await ensureBrowserId(config);
  if (config.signal?.aborted) return createSdk(config);
  const engage: NonNullable<Window['Engage']> = { getBrowserId: () => readBrowserId(config), version: VERSION };
  window.Engage = engage;
  if (config.webPersonalization) loadWebPersonalization(config, engage);
  return createSdk(config);
}

/**
 * The SDK object over an initialised browser id. Builders validate synchronously
 * (their coded errors surface from the calling method); sends resolve to the service's
 * JSON answer or `null`, never reject. `config.signal` stops every later request.
 * Every event goes out in the caller's task, with nothing loaded or awaited on the way,
 * and with `keepalive` (an event sent by a click that leaves the page still arrives) and a deadline of
 * `EVENT_TIMEOUT_MS` (a silent events service holds no connection for long).
 * `personalize`, `getGuestId` and `processEventQueue` load on first use: they answer with a
 * promise anyway, and most pages only send events; the deadline of the first two starts at the
 * call, so their timeout covers the loading.
 */
function createSdk(config: EngageConfig): EngageSdk {
  const send = async (body: object) =>
    (await request(config, '/v1.2/events', body, EVENT_SEND)).data as EventResponse | null;
  return {
    event: (type, eventData, ext) => send(buildCustomEvent(type, eventData, ext, config, true)),
    pageView: (eventData, ext) => send(buildPageViewEvent(eventData, ext, config)),
    identity: (eventData, ext) => send(buildIdentityEvent(eventData, ext, config)),
    form: (formId, interactionType, pointOfSale) => send(buildFormEvent(formId, interactionType, pointOfSale, config)),
    personalize(data, timeout) {
      // A copy: the call uses the point of sale of the moment it was made, as the reference's does.
      const context = { ...config };
      // Any value but a positive integer gets the default here; `personalize` rejects the invalid ones.
      return onDemand(
        Number.isInteger(timeout) && (timeout as number) > 0 ? (timeout as number) : 60_000,
        config,
        () => import('./personalize.ts'),
        (m, deadline) => m.personalize(context, data, timeout, deadline, kit),
      );
    },
    addToEventQueue(type, eventData, extensionData) {
      // Validates by building the body; the entry keeps the page, language and point of sale of now.
      const { pos, page, language } = buildCustomEvent(type, eventData, extensionData, config, true);
      const data = { ...(isObject(eventData) ? eventData : {}), page, language };
      // A stopped SDK (consent withdrawn) stores nothing about the visitor any more.
      if (config.signal?.aborted) return;
      enqueueEvent({
        eventData: data,
        extensionData,
        id: config.browserId,
        settings: { clientKey: config.clientKey, pointOfSale: pos },
        type,
      });
    },
    processEventQueue: () => import('./sendQueue.ts').then((m) => m.processEventQueue(config, kit)),
    clearEventQueue: () => sessionStorage.removeItem(QUEUE_KEY),
    updatePointOfSale(pointOfSale) {
      if (isBlank(pointOfSale)) throw new EngageError('MV-0009');
      config.pointOfSale = pointOfSale;
      const web = window.Engage?.settings;
      if (web) web.pointOfSale = pointOfSale;
    },
    getBrowserId: () => readBrowserId(config),
    getGuestId: () =>
      onDemand(
        60_000,
        config,
        () => import('./guestId.ts'),
        (m, deadline) => m.getGuestId(config, deadline, kit),
      ),
    version: VERSION,
  };
}
