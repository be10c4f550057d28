import { EngageError } from './EngageError.ts';
import { isBlank } from './isBlank.ts';

/**
 * The point of sale of one call: the call's own, else the settings' (`||`, as in the
 * reference, so a call's `''` falls back). Throws `MV-0003` unless that is a non-blank string.
 */
export function resolvePointOfSale(fromCall: unknown, fromSettings: string | undefined): string {
  const pointOfSale = fromCall || fromSettings;
  if (isBlank(pointOfSale)) throw new EngageError('MV-0003');
  return pointOfSale as string;
}
