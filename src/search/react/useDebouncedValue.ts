import { useEffect, useState } from 'react';
import type { Scheduler } from '../scheduler.ts';

/**
 * `value`, but a change shows only after `ms` without further changes. The first
 * value is returned at once, so a widget's first request is not delayed.
 */
export function useDebouncedValue<T>(value: T, ms: number, scheduler: Scheduler): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (Object.is(value, settled)) return undefined;
    const handle = scheduler.setTimeout(() => setSettled(value), ms);
    return () => scheduler.clearTimeout(handle);
  }, [value, settled, ms, scheduler]);
  return settled;
}
