import type { components } from '../../generated/engagement/schema.d.ts';
import { baseFields } from './baseFields.ts';
import { EngageError } from './EngageError.ts';
import { flattenExtension } from './flattenExtension.ts';
import { isObject } from './isObject.ts';
import { isShortIsoDate } from './isShortIsoDate.ts';
import type { EventContext, IdentityData, IdentityIdentifier } from './types.ts';

/** The body of an IDENTITY event (renamed fields, `type`, `ext`, then the base fields). */
export type IdentityBody = components['schemas']['IdentityEvent'];

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Builds an IDENTITY body after the reference's checks, in its order: point of sale
 * (`MV-0003`), identifiers (`MV-0004`), dob (`IV-0002`), each expiryDate (`IV-0004`),
 * email (`IV-0003`), extension count (`IV-0005`). An empty expiryDate or email is not
 * checked and is sent as `""`; an empty dob is invalid. Unknown fields are dropped.
 */
export function buildIdentityEvent(eventData: unknown, extensionData: unknown, context: EventContext): IdentityBody {
  const d = (isObject(eventData) ? eventData : {}) as Partial<IdentityData>;
  const base = baseFields(d as Record<string, unknown>, context, true);
  const ids: unknown[] = Array.isArray(d.identifiers) ? d.identifiers : [];
  if (!ids.length) throw new EngageError('MV-0004');
  if (d.dob !== undefined && !isShortIsoDate(d.dob)) throw new EngageError('IV-0002');
  const identifiers = ids.map((item) => {
    const { expiryDate, id, provider }: Partial<IdentityIdentifier> = isObject(item) ? item : {};
    if (expiryDate && !isShortIsoDate(expiryDate)) throw new EngageError('IV-0004');
    // Untyped callers may omit id or provider; the body carries what was given, as the reference's does.
    return { expiry_date: expiryDate, id, provider } as IdentityBody['identifiers'][number];
  });
  if (d.email && !EMAIL.test(d.email)) throw new EngageError('IV-0003');
  const ext = flattenExtension(extensionData);
  const { city, country, dob, email, gender, mobile, phone, state, street, title } = d;
  const body = { city, country, dob, email, firstname: d.firstName, gender, identifiers, lastname: d.lastName, mobile, phone, postal_code: d.postalCode, state, street, title, type: 'IDENTITY' as const, ext: Object.keys(ext).length ? ext : undefined };
  return Object.assign(body, base);
}
