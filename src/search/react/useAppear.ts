import { useCallback, useEffect, useRef } from 'react';
import { searchConstants } from '../searchConstants.ts';

/**
 * A callback ref that calls `onAppear` once, the first time at least `threshold`
 * of the element is in view (IntersectionObserver). Does nothing where
 * IntersectionObserver does not exist. `threshold` defaults to 0.2.
 */
export function useAppear(onAppear: () => void, threshold: number = searchConstants.VISIBILITY_THRESHOLD): (node: Element | null) => void {
  const callback = useRef(onAppear);
  const fired = useRef(false);
  const observer = useRef<IntersectionObserver | undefined>(undefined);
  useEffect(() => {
    callback.current = onAppear;
  });
  useEffect(() => () => observer.current?.disconnect(), []);
  return useCallback(
    (node: Element | null) => {
      observer.current?.disconnect();
      observer.current = undefined;
      if (!node || fired.current || typeof IntersectionObserver === 'undefined') return;
      const io = new IntersectionObserver(
        (entries) => {
          // Browsers report a ratio a hair under the threshold at the crossing itself.
          if (fired.current || !entries.some((e) => e.isIntersecting && e.intersectionRatio >= threshold - 0.001)) return;
          fired.current = true;
          io.disconnect();
          callback.current();
        },
        { threshold },
      );
      io.observe(node);
      observer.current = io;
    },
    [threshold],
  );
}
