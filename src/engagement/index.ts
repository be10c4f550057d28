/**
 * The engagement events SDK: a drop-in for the reference browser SDK v1.4.3 (same
 * settings, methods, payloads and coded errors), without its defects E1–E5 and E7
 * (and E6: `cookiePath` is honoured).
 *
 * Error codes: the timeout rule (an integer ≥ 0) is also known as `IE-0006`; the reference
 * reports it as `IV-0006`, and so does this SDK.
 */
export { init } from './sdk.ts';
export { EngageError, engageMessages, type EngageErrorCode } from './messages.ts';
export { forgetVisitor, QUEUE_KEY, type ForgetSettings } from './traces.ts';
export { EVENT_TIMEOUT_MS, VERSION } from './settings.ts';
export type {
  EngageSdk,
  EngageSettings,
  EventData,
  EventResponse,
  ExtensionData,
  IdentityData,
  IdentityIdentifier,
  InitOptions,
  PageViewData,
  PersonalizeData,
  PersonalizeResponse,
  ProcessQueueResult,
  QueueEntry,
  QueueEntrySettings,
  WebPersonalizationSettings,
} from './types.ts';
