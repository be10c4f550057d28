import { baseFields, type BaseFields } from './baseFields.ts';
import { flattenExtension } from './flattenExtension.ts';
import { isObject } from './isObject.ts';
import type { EventContext } from './types.ts';

/** The body of a custom event: `type`, the other event-data fields as given, `ext`, then the base fields. */
export type CustomEventBody = { type: string; ext?: Record<string, unknown>; [key: string]: unknown } & BaseFields;

/**
 * Builds (and so validates: `MV-0003`, then `IV-0005`) a custom event body. Event-data
 * fields are copied unflattened; base fields are applied last and win on a clash.
 */
export function buildCustomEvent(type: string, eventData: unknown, extensionData: unknown, context: EventContext, infer: boolean): CustomEventBody {
  const data = isObject(eventData) ? eventData : {};
  const base = baseFields(data, context, infer);
  const { channel: _c, currency: _u, pointOfSale: _p, language: _l, page: _g, ...rest } = data;
  const ext = flattenExtension(extensionData);
  const body: Record<string, unknown> = { type, ...rest };
  if (ext) body.ext = ext;
  return Object.assign(body, base) as CustomEventBody;
}
