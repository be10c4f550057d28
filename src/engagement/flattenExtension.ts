import { EngageError } from './EngageError.ts';
import { flattenObject } from './flattenObject.ts';
import { isObject } from './isObject.ts';

/** Most extension attributes an event may carry, counted after flattening. */
const MAX_EXT_ATTRIBUTES = 50;

/**
 * Flattens extension data (see {@link flattenObject}) and checks its size: more than
 * 50 attributes throws `IV-0005`. Anything but an object counts as no extension data.
 */
export function flattenExtension(extensionData: unknown): Record<string, unknown> {
  const flat = isObject(extensionData) ? flattenObject(extensionData) : {};
  if (Object.keys(flat).length > MAX_EXT_ATTRIBUTES) throw new EngageError('IV-0005');
  return flat;
}
