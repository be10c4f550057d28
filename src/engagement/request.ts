import { isObject } from './isObject.ts';
import { parseJson } from './parseJson.ts';
import type { EngageConfig } from './types.ts';
import { VERSION } from './VERSION.ts';

/** One call's abort controller and timer. */
export interface Call extends AbortController {
  /** True once the timer, rather than the SDK's signal, aborted the call (the abort itself carries no reason). */
  timedOut?: boolean;
  /** Clears the timer and the listener on the SDK's signal; safe to call twice. */
  end(): void;
}

/** What one request came to: an answer whose whole body arrived in time, or the failure. */
export interface Reply {
  /** The answer (its body already read). */
  response?: Response;
  /** The answer's body as text. */
  text?: string;
  /** The answer's body when it is a JSON object (a leading BOM stripped), else `null`: all the SDK's callers read. */
  data: Record<string, unknown> | null;
  /** Why there is no answer: a network failure, an abort or the timeout. */
  error?: unknown;
}

/**
 * Starts a call's timer now, so that it also covers loading a lazy module before the
 * request is sent. The call must be ended (`request` does it) so that no timer outlives
 * it (E3). `timeout` in ms; anything but a number (a caller's bad value, which
 * `personalize` rejects before sending) means the default. Defaults to 60 s.
 */
export function startCall(config: EngageConfig, timeout?: unknown): Call {
  const { signal } = config;
  const call = new AbortController() as Call;
  const stop = () => call.abort(signal?.reason);
  if (signal?.aborted) stop();
  signal?.addEventListener('abort', stop);
  const timer = setTimeout(() => {
    call.timedOut = true;
    call.abort();
  }, typeof timeout === 'number' ? timeout : 60_000);
  call.end = () => {
    clearTimeout(timer);
    signal?.removeEventListener('abort', stop);
  };
  return call;
}

/**
 * The largest event body sent with `keepalive`, in bytes. Browsers refuse a keepalive
 * request once all of a page's keepalive bodies in flight pass 64 KiB together, so one
 * event may take a quarter of that; a larger body is sent without it (it still arrives
 * unless the page unloads meanwhile) rather than refused.
 */
export const KEEPALIVE_MAX_BYTES = 16_384;

/**
 * Sends `GET {base}{path}` (fetch's default method), or a `POST` of `body` as JSON, with the reference's
 * `X-Library-Version` header, through the global `fetch` of the moment; never rejects.
 * The call's timer covers the body as well as the headers and is cleared however the
 * request ends. A plain fetch is smaller than the shared transport, whose hooks
 * (auth, error parsing) the SDK does not use. `keepalive` asks the browser to finish the
 * request even if the page unloads meanwhile (a tracked link that leaves the site); it
 * applies to bodies up to {@link KEEPALIVE_MAX_BYTES}. The fetch starts synchronously, in
 * the caller's task: nothing is awaited before it. Defaults to a new 60 s call, no keepalive.
 */
export async function request(config: EngageConfig, path: string, body?: object, call = startCall(config), keepalive = false): Promise<Reply> {
  const reply: Reply = { data: null };
  try {
    const json = body && JSON.stringify(body);
    const response = await fetch(config.base + path, {
      method: body && 'POST',
      headers: { Accept: 'application/json', 'X-Library-Version': VERSION, ...(body && { 'Content-Type': 'application/json' }) },
      body: json,
      signal: call.signal,
      ...(keepalive && json !== undefined && new TextEncoder().encode(json).byteLength <= KEEPALIVE_MAX_BYTES && { keepalive: true }),
    });
    reply.text = await response.text();
    const data = parseJson(reply.text);
    if (isObject(data)) reply.data = data;
    reply.response = response;
  } catch (error) {
    reply.error = error;
  } finally {
    call.end();
  }
  return reply;
}
