import type { components } from '../../generated/engagement/schema.d.ts';
import { baseFields, flattenExtension } from './events.ts';
import { EngageError } from './messages.ts';
import { isObject } from './settings.ts';
import type { EventContext, IdentityData, IdentityIdentifier } from './types.ts';

/** The body of an IDENTITY event (renamed fields, `type`, `ext`, then the base fields). */
export type IdentityBody = components['schemas']['IdentityEvent'];

const WHITESPACE = /\s/;

/**
 * The reference's email rule, `/^[^\s@]+@[^\s@]+\.[^\s@]+$/`, checked without that pattern: its
 * `[^\s@]+\.[^\s@]+` can split the domain at every dot, so an address with a long run of dots
 * (`a@` + `.`.repeat(n)) takes time quadratic in n. The same rule: no whitespace, exactly one `@`
 * with something before it, and a `.` in the domain with something on either side of it.
 */
function isEmail(value: string): boolean {
  const at = value.indexOf('@');
  if (at < 1 || value.includes('@', at + 1) || WHITESPACE.test(value)) return false;
  return value.slice(at + 2, -1).includes('.');
}

/**
 * True when `value` reads exactly `yyyy-mm-ddThh:mm` and is a real UTC date and time:
 * it must survive a round trip through `Date` at minute precision, so `1990-02-30T00:00`,
 * `1990-01-01` and `1990-01-01T00:00:00` are all rejected.
 */
function isShortIsoDate(value: unknown): boolean {
  try {
    // toISOString throws for an invalid date; only a string can equal its result.
    return new Date(`${String(value)}Z`).toISOString().slice(0, 16) === value;
  } catch {
    return false;
  }
}

/**
 * Builds an IDENTITY body after the reference's checks, in its order: point of sale
 * (`MV-0003`), identifiers (`MV-0004`), dob (`IV-0002`), each expiryDate (`IV-0004`),
 * email (`IV-0003`), extension count (`IV-0005`). An empty expiryDate or email is not
 * checked (it is sent as `""`); an empty dob is invalid. The known fields go in the
 * reference's order under their wire names (`firstName` → `firstname`, `lastName` →
 * `lastname`, `postalCode` → `postal_code`, `expiryDate` → `expiry_date`), then `type`,
 * `ext` and the base fields. Unknown fields are dropped.
 */
export function buildIdentityEvent(eventData: unknown, extensionData: unknown, context: EventContext): IdentityBody {
  const d = { ...(isObject(eventData) ? eventData : {}) } as Partial<IdentityData>;
  const base = baseFields(d, context, true);
  const ids: unknown[] = Array.isArray(d.identifiers) ? d.identifiers : [];
  if (!ids.length) throw new EngageError('MV-0004');
  if (d.dob !== undefined && !isShortIsoDate(d.dob)) throw new EngageError('IV-0002');
  const identifiers = ids.map((item) => {
    const { expiryDate, id, provider }: Partial<IdentityIdentifier> = isObject(item) ? item : {};
    if (expiryDate && !isShortIsoDate(expiryDate)) throw new EngageError('IV-0004');
    // Untyped callers may omit id or provider; the body carries what was given, as the reference's does.
    return { expiry_date: expiryDate, id, provider };
  });
  if (d.email && !isEmail(String(d.email))) throw new EngageError('IV-0003');
  const body = {
    city: d.city,
    country: d.country,
    dob: d.dob,
    email: d.email,
    firstname: d.firstName,
    gender: d.gender,
    identifiers,
    lastname: d.lastName,
    mobile: d.mobile,
    phone: d.phone,
    postal_code: d.postalCode,
    state: d.state,
    street: d.street,
    title: d.title,
    type: 'IDENTITY' as const,
    ext: flattenExtension(extensionData),
  };
  return Object.assign(body, base) as IdentityBody;
}
