import { baseFields, type BaseFields } from './baseFields.ts';
import { EngageError } from './EngageError.ts';
import { flattenExtension } from './flattenExtension.ts';
import { isObject } from './isObject.ts';
import { isShortIsoDate } from './isShortIsoDate.ts';
import type { EventContext, IdentityData, IdentityIdentifier } from './types.ts';

/** What an IDENTITY body is built from, fixed when `identity` was called. */
export interface IdentityParts {
  /** A copy of the event data. */
  data: Partial<IdentityData>;
  /** The identifiers under their wire names. */
  identifiers: { expiry_date?: string; id?: string; provider?: string }[];
  ext: Record<string, unknown> | undefined;
  base: BaseFields;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The reference's checks of an IDENTITY event, in its order: point of sale (`MV-0003`),
 * identifiers (`MV-0004`), dob (`IV-0002`), each expiryDate (`IV-0004`), email
 * (`IV-0003`), extension count (`IV-0005`). An empty expiryDate or email is not checked
 * (it is sent as `""`); an empty dob is invalid. Returns the parts of the body, so that
 * `buildIdentityEvent`, which loads with the first identity call, needs nothing more.
 */
export function checkIdentity(eventData: unknown, extensionData: unknown, context: EventContext): IdentityParts {
  const data = { ...(isObject(eventData) ? eventData : {}) } as Partial<IdentityData>;
  const base = baseFields(data, context, true);
  const ids: unknown[] = Array.isArray(data.identifiers) ? data.identifiers : [];
  if (!ids.length) throw new EngageError('MV-0004');
  if (data.dob !== undefined && !isShortIsoDate(data.dob)) throw new EngageError('IV-0002');
  const identifiers = ids.map((item) => {
    const { expiryDate, id, provider }: Partial<IdentityIdentifier> = isObject(item) ? item : {};
    if (expiryDate && !isShortIsoDate(expiryDate)) throw new EngageError('IV-0004');
    // Untyped callers may omit id or provider; the body carries what was given, as the reference's does.
    return { expiry_date: expiryDate, id, provider };
  });
  if (data.email && !EMAIL.test(data.email)) throw new EngageError('IV-0003');
  return { data, identifiers, ext: flattenExtension(extensionData), base };
}
