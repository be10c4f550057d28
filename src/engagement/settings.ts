import { isApiError } from '../core/errors.ts';
import { composeReader, keepaliveLimit, type TransportInit } from '../core/transport.ts';
import { EngageError } from './messages.ts';
import { browserIdCookieName } from './traces.ts';
import type { EngageConfig, EngageSettings } from './types.ts';

/** The reference SDK version this SDK stands in for; sent as `X-Library-Version` and exposed as `version`. */
export const VERSION = '1.4.3';

/**
 * How long an event send may take, in ms, body included. Events go with `keepalive` and nobody waits
 * for their answer; the transport's 60 s default let sends to an events service that accepts and
 * never answers hold the browser's connections to its host (6 over HTTP/1.1, the site's own host in
 * development) for a minute each, a page view and a few clicks were enough to hold them all.
 */
export const EVENT_TIMEOUT_MS = 5_000;

/** The per-call options of every event send: `keepalive` (it arrives when a click leaves the page) and {@link EVENT_TIMEOUT_MS}. */
export const EVENT_SEND: TransportInit = Object.freeze({ keepalive: true, timeoutMs: EVENT_TIMEOUT_MS });

/** A code `init` rejects with for bad settings. */
export type SettingsErrorCode = 'MV-0001' | 'MV-0002' | 'MV-0009' | 'IV-0001';

/** True for a non-null, non-array object (what the SDK accepts as event data or extension data). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** True unless `value` is a string with something other than white space (a point of sale must not be blank). */
export function isBlank(value: unknown): boolean {
  return typeof value !== 'string' || !value.trim();
}

/**
 * The config of an SDK started with `input`, or the code of the first rule the settings
 * break, in the reference's order: clientKey (`MV-0001`), targetURL (`MV-0002`), a blank
 * pointOfSale (`MV-0009`), then the URL (`IV-0001`). A value of the wrong type gets the
 * code of its field instead of a `TypeError`, so callers only ever see coded errors.
 * Optional settings keep the caller's value, read with their defaults where they are
 * used; `init` sets the browser id. The config carries the SDK's core transport (its reader:
 * the SDK reads every answer whole).
 */
export function createSettings(input: EngageSettings, signal?: AbortSignal): EngageConfig | SettingsErrorCode {
  const settings: Partial<EngageSettings> = isObject(input) ? input : {};
  const { clientKey, targetURL, pointOfSale } = settings;
  if (!clientKey || typeof clientKey !== 'string') return 'MV-0001';
  if (!targetURL) return 'MV-0002';
  // `''` passes here and fails at event time (MV-0003), as in the reference.
  if (pointOfSale != null && pointOfSale !== '' && isBlank(pointOfSale)) return 'MV-0009';
  try {
    if (typeof targetURL !== 'string' || !new URL(targetURL)) return 'IV-0001';
  } catch {
    return 'IV-0001';
  }
  // Event sends ask for keepalive, so they need its size rule; nothing else of the transport's extras.
  // The transport prefixes paths with targetURL without its trailing slashes.
  const transport = composeReader({ baseUrl: targetURL, headers: { 'X-Library-Version': VERSION } }, [keepaliveLimit]);
  // The checks above made clientKey, targetURL and pointOfSale what EngageConfig says.
  return { ...settings, cookieName: browserIdCookieName(clientKey), signal, transport } as EngageConfig;
}

/**
 * The point of sale of one call: the call's own, else the settings' (`||`, as in the
 * reference, so a call's `''` falls back). Throws `MV-0003` unless that is a non-blank string.
 */
export function resolvePointOfSale(fromCall: unknown, fromSettings: string | undefined): string {
  const pointOfSale = fromCall || fromSettings;
  if (isBlank(pointOfSale)) throw new EngageError('MV-0003');
  return pointOfSale as string;
}

/** What one request came to: a 2xx answer whose whole body arrived in time, an error answer, or a failure. */
export interface Reply {
  /** Whether a 2xx answer arrived, body included. */
  ok: boolean;
  /** The answer's body when it is a JSON object, else `null`: all the SDK's callers read. */
  data: Record<string, unknown> | null;
  /** Why there is no 2xx answer: the `ApiError` of an error answer, or the failure without one (network, abort, timeout). */
  error?: unknown;
}

/**
 * Sends `GET {targetURL}{path}`, or a `POST` of `body` as JSON, through the SDK's core
 * transport (the `X-Library-Version` header, the 60 s timeout covering the body, the
 * SDK's stop signal); never rejects. An error answer's JSON body is an answer too (a
 * refused event, a failed call flow), as the reference reads it. The fetch starts in the
 * caller's task: nothing is awaited before it. `init` adds per-call options (`keepalive`,
 * a `signal` with its own deadline). Defaults to no extra options.
 */
export async function request(
  config: EngageConfig,
  path: string,
  body?: object,
  init: TransportInit = {},
): Promise<Reply> {
  try {
    const sending = body ? { method: 'POST', body: JSON.stringify(body) } : {};
    const data = await config.transport(path, { ...sending, signal: config.signal, ...init });
    return { ok: true, data: isObject(data) ? data : null };
  } catch (error) {
    return { ok: false, data: isApiError(error) && isObject(error.body) ? error.body : null, error };
  }
}
