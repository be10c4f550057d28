import { SearchError, searchMessages } from './errors.ts';

/**
 * Map semantics of the request builder's keyed accessors: one argument reads,
 * two write (`undefined` deletes). No argument throws `Invalid number of arguments`;
 * a key that is not a string throws `Invalid map key argument: {key}`.
 * Returns `{ wrote: false, value }` for a read and `{ wrote: true }` for a write.
 */
export function mapAccess<V>(map: Map<string, V>, args: readonly unknown[]): { wrote: boolean; value: V | undefined } {
  if (args.length === 0 || args.length > 2) throw new SearchError('INVALID_NUMBER_OF_ARGUMENTS', searchMessages.invalidNumberOfArguments);
  const [key, value] = args;
  if (typeof key !== 'string') throw new SearchError('INVALID_MAP_KEY', searchMessages.invalidMapKey(key));
  if (args.length === 1) return { wrote: false, value: map.get(key) };
  if (value === undefined) map.delete(key);
  else map.set(key, value as V);
  return { wrote: true, value: undefined };
}
