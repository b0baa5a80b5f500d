import { type RefObject, useEffect, useState } from 'react';
import { useInViewOnce } from './use-in-view.ts';
import { useReducedMotion } from './use-media-query.ts';

/**
 * Scroll reveal: true `delayMs` after the element first comes into view (docs/behaviour.md#landing), or at once
 * under reduced motion.
 */
export function useReveal<T extends Element>(delayMs = 0): [RefObject<T | null>, boolean] {
  const [ref, inView] = useInViewOnce<T>();
  const reduce = useReducedMotion();
  const [revealed, setRevealed] = useState(false);
  useEffect(() => {
    if (revealed) {
      return;
    }
    if (reduce) {
      setRevealed(true);
      return;
    }
    if (!inView) {
      return;
    }
    if (delayMs <= 0) {
      setRevealed(true);
      return;
    }
    const timer = window.setTimeout(() => setRevealed(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [inView, reduce, delayMs, revealed]);
  return [ref, revealed];
}
