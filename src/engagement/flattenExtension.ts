import { EngageError } from './EngageError.ts';
import { flattenObject } from './flattenObject.ts';
import { isObject } from './isObject.ts';

/**
 * Flattens extension data (see {@link flattenObject}) and checks its size: more than
 * 50 attributes throws `IV-0005`. Anything but an object counts as no extension data;
 * `undefined` when there is none, since an event then carries no `ext`.
 */
export function flattenExtension(extensionData: unknown): Record<string, unknown> | undefined {
  const flat = isObject(extensionData) ? flattenObject(extensionData) : {};
  const count = Object.keys(flat).length;
  // The reference's limit: 50 attributes, counted after flattening.
  if (count > 50) throw new EngageError('IV-0005');
  return count ? flat : undefined;
}
