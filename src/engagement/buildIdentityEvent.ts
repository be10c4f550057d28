import type { components } from '../../generated/engagement/schema.d.ts';
import type { IdentityParts } from './checkIdentity.ts';

/** The body of an IDENTITY event (renamed fields, `type`, `ext`, then the base fields). */
export type IdentityBody = components['schemas']['IdentityEvent'];

/**
 * Builds an IDENTITY body from parts `checkIdentity` validated: the known fields in the
 * reference's order under their wire names (`firstName` → `firstname`, `lastName` →
 * `lastname`, `postalCode` → `postal_code`), `type`, `ext`, then the base fields.
 * Unknown fields are dropped.
 */
export function buildIdentityEvent({ data: d, identifiers, ext, base }: IdentityParts): IdentityBody {
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
    ext,
  };
  return Object.assign(body, base) as IdentityBody;
}
